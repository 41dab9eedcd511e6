package serve

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/repository"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

const bookSOD = `name = "book"
object = "book"
objects = "*"

[tuple.book]
title = "1"
author = "+"
price = "1"
date = "?"

[entity.title]
dictionary = "title"
[entity.author]
dictionary = "author"
[entity.price]
predefined = "price"
[entity.date]
predefined = "date"
`

type book struct {
	page, title, author, price, date string
	conf                             float64
}

// books of the test repository; each page is written to disk.
var books = []book{
	{"p1.html", "The Overton Window", "Glenn Beck", "$12.99", "June 15, 2010", 1},
	{"p2.html", "Sting: Lyrics", "Sting", "$24.50", "October 30, 2007", 0.875},
	{"p3.html", "A Garden Window", "Ann Meyer", "$15.00", "March 2, 2009", 0.625},
	{"p4.html", "Twilight", "Stephenie Meyer", "$10.99", "October 5, 2005", 0.9375},
}

// indexBooks indexes books[from:to] as source name and returns the
// repository directory.
func indexBooks(t *testing.T, repo, name string, bs []book) {
	t.Helper()
	indexBooksAt(t, repo, name, t.TempDir(), bs)
}

// indexBooksAt indexes bs as source name whose pages are in root.
func indexBooksAt(t *testing.T, repo, name, root string, bs []book) {
	t.Helper()
	s, err := sod.Parse("book.toml", []byte(bookSOD))
	if err != nil {
		t.Fatal(err)
	}
	w, err := repository.NewWriter(repo, s, name, root, repository.WriterOptions{SODText: bookSOD})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bs {
		page := fmt.Sprintf("<html><body><h1>%s</h1><p>by %s</p><p>%s</p><p>Published %s. Free shipping.</p><script>alert(1)</script></body></html>",
			b.title, b.author, b.price, b.date)
		if err := os.WriteFile(filepath.Join(root, b.page), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		o := &wrapper.Object{Page: b.page}
		for _, f := range [][2]string{{"title", b.title}, {"author", b.author}, {"price", b.price}, {"date", b.date}} {
			o.Fields = append(o.Fields, wrapper.Field{Name: f[0], Many: f[0] == "author",
				Values: []wrapper.Value{{Text: f[1], Confidence: b.conf}}})
		}
		if err := w.Add(o); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Commit(len(bs)); err != nil {
		t.Fatal(err)
	}
}

func newServer(t *testing.T) (*httptest.Server, string) {
	t.Helper()
	repo := t.TempDir()
	indexBooks(t, repo, "shop", books)
	s, err := New(repo, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() { ts.Close(); s.Close() })
	return ts, repo
}

func get(t *testing.T, u string) (int, http.Header, string) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, string(b)
}

// The form is generated from the SOD: a text input and a words/exact
// choice per text field, from/to number inputs for the price, from/to date
// inputs for the date, a keyword box, one checkbox per source.
func TestForm(t *testing.T) {
	ts, _ := newServer(t)
	status, _, body := get(t, ts.URL+"/")
	if status != 200 {
		t.Fatalf("status %d:\n%s", status, body)
	}
	for _, want := range []string{
		`<option value="book" selected>book</option>`,
		`<input type="text" name="f.title"`, `<select name="op.title">`,
		`<input type="text" name="f.author"`,
		`<input type="number" step="any" name="min.price"`, `<input type="number" step="any" name="max.price"`,
		`<input type="date" name="from.date"`, `<input type="date" name="to.date"`,
		`<input type="text" name="q"`,
		`<input type="checkbox" name="source" value="shop">`,
		`name="minconf"`, `<button type="submit" name="run" value="1" id="search">`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the form lacks %s", want)
		}
	}
	if strings.Contains(body, `id="results"`) {
		t.Error("results shown before any search")
	}
}

var rowRE = regexp.MustCompile(`<td><a href="(/page\?[^"]+)">shop/(p\d\.html)</a>`)

