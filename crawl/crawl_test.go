package crawl

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/objectrunner/objectrunner/warc"
)

// hit is one request a test server received.
type hit struct {
	path string // path and query
	ua   string
	at   time.Time
}

// logServer is an httptest server that logs every request.
type logServer struct {
	*httptest.Server
	mu   sync.Mutex
	hits []hit
}

func newLogServer(t *testing.T, h http.Handler) *logServer {
	ls := &logServer{}
	ls.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ls.mu.Lock()
		ls.hits = append(ls.hits, hit{path: r.URL.RequestURI(), ua: r.UserAgent(), at: time.Now()})
		ls.mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ls.Close)
	return ls
}

func (ls *logServer) log() []hit {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	return append([]hit(nil), ls.hits...)
}

func (ls *logServer) counts() map[string]int {
	c := map[string]int{}
	for _, h := range ls.log() {
		c[h.path]++
	}
	return c
}

const (
	perList = 4
	lists   = 3
)

// testSite serves detail pages of examples/bookdetail-a behind paginated
// list pages, with noise: robots.txt disallowing /private/, a sitemap, an
// about page linking off-site, to a disallowed page, a redirect, a 404
// and a page that answers 503 once.
func testSite(t *testing.T, offsite string) (*logServer, map[string][]byte) {
	t.Helper()
	dir := filepath.Join("..", "examples", "bookdetail-a", "pages")
	details := map[string][]byte{}
	for i := 0; i < perList*lists; i++ {
		name := fmt.Sprintf("%04d.html", i)
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Skipf("examples pages missing: %v", err)
		}
		details[name] = data
	}
	var mu sync.Mutex
	flaky := 0
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
	})
	mux.HandleFunc("/sitemap.xml", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		fmt.Fprintf(w, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://%s/books/list?page=1</loc></url><url><loc>http://%s/about.html</loc></url></urlset>`, r.Host, r.Host)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, `<html><body><a href="/books/list?page=1">Books</a> <a href="/about.html">About</a></body></html>`)
	})
	mux.HandleFunc("/books/list", func(w http.ResponseWriter, r *http.Request) {
		var p int
		fmt.Sscan(r.URL.Query().Get("page"), &p)
		if p < 1 || p > lists {
			http.NotFound(w, r)
			return
		}
		var b strings.Builder
		b.WriteString("<html><body><ul>")
		for i := (p - 1) * perList; i < p*perList; i++ {
			fmt.Fprintf(&b, `<li><a href="/books/%04d.html">book %d</a></li>`, i, i)
		}
		b.WriteString("</ul>")
		if p < lists {
			fmt.Fprintf(&b, `<a rel="next" href="list?page=%d">next</a>`, p+1)
		}
		b.WriteString("</body></html>")
		fmt.Fprint(w, b.String())
	})
	mux.HandleFunc("/books/", func(w http.ResponseWriter, r *http.Request) {
		data, ok := details[strings.TrimPrefix(r.URL.Path, "/books/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write(data)
	})
	mux.HandleFunc("/about.html", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<html><body><a href="/private/secret.html">secret</a> <a href="%s/elsewhere.html">partner</a>
<a href="/old">old</a> <a href="/missing">missing</a> <a href="/flaky.html">flaky</a> <a href="mailto:x@y.z">mail</a></body></html>`, offsite)
	})
	mux.HandleFunc("/private/", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "<html>secret</html>") })
	mux.HandleFunc("/old", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/books/0001.html", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/flaky.html", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		flaky++
		n := flaky
		mu.Unlock()
		if n == 1 {
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		fmt.Fprint(w, "<html><body>steady now</body></html>")
	})
	return newLogServer(t, mux), details
}

func testConfig(site *logServer, out string) Config {
	return Config{Start: []string{site.URL + "/"}, Sitemaps: []string{site.URL + "/sitemap.xml"}, Out: out,
		Delay: 20 * time.Millisecond, Backoff: 10 * time.Millisecond, UserAgent: "objectrunner-test/1"}
}

// wantPaths are paths the crawl must request (the detail pages link to
// more pages of the site, which answer 404).
func wantPaths() []string {
	ps := []string{"/robots.txt", "/", "/sitemap.xml", "/about.html", "/old", "/missing", "/flaky.html"}
	for p := 1; p <= lists; p++ {
		ps = append(ps, fmt.Sprintf("/books/list?page=%d", p))
	}
	for i := 0; i < perList*lists; i++ {
		ps = append(ps, fmt.Sprintf("/books/%04d.html", i))
	}
	sort.Strings(ps)
	return ps
}

func checkSite(t *testing.T, site, offsite *logServer, out string, details map[string][]byte) {
	t.Helper()
	if n := len(offsite.log()); n != 0 {
		t.Errorf("the off-site server got %d requests: %v", n, offsite.log())
	}
	counts := site.counts()
	var paths []string
	for p, n := range counts {
		paths = append(paths, p)
		want := 1
		if p == "/flaky.html" {
			want = 2 // 503, then retried
		}
		if n != want {
			t.Errorf("%s requested %d times, want %d", p, n, want)
		}
		if strings.HasPrefix(p, "/private/") {
			t.Errorf("%s is disallowed by robots.txt but was requested", p)
		}
	}
	for _, p := range wantPaths() {
		if counts[p] == 0 {
			t.Errorf("%s was not requested", p)
		}
	}
	for _, h := range site.log() {
		if h.ua != "objectrunner-test/1" {
			t.Errorf("%s: User-Agent %q", h.path, h.ua)
		}
	}
	// The pages are in the WARC file as served.
	fsys, err := warc.Open(out, warc.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	host := warc.PageName(mustURL(t, site.URL+"/"))
	host = strings.TrimSuffix(host, "/index.html")
	for name, data := range details {
		got, err := fs.ReadFile(fsys, host+"/books/"+name)
		if err != nil || string(got) != string(data) {
			t.Errorf("%s in the WARC file: %d bytes, %v; want the %d served", name, len(got), err, len(data))
		}
	}
	if got, err := fs.ReadFile(fsys, host+"/flaky.html"); err != nil || !strings.Contains(string(got), "steady") {
		t.Errorf("flaky.html: %q, %v", got, err)
	}
	// The redirect is recorded, with its target in the metadata.
	found := false
	for rec, err := range warc.Records(out, true) {
		if err != nil {
			t.Fatal(err)
		}
		if rec.Type == "metadata" && strings.HasSuffix(rec.URL, "/old") && rec.Fields["redirect"] == "/books/0001.html" {
			found = true
		}
	}
	if !found {
		t.Error("no metadata record of the redirect from /old")
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestCrawl(t *testing.T) {
	offsite := newLogServer(t, http.NotFoundHandler())
	site, details := testSite(t, offsite.URL)
	out := filepath.Join(t.TempDir(), "site.warc.gz")
	st, err := Crawl(context.Background(), testConfig(site, out))
	if err != nil {
		t.Fatal(err)
	}
	checkSite(t, site, offsite, out, details)
	if st.Retries != 1 || st.Redirects != 1 || st.Robots != 1 || st.Offsite < 1 || st.Errors != 0 {
		t.Errorf("stats %+v: want 1 retry, 1 redirect, 1 robots.txt refusal, off-site links, no error", st)
	}
	// One request at a time per host, Delay apart.
	log := site.log()
	for i := 1; i < len(log); i++ {
		if gap := log[i].at.Sub(log[i-1].at); gap < 18*time.Millisecond {
			t.Errorf("%s came %v after %s: want at least the 20ms delay", log[i].path, gap, log[i-1].path)
		}
	}
}

// TestCrawlResume: a crawl stopped after a few fetches and run again
// fetches every page once over both runs.
func TestCrawlResume(t *testing.T) {
	offsite := newLogServer(t, http.NotFoundHandler())
	site, details := testSite(t, offsite.URL)
	out := filepath.Join(t.TempDir(), "site.warc.gz")
	ctx, cancel := context.WithCancel(context.Background())
	cfg := testConfig(site, out)
	cfg.Progress = func(st Stats) {
		if st.Fetched >= 6 {
			cancel()
		}
	}
	st, err := Crawl(ctx, cfg)
	if err == nil {
		t.Fatalf("the interrupted crawl returned no error (%+v)", st)
	}
	first := len(site.log())
	if first >= len(wantPaths()) {
		t.Fatalf("the first run was not interrupted: %d requests", first)
	}
	cfg.Progress = nil
	st, err = Crawl(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if st.Resumed < 5 {
		t.Errorf("resumed %d URLs, want the first run's", st.Resumed)
	}
	t.Logf("first run: %d requests; second: %+v", first, *st)
	checkSite(t, site, offsite, out, details)
}

// TestHostAllowed: only the allowed hosts are requested, whatever the links.
func TestHostAllowed(t *testing.T) {
	tests := []struct {
		url     string
		allowed []string
		want    bool
	}{
		{"http://127.0.0.1:8080/x", []string{"127.0.0.1:8080"}, true},
		{"http://127.0.0.1:8081/x", []string{"127.0.0.1:8080"}, false},
		{"http://www.ex.com/x", []string{"ex.com"}, true},
		{"http://ex.com:81/x", []string{"ex.com"}, true},
		{"http://badex.com/x", []string{"ex.com"}, false},
		{"http://ex.com.evil.org/x", []string{"ex.com"}, false},
	}
	for _, tc := range tests {
		if got := hostAllowed(mustURL(t, tc.url), tc.allowed); got != tc.want {
			t.Errorf("hostAllowed(%s, %v) = %v", tc.url, tc.allowed, got)
		}
	}
}

// TestCrawlLimits: Include, MaxDepth and MaxPages bound what is requested.
func TestCrawlLimits(t *testing.T) {
	offsite := newLogServer(t, http.NotFoundHandler())
	tests := []struct {
		name     string
		maxDepth int
		maxPages int
		want     []string
	}{
		{"depth 2", 2, 0, []string{"/", "/books/list?page=1", "/books/list?page=2", "/robots.txt"}},
		{"2 pages", 0, 2, []string{"/", "/books/list?page=1", "/robots.txt"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			site, _ := testSite(t, offsite.URL)
			cfg := testConfig(site, filepath.Join(t.TempDir(), "site.warc"))
			cfg.Sitemaps = nil
			cfg.Include = []*regexp.Regexp{regexp.MustCompile(`^http://[^/]+/(books/list|$)`)}
			cfg.MaxDepth, cfg.MaxPages = tc.maxDepth, tc.maxPages
			if _, err := Crawl(context.Background(), cfg); err != nil {
				t.Fatal(err)
			}
			var got []string
			for p := range site.counts() {
				got = append(got, p)
			}
			sort.Strings(got)
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("requested %v, want %v", got, tc.want)
			}
		})
	}
}

