package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"syscall"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := flag.String("dir", "examples", "directory to serve")
	flag.Parse()
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		log.Fatalf("-dir %s: not a directory (run from the repository root or give -dir)", *dir)
	}
	ln, err := listen(*addr)
	if err != nil {
		log.Fatal(err)
	}
	// Said once listening, so that whoever waits for the server (a
	// newcomer in another terminal, a script) knows when to crawl.
	log.Printf("serving %s on http://%s/ (Ctrl-C stops)", *dir, ln.Addr())
	log.Fatal(http.Serve(ln, handler(*dir)))
}

// listen listens on addr; an address in use is said so, with what to do.
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		return nil, fmt.Errorf("-addr %s: the address is in use (another server on it?): give another port, e.g. -addr 127.0.0.1:0 for any free one, and crawl the address this server prints", addr)
	}
	if err != nil {
		return nil, fmt.Errorf("-addr %s: %w", addr, err)
	}
	return ln, nil
}

// handler serves dir with a robots.txt and logs every request.
func handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.Printf("%s %s %q", r.Method, r.URL.RequestURI(), r.UserAgent())
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: *\nDisallow: /internal/\n")
			return
		}
		files.ServeHTTP(w, r)
	})
}
