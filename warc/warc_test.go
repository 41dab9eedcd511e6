package warc

import (
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// bigPage is larger than gowarc's read buffers.
var bigPage = "<html><body>" + strings.Repeat("<p>0123456789</p>", 3000) + "</body></html>"

// writeSite writes a small WARC file: pages of two hosts, an image, a
// 404, a redirect and a page answered twice.
func writeSite(t *testing.T, path string) {
	t.Helper()
	w, err := Create(path, WriterOptions{Software: "objectrunner-test"})
	if err != nil {
		t.Fatal(err)
	}
	html := http.Header{"Content-Type": {"text/html; charset=utf-8"}}
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	xs := []Exchange{
		{URL: "http://a.test/", Status: 200, Header: html, Body: []byte("<html><body>home</body></html>")},
		{URL: "http://a.test/books/1", Status: 200, Header: html, Body: []byte("<html><body>book 1</body></html>")},
		{URL: "http://a.test/books/2?x=1", Status: 200, Header: html, Body: []byte("<html><body>book 2</body></html>")},
		{URL: "http://a.test/logo.png", Status: 200, Header: http.Header{"Content-Type": {"image/png"}}, Body: []byte("\x89PNG")},
		{URL: "http://a.test/missing", Status: 404, Header: html, Body: []byte("<html>not found</html>")},
		{URL: "http://a.test/old", Status: 301, Header: http.Header{"Location": {"/books/1"}}, Metadata: map[string]string{"redirect": "http://a.test/books/1"}},
		{URL: "http://www.b.test:8080/p.html", Status: 200, Header: html, Body: []byte("<html><body>b</body></html>"), Metadata: map[string]string{"depth": "1"}},
		{URL: "http://a.test/big", Status: 200, Header: html, Body: []byte(bigPage)},
		{URL: "http://a.test/books/3", Date: t0, Status: 200, Header: html, Body: []byte("<html><body>book 3 old</body></html>")},
		{URL: "http://a.test/books/3", Date: t0.Add(time.Hour), Status: 200, Header: html, Body: []byte("<html><body>book 3 new</body></html>")},
	}
	for i := range xs {
		xs[i].RequestHeader = http.Header{"User-Agent": {"test"}}
		if err := w.WriteExchange(&xs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestWriteRead(t *testing.T) {
	for _, name := range []string{"site.warc.gz", "site.warc"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), name)
			writeSite(t, path)
			counts := map[string]int{}
			var redirect *Record
			for rec, err := range Records(path, true) {
				if err != nil {
					t.Fatal(err)
				}
				counts[rec.Type]++
				if len(rec.Problems) > 0 {
					t.Errorf("%s record of %s: %v", rec.Type, rec.URL, rec.Problems)
				}
				if rec.Type == "metadata" && rec.URL == "http://a.test/old" {
					redirect = rec
				}
				if rec.Type == "response" && rec.URL == "http://a.test/books/1" && string(rec.Body) != "<html><body>book 1</body></html>" {
					t.Errorf("body of books/1 = %q", rec.Body)
				}
				if rec.Type == "request" && rec.Header.Get("User-Agent") != "test" {
					t.Errorf("request %s: User-Agent %q", rec.URL, rec.Header.Get("User-Agent"))
				}
			}
			want := map[string]int{"warcinfo": 1, "request": 10, "response": 10, "metadata": 2}
			if fmt.Sprint(counts) != fmt.Sprint(want) {
				t.Errorf("record types %v, want %v", counts, want)
			}
			if redirect == nil || redirect.Fields["redirect"] != "http://a.test/books/1" || redirect.ConcurrentTo == "" {
				t.Errorf("redirect metadata = %+v", redirect)
			}
		})
	}
}

