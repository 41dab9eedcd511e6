package main

import (
	"bytes"
	"context"
	"flag"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/internal/testsite"
)

var crawlBooks = flag.Int("crawl.books", 200, "TestCrawlSWDESite: book-booksamillion pages served (0: all 2,000)")

// swdeData returns ../shared/data (beside the repository), or skips.
func swdeData(t testing.TB) string {
	data := filepath.Join("..", "..", "..", "shared", "data")
	if _, err := os.Stat(filepath.Join(data, "swde", "groundtruth")); err != nil {
		t.Skipf("no SWDE data under %s (../shared sits beside the repository): skipped", data)
	}
	return data
}

// swdeSources are the SWDE dev sites served by the test site, with the
// gazetteer domain their SOD's dictionaries are seeded from (as in
// TestRealDev).
var swdeSources = []struct{ name, gazetteers string }{
	{"book-booksamillion", "book"},
	{"job-nettemps", ""},
	{"nbaplayer-usatoday", "nbaplayer"},
	{"auto-carquotes", ""},
}

// swdeSite builds the test site of the SWDE dev pages (booksamillion
// limited to books pages, 0: all) and, per site, a directory holding the
// same pages.
func swdeSite(t testing.TB, data string, books int, opt testsite.Options) (*testsite.Site, map[string]string) {
	var srcs []testsite.Source
	dirs := map[string]string{}
	for _, s := range swdeSources {
		dir := filepath.Join(data, "swde", s.name)
		limit := 0
		if s.name == "book-booksamillion" {
			limit = books
		}
		src, err := testsite.DirSource(s.name, dir, limit)
		if err != nil {
			t.Fatal(err)
		}
		dirs[s.name] = dir
		if limit > 0 && limit < 2000 { // the same pages as the site: links to them
			sub := filepath.Join(t.TempDir(), s.name)
			if err := os.Mkdir(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, f := range src.Files {
				abs, _ := filepath.Abs(filepath.Join(dir, f))
				if err := os.Symlink(abs, filepath.Join(sub, f)); err != nil {
					t.Fatal(err)
				}
			}
			dirs[s.name] = sub
		}
		srcs = append(srcs, src)
	}
	return testsite.New(opt, srcs...), dirs
}

// TestCrawlSWDESite crawls a local site serving the SWDE dev pages behind
// paginated list pages, among noise pages (about, search, login, 404s,
// redirects, a slow page, a robots.txt disallowing /private/, a sitemap,
// review pages of a second template). The crawl is interrupted by the
// server part-way and resumed; then:
//   - every URL was requested once over both runs, nothing under /private/
//     and nothing off the site (a second server logs what it receives);
//   - per SWDE site, extracting the WARC file's pages (selected by URL)
//     and 'crawl --sod' (crawl, group by template, learn, extract) give
//     the objects of extracting the directory of the same pages, so the
//     same scores against the SWDE truth (logged), and the resumed
//     'crawl --sod' requests nothing.
//
// By default the site serves 200 of booksamillion's 2,000 pages and the
// 20 of each other site (-crawl.books=0 serves all 2,000), crawled with
// --delay 1ms rather than the polite 1s.
func TestCrawlSWDESite(t *testing.T) {
	data := swdeData(t)
	var offsiteHits atomic.Int64
	offsite := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { offsiteHits.Add(1) }))
	defer offsite.Close()
	site, dirs := swdeSite(t, data, *crawlBooks, testsite.Options{Offsite: offsite.URL + "/partner.html"})

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var served atomic.Int64
	const stopAt = 60 // the server interrupts the first crawl at its 60th request
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if served.Add(1) == stopAt {
			cancel()
		}
		site.ServeHTTP(w, r)
	}))
	defer srv.Close()

	dir := t.TempDir()
	warcPath := filepath.Join(dir, "site.warc.gz")
	crawlArgs := []string{"crawl", "-q", "--delay", "1ms", "--user-agent", "objectrunner-test", "--sitemap", srv.URL + "/sitemap.xml", "-o", warcPath, srv.URL + "/"}
	var errb bytes.Buffer
	m := &Main{Stdout: &bytes.Buffer{}, Stderr: &errb}
	if status := m.Run(ctx, crawlArgs); status == 0 || !strings.Contains(errb.String(), "run the same command again to resume") {
		t.Fatalf("interrupted crawl: status %d:\n%s", status, errb.String())
	}
	first := len(site.Hits())
	status, _, stderr := runCLI(t, crawlArgs...)
	if status != 0 {
		t.Fatalf("resumed crawl: status %d:\n%s", status, stderr)
	}
	hits := site.Hits()
	t.Logf("first run: %d requests (interrupted); resumed run: %d requests", first, len(hits)-first)
	if first < stopAt || first >= len(hits) {
		t.Errorf("the first run made %d of the %d requests: want it interrupted after %d", first, len(hits), stopAt)
	}
	counts := site.Counts()
	for uri, n := range counts {
		if n > 1 {
			t.Errorf("%s requested %d times", uri, n)
		}
		if strings.HasPrefix(uri, "/private/") {
			t.Errorf("%s requested: robots.txt disallows /private/", uri)
		}
	}
	for _, h := range hits {
		if h.UserAgent != "objectrunner-test" {
			t.Errorf("%s sent with User-Agent %q", h.URI, h.UserAgent)
			break
		}
	}
	if n := offsiteHits.Load(); n != 0 {
		t.Errorf("the off-site server received %d requests", n)
	}
	want := []string{"/robots.txt", "/sitemap.xml", "/", "/about.html", "/login", "/search?q=books", "/slow.html", "/missing.html"}
	want = append(want, site.DetailURIs()...)
	for _, s := range swdeSources {
		want = append(want, "/old/"+s.name+"/")
		for n := 1; n <= site.Lists(s.name); n++ {
			want = append(want, "/"+s.name+"/list/"+strconv.Itoa(n)+".html")
		}
	}
	for _, u := range want {
		if counts[u] != 1 {
			t.Errorf("%s requested %d times, want once", u, counts[u])
		}
	}

	host := strings.ReplaceAll(strings.TrimPrefix(srv.URL, "http://"), ":", "_")
	for _, s := range swdeSources {
		t.Run(s.name, func(t *testing.T) {
			dicts := swdeDicts(t, data, s.name, s.gazetteers)
			sodPath := filepath.Join("..", "..", "examples", "real", s.name, "sod.toml")
			status, fromDir, stderr := runCLI(t, "extract", "-q", "--dict-dir", dicts, "--sod", sodPath, "--source", dirs[s.name])
			if status != 0 {
				t.Fatalf("directory: status %d:\n%s", status, stderr)
			}
			status, byURL, stderr := runCLI(t, "extract", "-q", "--dict-dir", dicts, "--sod", sodPath, "--source", warcPath, "--url", "/"+s.name+`/[0-9]+\.htm$`)
			if status != 0 {
				t.Fatalf("WARC --url: status %d:\n%s", status, stderr)
			}
			objects := filepath.Join(t.TempDir(), "objects.jsonl")
			before := len(site.Hits())
			status, _, stderr = runCLI(t, "crawl", "--delay", "1ms", "--user-agent", "objectrunner-test", "--sitemap", srv.URL+"/sitemap.xml",
				"--warc", warcPath, "--sod", sodPath, "--dict-dir", dicts, "-o", objects, srv.URL+"/")
			if status != 0 {
				t.Fatalf("crawl --sod: status %d:\n%s", status, stderr)
			}
			if n := len(site.Hits()) - before; n != 0 {
				t.Errorf("crawl --sod on the complete WARC file made %d requests, want none", n)
			}
			t.Logf("crawl --sod: %s", grepLines(stderr, "source of several templates"))
			oneCmd, err := os.ReadFile(objects)
			if err != nil {
				t.Fatal(err)
			}
			wantKeys := objectsByPage(t, fromDir, "")
			for name, got := range map[string]string{"extract --url": byURL, "crawl --sod": string(oneCmd)} {
				if g := objectsByPage(t, got, host+"/"+s.name+"/"); !slices.Equal(g, wantKeys) {
					t.Errorf("%s: %d objects, the directory gives %d (or they differ)", name, len(g), len(wantKeys))
				}
			}
			// The same objects score the same against the SWDE truth.
			truth, err := eval.LoadSWDE(filepath.Join(data, "swde", "groundtruth", s.name))
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, u := range site.DetailURIs() {
				if strings.HasPrefix(u, "/"+s.name+"/") {
					names = append(names, filepath.Base(u))
				}
			}
			truth = truth.Only(names)
			d, c := swdeScore(t, truth, fromDir), swdeScore(t, truth, string(oneCmd))
			for i, a := range d.Attributes {
				t.Logf("%-14s value F1 directory %.3f, crawl --sod %.3f", a.Name, a.Value.F1, c.Attributes[i].Value.F1)
				if c.Attributes[i].Value != a.Value {
					t.Errorf("%s: crawl --sod scores %+v, the directory %+v", a.Name, c.Attributes[i].Value, a.Value)
				}
			}
		})
	}
}

// grepLines returns the lines of s containing sub.
func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// swdeDicts returns a dictionary store seeded as TestRealDev seeds it: the
// SOD's word lists of examples/real and the shared gazetteers of its domain.
func swdeDicts(t testing.TB, data, name, gazetteers string) string {
	dir := t.TempDir()
	store, err := dictionaries.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	lists, _ := filepath.Glob(filepath.Join("..", "..", "examples", "real", name, "dictionaries", "*.txt"))
	if gazetteers != "" {
		g, _ := filepath.Glob(filepath.Join(data, "gazetteers", gazetteers, "*.txt"))
		lists = append(lists, g...)
	}
	for _, l := range lists {
		class := strings.TrimSuffix(filepath.Base(l), filepath.Ext(l))
		if _, err := store.ImportFile(context.Background(), class, l, dictionaries.ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// swdeScore scores JSON Lines objects against truth.
func swdeScore(t testing.TB, truth *eval.Truth, objects string) *eval.Report {
	res, err := eval.ReadResults(strings.NewReader(objects), "objects")
	if err != nil {
		t.Fatal(err)
	}
	return eval.Score(truth, res, eval.Options{Attributes: truth.Attributes})
}
