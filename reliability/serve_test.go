//go:build linux

package reliability

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// vmRSS is the resident set size of process pid in bytes (0 if unknown).
func vmRSS(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n << 10
		}
	}
	return 0
}

// startServe indexes 30 shop pages into a repository and serves it on a
// free loopback port; it returns the base URL and the server's pid.
func startServe(t *testing.T) (string, int) {
	t.Helper()
	sodPath, _ := shopFixture(t)
	d := dir(t)
	corpus := filepath.Join(d, "corpus")
	shopSource(t, filepath.Join(corpus, "shop"), 30)
	repo := filepath.Join(d, "repo")
	r := run(t, runOpts{}, "run", "-q", "--sod", sodPath, "--dict-dir", filepath.Join(d, "dict"), "--repo", repo, filepath.Join(corpus, "shop"))
	expect(t, r, 0)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "serve", "--repo", repo, "--addr", addr)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); cmd.Wait() })
	base := "http://" + addr
	waitFor(t, 10*time.Second, func() bool {
		resp, err := http.Get(base + "/api/search?sod=item")
		if err == nil {
			resp.Body.Close()
		}
		return err == nil
	})
	return base, cmd.Process.Pid
}

// TestServeHostileRequests (issue 27, cases 1, 2 and 11, on the binary):
// the requests that killed `serve` or made it hold gigabytes are refused
// with 400 (431 for a request line over 64 KB); after a burst of 16 concurrent 1 MB queries of 120,000
// distinct words the server answers, and its resident size comes back
// within 10 % of its idle size.
func TestServeHostileRequests(t *testing.T) {
	base, pid := startServe(t)
	getStatus := func(u string) int {
		resp, err := http.Get(base + u)
		if err != nil {
			t.Fatalf("%s: %v (the server died?)", u, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, u := range []string{
		"/api/search?sod=item&offset=9223372036854775807",
		"/api/search?sod=item&q=model&offset=9223372036854775788",
		"/?sod=item&run=1&offset=9223372036854775807",
		"/api/search?sod=item&nosuch=1",
		"/api/search?sod=item&q=%zz",
	} {
		if s := getStatus(u); s != 400 {
			t.Errorf("%s: status %d, want 400", u, s)
		}
	}
	if s := getStatus("/api/search?sod=item&q=model"); s != 200 {
		t.Fatalf("a plain query: status %d", s)
	}
	// Idle is measured after a burst of 16 ordinary concurrent queries, so
	// that it holds what serving 16 connections at once costs anyway: the
	// bound is on what the hostile queries add.
	var warm sync.WaitGroup
	for range 16 {
		warm.Add(1)
		go func() {
			defer warm.Done()
			getStatus("/api/search?sod=item&q=model")
		}()
	}
	warm.Wait()
	idle := vmRSS(pid)
	var words strings.Builder
	for i := range 120000 {
		fmt.Fprintf(&words, "w%x+", i)
	}
	huge := "/api/search?sod=item&q=" + words.String()
	start := time.Now()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var peak int64
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// 431: the request line is over serve's 64 KB header bound.
			if s := getStatus(huge); s != 431 && s != 400 {
				t.Errorf("1 MB query: status %d, want 431 or 400", s)
			}
			mu.Lock()
			peak = max(peak, vmRSS(pid))
			mu.Unlock()
		}()
	}
	wg.Wait()
	took := time.Since(start)
	// Give the runtime time to hand back what the burst used.
	var after int64
	deadline := time.Now().Add(10 * time.Second)
	for {
		after = vmRSS(pid)
		if after <= idle+idle/10 || time.Now().After(deadline) {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	t.Logf("MEASURE %-45s %7.2f s   RSS idle %d MB, peak %d MB, after %d MB", "serve: 16 × 1 MB queries of 120,000 words", took.Seconds(), idle/mb, peak/mb, after/mb)
	if s := getStatus("/api/search?sod=item&q=model"); s != 200 {
		t.Errorf("after the burst: status %d", s)
	}
	if after > idle+idle/10 {
		t.Errorf("RSS %d MB after the burst, %d MB idle: more than 10 %% above", after/mb, idle/mb)
	}
	if peak > 300*mb || took > 20*time.Second {
		t.Errorf("the burst took %v and peaked at %d MB, bound 20 s and 300 MB", took, peak/mb)
	}
}
