package testsite

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSite checks what each kind of URL of the site answers.
func TestSite(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"0000.htm", "0001.htm", "0002.htm", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("<html><body>page "+n+"</body></html>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src, err := DirSource("shop", dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(src.Files, ",") != "0000.htm,0001.htm,0002.htm" {
		t.Fatalf("DirSource: %v", src.Files)
	}
	site := New(Options{PerList: 2, ReviewEvery: 2, SlowDelay: time.Millisecond}, src)
	srv := httptest.NewServer(site)
	defer srv.Close()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	tests := []struct {
		uri    string
		status int
		has    []string
		hasNot []string
	}{
		{"/robots.txt", 200, []string{"Disallow: /private/", "Sitemap: " + srv.URL + "/sitemap.xml"}, nil},
		{"/sitemap.xml", 200, []string{"<loc>" + srv.URL + "/shop/list/1.html</loc>", "/private/"}, nil},
		{"/", 200, []string{`href="/shop/list/1.html"`, `href="/old/shop/"`, `href="/slow.html"`, `href="/missing.html"`, `href="http://offsite.invalid/"`}, nil},
		{"/shop/list/1.html", 200, []string{`href="../0000.htm"`, `href="../0001.htm"`, `href="../reviews/0000.htm"`, `rel="next" href="2.html"`}, []string{"0002.htm", "rel=\"prev\""}},
		{"/shop/list/2.html", 200, []string{`href="../0002.htm"`, `href="../reviews/0002.htm"`, `rel="prev" href="1.html"`}, []string{`rel="next"`}},
		{"/shop/list/3.html", 404, nil, nil},
		{"/shop/list/01.html", 404, nil, nil},
		{"/shop/0001.htm", 200, []string{"page 0001.htm"}, nil},
		{"/shop/notes.txt", 404, nil, nil},
		{"/shop/reviews/0000.htm", 200, []string{"Reviews of 0000.htm", `href="/shop/0000.htm"`}, nil},
		{"/shop/reviews/0001.htm", 404, nil, nil},
		{"/old/shop/", 301, nil, nil},
		{"/old/nothing/", 404, nil, nil},
		{"/missing.html", 404, nil, nil},
		{"/slow.html", 200, []string{"Slow page"}, nil},
		{"/search?q=x%3Cb%3E", 200, []string{"x&lt;b&gt;"}, []string{"x<b>"}},
		{"/login", 200, []string{"<form"}, nil},
		{"/private/admin.html", 200, nil, nil},
	}
	for _, tc := range tests {
		resp, err := client.Get(srv.URL + tc.uri)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("%s: status %d, want %d", tc.uri, resp.StatusCode, tc.status)
		}
		for _, s := range tc.has {
			if !strings.Contains(string(body), s) {
				t.Errorf("%s: no %q in\n%s", tc.uri, s, body)
			}
		}
		for _, s := range tc.hasNot {
			if strings.Contains(string(body), s) {
				t.Errorf("%s: %q in\n%s", tc.uri, s, body)
			}
		}
		if tc.uri == "/old/shop/" && resp.Header.Get("Location") != "/shop/list/1.html" {
			t.Errorf("/old/shop/ redirects to %q", resp.Header.Get("Location"))
		}
	}
	if got := site.Counts()["/shop/list/1.html"]; got != 1 {
		t.Errorf("the log counts /shop/list/1.html %d times, want 1", got)
	}
	if len(site.Hits()) != len(tests) {
		t.Errorf("%d requests logged, want %d", len(site.Hits()), len(tests))
	}
	if got := strings.Join(site.DetailURIs(), ","); got != "/shop/0000.htm,/shop/0001.htm,/shop/0002.htm" {
		t.Errorf("DetailURIs: %s", got)
	}
	if site.Lists("shop") != 2 || site.Lists("none") != 0 {
		t.Errorf("Lists: %d %d", site.Lists("shop"), site.Lists("none"))
	}
}