// rows returns the pages of the result rows, in order, and their links.
func rows(body string) (pages, links []string) {
	for _, m := range rowRE.FindAllStringSubmatch(body, -1) {
		pages = append(pages, m[2])
		links = append(links, strings.ReplaceAll(m[1], "&amp;", "&"))
	}
	return pages, links
}

func TestSearch(t *testing.T) {
	ts, _ := newServer(t)
	tests := []struct {
		name   string
		params url.Values
		status int
		want   []string // pages in order
		text   string   // in the body
	}{
		{"everything, by confidence", url.Values{}, 200, []string{"p1.html", "p4.html", "p2.html", "p3.html"}, "4 of 4 results"},
		{"price range", url.Values{"min.price": {"11"}, "max.price": {"20"}}, 200, []string{"p1.html", "p3.html"}, "2 of 2 results"},
		{"date range, inclusive", url.Values{"from.date": {"2007-10-30"}, "to.date": {"2009-03-02"}}, 200, []string{"p2.html", "p3.html"}, ""},
		{"words of a field", url.Values{"f.title": {"window"}}, 200, []string{"p1.html", "p3.html"}, ""},
		{"exact value", url.Values{"f.author": {"ann meyer"}, "op.author": {"exact"}}, 200, []string{"p3.html"}, ""},
		{"exact is not words", url.Values{"f.author": {"meyer"}, "op.author": {"exact"}}, 200, nil, "0 of 0 results"},
		{"keywords", url.Values{"q": {"sting lyrics"}}, 200, []string{"p2.html"}, ""},
		{"confidence floor", url.Values{"minconf": {"0.9"}}, 200, []string{"p1.html", "p4.html"}, ""},
		{"source chosen", url.Values{"source": {"shop"}, "max.price": {"11"}}, 200, []string{"p4.html"}, ""},
		{"explanations", url.Values{"explain": {"1"}, "max.price": {"11"}}, 200, []string{"p4.html"}, "score 0.9375 = confidence 0.9375"},
		{"bad number", url.Values{"max.price": {"cheap"}}, 400, nil, `"cheap" is not a number`},
		{"bad date", url.Values{"from.date": {"someday"}}, 400, nil, `"someday" is not a date`},
		{"unknown source", url.Values{"source": {"nope"}}, 400, nil, "no source named nope"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := url.Values{"sod": {"book"}, "run": {"1"}}
			for k, v := range tc.params {
				p[k] = v
			}
			status, _, body := get(t, ts.URL+"/?"+p.Encode())
			if status != tc.status {
				t.Fatalf("status %d, want %d:\n%s", status, tc.status, body)
			}
			got, _ := rows(body)
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("results %v, want %v", got, tc.want)
			}
			if !strings.Contains(html.UnescapeString(body), tc.text) {
				t.Errorf("the page does not say %q", tc.text)
			}
			// The form keeps what was submitted.
			for k, v := range tc.params {
				if strings.HasPrefix(k, "f.") && !strings.Contains(body, `value="`+v[0]+`"`) {
					t.Errorf("the form lost %s=%s", k, v[0])
				}
			}
		})
	}
}

