package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := flag.String("dir", "examples", "directory to serve")
	flag.Parse()
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		log.Fatalf("-dir %s: not a directory (run from the repository root or give -dir)", *dir)
	}
	log.Fatal(http.ListenAndServe(*addr, handler(*dir)))
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