func TestFS(t *testing.T) {
	path := filepath.Join(t.TempDir(), "site.warc.gz")
	writeSite(t, path)
	tests := []struct {
		name   string
		filter Filter
		want   map[string]string // name -> body
	}{
		{"all", Filter{}, map[string]string{
			"a.test/index.html":       "<html><body>home</body></html>",
			"a.test/books/1.html":     "<html><body>book 1</body></html>",
			"a.test/books/2_x=1.html": "<html><body>book 2</body></html>",
			"a.test/books/3.html":     "<html><body>book 3 new</body></html>",
			"a.test/big.html":         bigPage,
			"www.b.test_8080/p.html":  "<html><body>b</body></html>",
		}},
		{"host", Filter{Hosts: []string{"B.test"}}, map[string]string{
			"www.b.test_8080/p.html": "<html><body>b</body></html>",
		}},
		{"include exclude", Filter{Include: regexp.MustCompile(`/books/`), Exclude: regexp.MustCompile(`\?`)}, map[string]string{
			"a.test/books/1.html": "<html><body>book 1</body></html>",
			"a.test/books/3.html": "<html><body>book 3 new</body></html>",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fsys, err := Open(path, tc.filter)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for n, body := range tc.want {
				names = append(names, n)
				got, err := fs.ReadFile(fsys, n)
				if err != nil || string(got) != body {
					t.Errorf("%s: %q, %v; want %q", n, got, err, body)
				}
			}
			if len(fsys.Entries()) != len(tc.want) {
				t.Errorf("%d pages, want %d: %v", len(fsys.Entries()), len(tc.want), fsys.Entries())
			}
			if err := fstest.TestFS(fsys, names...); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestPageName(t *testing.T) {
	tests := []struct{ url, want string }{
		{"http://Ex.com", "ex.com/index.html"},
		{"http://ex.com/", "ex.com/index.html"},
		{"http://ex.com/a/b.html", "ex.com/a/b.html"},
		{"http://ex.com/a/b", "ex.com/a/b.html"},
		{"http://ex.com/a/b/", "ex.com/a/b/index.html"},
		{"http://ex.com:81/a.php?id=3&p=a/b", "ex.com_81/a.php_id=3&p=a%2Fb.html"},
		{"http://ex.com/a.html?x=1", "ex.com/a.html_x=1.html"},
		{"http://ex.com/../x", "ex.com/%2E%2E/x.html"},
		{"http://ex.com/a%2F..%2Fb", "ex.com/a%2F..%2Fb.html"},
		{"http://ex.com//a", "ex.com/a.html"},
	}
	for _, tc := range tests {
		u, err := url.Parse(tc.url)
		if err != nil {
			t.Fatal(err)
		}
		got := PageName(u)
		if got != tc.want {
			t.Errorf("PageName(%s) = %s, want %s", tc.url, got, tc.want)
		}
		if !fs.ValidPath(got) {
			t.Errorf("PageName(%s) = %s: not a valid fs path", tc.url, got)
		}
	}
}

func TestExpand(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a.warc.gz", "b.warc.gz", "c.warc", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	j := func(n string) string { return filepath.Join(dir, n) }
	tests := []struct {
		source string
		want   []string
		err    bool
	}{
		{j("a.warc.gz"), []string{j("a.warc.gz")}, false},
		{j("*.warc.gz"), []string{j("a.warc.gz"), j("b.warc.gz")}, false},
		{j("*.warc*"), []string{j("a.warc.gz"), j("b.warc.gz"), j("c.warc")}, false},
		{j("c.warc") + "," + j("a.warc.gz") + "," + j("c.warc"), []string{j("c.warc"), j("a.warc.gz")}, false},
		{j("notes.txt"), nil, true},
		{j("none-*.warc.gz"), nil, true},
		{j("absent.warc.gz"), nil, true},
		{dir, nil, true},
	}
	for _, tc := range tests {
		got, err := Expand(tc.source)
		if (err != nil) != tc.err || strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("Expand(%s) = %v, %v; want %v (error %v)", tc.source, got, err, tc.want, tc.err)
		}
	}
	if !IsSource(j("*.warc.gz")) || !IsSource(j("x.warc")+","+j("y.warc")) || IsSource(dir) || IsSource(j("p/*.html")) {
		t.Error("IsSource is wrong")
	}
}

// A file cut in its last record is cut back to its whole records when
// appended to.
func TestAppendAfterTornRecord(t *testing.T) {
	for _, tc := range []struct {
		name string
		cut  int64
	}{{"site.warc.gz", 1}, {"site.warc.gz", 7}, {"site.warc.gz", 100}, {"site.warc", 1}, {"site.warc", 7}, {"site.warc", 100}} {
		t.Run(fmt.Sprint(tc.name, tc.cut), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tc.name)
			writeSite(t, path)
			st, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			end, err := ValidEnd(path)
			if err != nil || end != st.Size() {
				t.Fatalf("ValidEnd of a whole file = %d, %v; want %d", end, err, st.Size())
			}
			if err := os.Truncate(path, st.Size()-tc.cut); err != nil {
				t.Fatal(err)
			}
			w, err := Create(path, WriterOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if w.Truncated == 0 {
				t.Error("nothing was cut off the torn file")
			}
			if err := w.WriteExchange(&Exchange{URL: "http://a.test/after", Status: 200, Header: http.Header{"Content-Type": {"text/html"}}, Body: []byte("<p>after</p>")}); err != nil {
				t.Fatal(err)
			}
			w.Close()
			fsys, err := Open(path, Filter{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := fs.ReadFile(fsys, "a.test/after.html")
			if err != nil || string(got) != "<p>after</p>" {
				t.Errorf("after resume: %q, %v", got, err)
			}
		})
	}
}

// FuzzPageName: every URL that parses gets a valid fs path.
func FuzzPageName(f *testing.F) {
	for _, s := range []string{"http://ex.com/a/b?c=d", "https://x.y:8/../..//%2e%2e/", "http://h/a%00b?\x7f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := url.Parse(s)
		if err != nil {
			return
		}
		if n := PageName(u); !fs.ValidPath(n) {
			t.Errorf("PageName(%q) = %q: not a valid fs path", s, n)
		}
	})
}
