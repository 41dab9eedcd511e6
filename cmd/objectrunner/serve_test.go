package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServe starts the server on a free port, loads the form and a search,
// and stops it as Ctrl-C does.
func TestServe(t *testing.T) {
	repo := exampleRepo(t)
	var stderr syncBuffer
	m := &Main{Stdout: io.Discard, Stderr: &stderr}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() { done <- m.Run(ctx, []string{"serve", "--repo", repo, "--addr", "127.0.0.1:0"}) }()
	urlRE := regexp.MustCompile(`msg=serving url=(http://\S+/)`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := urlRE.FindStringSubmatch(stderr.String()); m != nil {
			base = m[1]
		}
	}
	if base == "" {
		cancel()
		t.Fatalf("the server did not start:\n%s", stderr.String())
	}
	for path, want := range map[string]string{
		"?sod=concert":                         `name="from.date"`,
		"?sod=book&run=1&max.price=5&q=search": `id="results"`,
	} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("%s: status %d, want a page with %s", path, resp.StatusCode, want)
		}
	}
	cancel()
	select {
	case status := <-done:
		if status != 0 || !strings.Contains(stderr.String(), "msg=stopped") {
			t.Errorf("status %d after Ctrl-C:\n%s", status, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop")
	}
}

func TestServeErrors(t *testing.T) {
	if status, _, stderr := runCLI(t, "serve"); status != 2 || !strings.Contains(stderr, "--repo is required") {
		t.Errorf("no --repo: %d %s", status, stderr)
	}
	if status, _, stderr := runCLI(t, "serve", "--repo", t.TempDir()); status != 1 || !strings.Contains(stderr, "no repository") {
		t.Errorf("no repository: %d %s", status, stderr)
	}
}