// TestRecrawl: a recrawl sends conditional requests; unchanged pages
// answer 304 and stay as stored, a changed page is stored anew.
func TestRecrawl(t *testing.T) {
	dir := t.TempDir()
	old := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	write := func(name, body string, mod time.Time) {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mod, mod); err != nil {
			t.Fatal(err)
		}
	}
	write("index.html", `<html><body><a href="a.html">a</a> <a href="b.html">b</a></body></html>`, old)
	write("a.html", "<html><body>a, first</body></html>", old)
	write("b.html", "<html><body>b, first</body></html>", old)
	var mu sync.Mutex
	conditional := map[string]string{}
	site := newLogServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		conditional[r.URL.Path] = r.Header.Get("If-Modified-Since")
		mu.Unlock()
		http.FileServer(http.Dir(dir)).ServeHTTP(w, r)
	}))
	out := filepath.Join(t.TempDir(), "site.warc.gz")
	cfg := Config{Start: []string{site.URL + "/"}, Out: out, Delay: time.Millisecond}
	if _, err := Crawl(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	write("b.html", "<html><body>b, second</body></html>", old.Add(time.Hour))
	cfg.Recrawl = true
	st, err := Crawl(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if st.NotModified != 2 || st.Pages != 1 {
		t.Errorf("recrawl: %d not modified, %d pages; want 2 (index, a) and 1 (b)", st.NotModified, st.Pages)
	}
	for _, p := range []string{"/", "/a.html", "/b.html"} {
		if conditional[p] == "" {
			t.Errorf("%s was not requested with If-Modified-Since", p)
		}
	}
	fsys, err := warc.Open(out, warc.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	host := strings.ReplaceAll(strings.TrimPrefix(site.URL, "http://"), ":", "_")
	for name, want := range map[string]string{"a.html": "a, first", "b.html": "b, second"} {
		got, err := fs.ReadFile(fsys, host+"/"+name)
		if err != nil || !strings.Contains(string(got), want) {
			t.Errorf("%s after the recrawl: %q, %v; want %q", name, got, err, want)
		}
	}
	// The 304 answers are revisit records of the server-not-modified
	// profile (WARC 1.1 §6.7.3), not responses.
	revisits := map[string]int{}
	for rec, err := range warc.Records(out, false) {
		if err != nil {
			t.Fatal(err)
		}
		if rec.Type == "revisit" {
			revisits[strings.TrimPrefix(rec.URL, site.URL)]++
		}
		if rec.Type == "response" && rec.Status == http.StatusNotModified {
			t.Errorf("%s: a 304 written as a response record", rec.URL)
		}
	}
	if revisits["/"] != 1 || revisits["/a.html"] != 1 || len(revisits) != 2 {
		t.Errorf("revisit records %v; want one each for / and /a.html", revisits)
	}
	// A resumed crawl counts the revisited URLs as answered.
	cfg.Recrawl = false
	st, err = Crawl(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if st.Fetched != 0 {
		t.Errorf("resume after the recrawl fetched %d requests, want 0", st.Fetched)
	}
}
