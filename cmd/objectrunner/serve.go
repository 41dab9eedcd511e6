package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/objectrunner/objectrunner/repository"
	"github.com/objectrunner/objectrunner/serve"
)

// loopback reports whether a listen address binds a loopback address only.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// runServe serves the query-by-example page of a repository until the
// context is cancelled (Ctrl-C).
func (m *Main) runServe(ctx context.Context, args []string) error {
	fs := m.newFlagSet("serve", "",
		"Serve a local web page to query a repository by example: choose an SOD, fill the\n"+
			"form generated from its fields (words or exact values, ranges for numbers and\n"+
			"dates), keywords over the source pages, sources, a confidence floor; results are\n"+
			"ranked by relevance × confidence and link to their source pages. The page follows\n"+
			"the repository: sources indexed while it runs appear at the next search.")
	repo := fs.String("repo", "", "repository directory (required)")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	limit := fs.Int("limit", 20, "results per page")
	var hosts stringList
	fs.Var(&hosts, "host", "also accept requests whose Host header names this host (repeatable; \"*\": any). Default: localhost,\n"+
		"127.0.0.1 and [::1] only when bound to a loopback address, any host otherwise")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case *repo == "":
		return usagef("--repo is required")
	case fs.NArg() > 0:
		return usagef("unexpected arguments %q", fs.Args())
	case *limit < 1:
		return usagef("--limit must be at least 1")
	case *limit > repository.MaxLimit:
		return usagef("--limit must be at most %d", repository.MaxLimit)
	}
	if !loopback(*addr) && len(hosts) == 0 {
		// Bound elsewhere on purpose: the names it is reached by are the
		// user's; the DNS-rebinding check guards the loopback default.
		hosts = append(hosts, "*")
	}
	h, err := serve.New(*repo, serve.Options{Limit: *limit, Log: m.Log, Hosts: hosts})
	if err != nil {
		return err
	}
	defer h.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 2 * time.Minute, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10,
		ErrorLog: slog.NewLogLogger(m.Log.Handler(), slog.LevelWarn)}
	m.Log.Info("serving", "url", "http://"+ln.Addr().String()+"/", "repo", *repo)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			return err
		}
		if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		m.Log.Info("stopped")
		return nil
	}
}