func TestPagesOfResults(t *testing.T) {
	ts, _ := newServer(t)
	s, err := New(filepath.Dir(ts.URL), Options{})
	if err == nil {
		s.Close()
		t.Error("New on a directory without a repository succeeded")
	}
	_, _, body := get(t, ts.URL+"/?sod=book&run=1&f.title=window")
	_, links := rows(body)
	if len(links) != 2 {
		t.Fatalf("links %v", links)
	}
	status, h, page := get(t, ts.URL+links[0])
	if status != 200 || !strings.Contains(page, "<h1>The Overton Window</h1>") {
		t.Errorf("source page: %d\n%s", status, page)
	}
	if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "sandbox") || !strings.Contains(csp, "default-src 'none'") {
		t.Errorf("source page served without a restrictive policy: %q", csp)
	}
	for _, bad := range []string{
		"/page?sod=book&source=shop&page=../../etc/passwd.html",
		"/page?sod=book&source=shop&page=/etc/hosts.html",
		"/page?sod=book&source=nope&page=p1.html",
		"/page?sod=book&source=shop&page=p1.txt",
		"/page?sod=book&source=shop&page=p9.html",
	} {
		if status, _, body := get(t, ts.URL+bad); status == 200 {
			t.Errorf("%s: served\n%s", bad, body)
		}
	}
	if status, _, _ := get(t, ts.URL+"/?sod=movie"); status != 404 {
		t.Errorf("unknown SOD: status %d", status)
	}
	if status, _, _ := get(t, ts.URL+"/nowhere"); status != 404 {
		t.Errorf("unknown path: status %d", status)
	}
}

func TestAPI(t *testing.T) {
	ts, _ := newServer(t)
	status, h, body := get(t, ts.URL+"/api/search?sod=book&max.price=13")
	if status != 200 || h.Get("Content-Type") != "application/json" {
		t.Fatalf("status %d, %s:\n%s", status, h.Get("Content-Type"), body)
	}
	var res struct {
		Total int `json:"total"`
		Hits  []struct {
			Rank   int     `json:"rank"`
			Score  float64 `json:"score"`
			Page   string  `json:"page"`
			Object struct {
				Object map[string]any `json:"object"`
			} `json:"object"`
		} `json:"hits"`
	}
	if err := json.Unmarshal([]byte(body), &res); err != nil {
		t.Fatal(err)
	}
	if res.Total != 2 || len(res.Hits) != 2 || res.Hits[0].Page != "p1.html" || res.Hits[1].Page != "p4.html" ||
		res.Hits[0].Object.Object["title"] != "The Overton Window" || res.Hits[1].Rank != 2 {
		t.Errorf("answer %+v", res)
	}
	if status, _, body := get(t, ts.URL+"/api/search?sod=book&max.price=x"); status != 400 || !strings.Contains(body, "not a number") {
		t.Errorf("bad number: %d %s", status, body)
	}
}

// A source indexed while the server runs shows up at the next search.
func TestServerFollowsRepository(t *testing.T) {
	ts, repo := newServer(t)
	_, _, before := get(t, ts.URL+"/?sod=book&run=1")
	indexBooks(t, repo, "other", []book{{"q1.html", "New Moon", "Stephenie Meyer", "$19.99", "August 21, 2006", 0.5}})
	_, _, after := get(t, ts.URL+"/?sod=book&run=1")
	if !strings.Contains(before, "4 of 4 results") || !strings.Contains(after, "5 of 5 results") || !strings.Contains(after, "other/q1.html") {
		t.Errorf("before:\n%s\nafter:\n%s", before, after)
	}
}

// Pages of results: offset, previous and next links.
func TestPaging(t *testing.T) {
	repo := t.TempDir()
	indexBooks(t, repo, "shop", books)
	s, err := New(repo, Options{Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	defer ts.Close()
	defer s.Close()
	_, _, body := get(t, ts.URL+"/?sod=book&run=1")
	pages, _ := rows(body)
	if strings.Join(pages, " ") != "p1.html p4.html p2.html" || strings.Contains(body, `id="prev"`) {
		t.Fatalf("first page: %v\n%s", pages, body)
	}
	next := regexp.MustCompile(`<a href="([^"]+)" id="next">`).FindStringSubmatch(body)
	if next == nil {
		t.Fatal("no next link")
	}
	_, _, body = get(t, ts.URL+strings.ReplaceAll(next[1], "&amp;", "&"))
	pages, _ = rows(body)
	if strings.Join(pages, " ") != "p3.html" || !strings.Contains(body, `id="prev"`) || strings.Contains(body, `id="next"`) {
		t.Errorf("second page: %v\n%s", pages, body)
	}
}
