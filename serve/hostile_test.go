package serve

import (
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// hostileServer serves a repository of the books whose pages are in a
// root the test knows, with one more page that no object comes from and a
// symbolic link out of the root.
func hostileServer(t *testing.T) (ts *httptest.Server, repo, root string) {
	t.Helper()
	repo, root = t.TempDir(), t.TempDir()
	indexBooksAt(t, repo, "shop", root, books)
	secret := filepath.Join(t.TempDir(), "secret.html")
	if err := os.WriteFile(secret, []byte("<p>secret outside the root</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "unindexed.html"), []byte("<p>never indexed</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	// p4.html is indexed: replacing it by a link out of the root must not
	// serve what the link points to.
	if err := os.Remove(filepath.Join(root, "p4.html")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(root, "p4.html")); err != nil {
		t.Fatal(err)
	}
	s, err := New(repo, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts = httptest.NewServer(s)
	t.Cleanup(func() { ts.Close(); s.Close() })
	return ts, repo, root
}

// request sends a GET with a raw path and query (not re-encoded) and an
// optional Host header.
func request(t *testing.T, base, raw, host string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest("GET", base+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	path, query, _ := strings.Cut(raw, "?")
	req.URL.Opaque = path
	req.URL.RawQuery = query
	if host != "" {
		req.Host = host
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

// TestHostileRequests (issue 27, cases 1 and 11): requests that used to
// panic the server, return everything, leak paths or serve files outside
// the repository's pages get a clear 4xx, and the server goes on.
func TestHostileRequests(t *testing.T) {
	ts, repo, root := hostileServer(t)
	maxOffset := fmt.Sprint(int64(math.MaxInt64))
	tests := []struct {
		name, raw, host string
		status          int
		want            string // in the body
	}{
		{"api max offset", "/api/search?sod=book&offset=" + maxOffset, "", 400, "is too large"},
		{"api max offset with keywords", "/api/search?sod=book&q=window&offset=9223372036854775788", "", 400, "is too large"},
		{"form max offset", "/?sod=book&run=1&offset=" + maxOffset, "", 400, "is too large"},
		{"offset past int64", "/api/search?sod=book&offset=99999999999999999999", "", 400, "is not a number of results"},
		{"1 MB query", "/api/search?sod=book&q=" + strings.Repeat("window+", 150000), "", 400, "bytes is too long"},
		{"unknown parameter", "/api/search?sod=book&title=window", "", 400, `unknown parameter \"title\"`},
		{"parameter of another kind of field", "/?sod=book&run=1&min.title=3", "", 400, `unknown parameter &#34;min.title&#34;`},
		{"malformed escape", "/api/search?sod=book&f.title=%zz", "", 400, "malformed query string"},
		{"malformed escape on the form", "/?sod=book&run=1&q=%", "", 400, "malformed query string"},
		{"unknown parameter of /page", "/page?sod=book&source=shop&page=p1.html&x=1", "", 400, "unknown parameter"},
		{"rebound host name", "/api/search?sod=book", "attacker.example:8080", 421, "is not served here"},
		{"rebound host on /page", "/page?sod=book&source=shop&page=p1.html", "evil.test", 421, "is not served here"},
		{"page of no object", "/page?sod=book&source=shop&page=unindexed.html", "", 404, "holds no object"},
		{"symbolic link out of the root", "/page?sod=book&source=shop&page=p4.html", "", 403, "cannot be served"},
		{"localhost", "/api/search?sod=book", "localhost:1234", 200, `"total":4`},
		{"[::1]", "/api/search?sod=book", "[::1]:1234", 200, `"total":4`},
		{"known field parameters", "/api/search?sod=book&f.title=window&op.title=words&min.price=1&max.price=99&from.date=2000&to.date=2020&minconf=0.1", "", 200, `"total":2`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			status, h, body := request(t, ts.URL, tc.raw, tc.host)
			if status != tc.status || !strings.Contains(body, tc.want) {
				t.Errorf("status %d, want %d with %q:\n%.400s", status, tc.status, tc.want, body)
			}
			for _, p := range []string{repo, root, os.TempDir()} {
				if strings.Contains(body, p) {
					t.Errorf("the answer shows the path %s:\n%.400s", p, body)
				}
			}
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Content-Security-Policy") == "" {
				t.Errorf("headers %v lack nosniff or a policy", h)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v, bound 2 s", d)
			}
		})
	}
	// The server still answers, with a policy on / and /api.
	for _, p := range []string{"/", "/api/search?sod=book"} {
		status, h, _ := request(t, ts.URL, p, "")
		if status != 200 || !strings.Contains(h.Get("Content-Security-Policy"), "default-src 'none'") || h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s after the hostile requests: status %d, headers %v", p, status, h)
		}
	}
}

// TestPanicRecovered: a panic in a request answers 500 and the server
// goes on.
func TestPanicRecovered(t *testing.T) {
	ts, _ := newServer(t)
	s := ts.Config.Handler.(*Server)
	s.mux.HandleFunc("GET /boom", func(http.ResponseWriter, *http.Request) { panic("boom") })
	if status, _, _ := get(t, ts.URL+"/boom"); status != 500 {
		t.Errorf("status %d, want 500", status)
	}
	if status, _, _ := get(t, ts.URL+"/api/search?sod=book"); status != 200 {
		t.Errorf("after the panic: status %d", status)
	}
}

// heapInUse is the heap in use after two collections.
func heapInUse() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// TestMemoryBurst (issue 27, case 2): 16 concurrent requests of 1 MB
// queries of 120,000 distinct words, then 16 of queries at the bounds,
// leave the heap within 10 % of its size before (plus 1 MB for the
// server's and the client's buffers), and each request allocates little.
func TestMemoryBurst(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's shadow memory and slow-down void the heap, allocation and time bounds (run without -race)")
	}
	ts, _ := newServer(t)
	client := &http.Client{Transport: &http.Transport{}}
	burst := func() []string {
		var wg sync.WaitGroup
		errs := make(chan string, 32)
		for i := range 32 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				u, want := "/api/search?sod=book&q="+manyWords(120000), 400
				if i%2 == 1 {
					u, want = "/api/search?sod=book&q="+manyWords(64), 200
				}
				resp, err := client.Get(ts.URL + u)
				if err != nil {
					errs <- err.Error()
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != want {
					errs <- fmt.Sprintf("status %d, want %d", resp.StatusCode, want)
				}
			}()
		}
		wg.Wait()
		close(errs)
		var out []string
		for e := range errs {
			out = append(out, e)
		}
		client.CloseIdleConnections()
		return out
	}
	burst() // warm up: the first searches load the index's dictionaries
	ts.CloseClientConnections()
	idle := heapInUse()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	for _, e := range burst() {
		t.Error(e)
	}
	took := time.Since(start)
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	ts.CloseClientConnections()
	end := heapInUse()
	alloc := (after.TotalAlloc - before.TotalAlloc) >> 20
	t.Logf("MEASURE serve burst of 32 (16 of 1 MB, 120,000 words): %v, %d MB allocated in all, heap %d KB idle, %d KB after", took, alloc, idle>>10, end>>10)
	if end > idle+idle/10+1<<20 {
		t.Errorf("heap %d KB after the burst, %d KB before: more than 10 %% (+1 MB) above", end>>10, idle>>10)
	}
	if alloc > 512 {
		t.Errorf("the burst allocated %d MB, bound 512 MB", alloc)
	}
	if took > 20*time.Second {
		t.Errorf("the burst took %v, bound 20 s", took)
	}
}

// manyWords returns n distinct words joined by +.
func manyWords(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "w%x+", i)
	}
	return b.String()
}
