package testsite

import (
	"fmt"
	"html"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Source is one directory of detail pages, served under /Name/.
type Source struct {
	Name  string   // URL folder, e.g. "books" (a source directory's name)
	Dir   string   // directory holding the pages
	Files []string // the page files served, in list order (base names)
}

// Options shape the site. Zero values select the defaults.
type Options struct {
	// PerList is the number of detail links per list page (default 20).
	PerList int
	// SlowDelay is how long /slow.html takes to answer (default 200ms).
	SlowDelay time.Duration
	// ReviewEvery: every ReviewEvery-th detail page has a review page of
	// a second template, linked from its list page (default 10; negative:
	// none).
	ReviewEvery int
	// Offsite is a URL on another host the home page links to (default
	// http://offsite.invalid/).
	Offsite string
}

// Site is the handler of the test site.
type Site struct {
	opt     Options
	sources map[string]*Source
	order   []string
	files   map[string]map[string]bool // source -> served file names

	mu   sync.Mutex
	hits []Hit
}

// Hit is one request the site received.
type Hit struct {
	Method, URI, UserAgent string
	At                     time.Time
}

// DirSource returns the source of every .htm/.html page in dir, sorted by
// name, at most limit of them (0: all).
func DirSource(name, dir string, limit int) (Source, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return Source{}, err
	}
	var files []string
	for _, e := range ents {
		if ext := path.Ext(e.Name()); !e.IsDir() && (ext == ".htm" || ext == ".html") {
			files = append(files, e.Name())
		}
	}
	sort.Strings(files)
	if limit > 0 && len(files) > limit {
		files = files[:limit]
	}
	if len(files) == 0 {
		return Source{}, fmt.Errorf("testsite: %s: no .htm or .html pages", dir)
	}
	return Source{Name: name, Dir: dir, Files: files}, nil
}

// New returns the site of sources.
func New(opt Options, sources ...Source) *Site {
	if opt.PerList <= 0 {
		opt.PerList = 20
	}
	if opt.SlowDelay == 0 {
		opt.SlowDelay = 200 * time.Millisecond
	}
	if opt.ReviewEvery == 0 {
		opt.ReviewEvery = 10
	}
	if opt.Offsite == "" {
		opt.Offsite = "http://offsite.invalid/"
	}
	s := &Site{opt: opt, sources: map[string]*Source{}, files: map[string]map[string]bool{}}
	for i := range sources {
		src := sources[i]
		s.sources[src.Name] = &src
		s.order = append(s.order, src.Name)
		s.files[src.Name] = map[string]bool{}
		for _, f := range src.Files {
			s.files[src.Name][f] = true
		}
	}
	return s
}

// Hits returns the requests received so far, in order.
func (s *Site) Hits() []Hit {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Hit(nil), s.hits...)
}

// Counts returns how many times each request URI was received.
func (s *Site) Counts() map[string]int {
	c := map[string]int{}
	for _, h := range s.Hits() {
		c[h.URI]++
	}
	return c
}

// DetailURIs returns the request URIs of every detail page, which a
// complete crawl fetches.
func (s *Site) DetailURIs() []string {
	var out []string
	for _, n := range s.order {
		for _, f := range s.sources[n].Files {
			out = append(out, "/"+n+"/"+f)
		}
	}
	return out
}

// Lists returns the number of list pages of a source.
func (s *Site) Lists(name string) int {
	src := s.sources[name]
	if src == nil {
		return 0
	}
	return (len(src.Files) + s.opt.PerList - 1) / s.opt.PerList
}

// ServeHTTP logs the request and answers it.
func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.hits = append(s.hits, Hit{Method: r.Method, URI: r.URL.RequestURI(), UserAgent: r.UserAgent(), At: time.Now()})
	s.mu.Unlock()
	p := r.URL.Path
	switch {
	case p == "/robots.txt":
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintf(w, "User-agent: *\nDisallow: /private/\n\nSitemap: http://%s/sitemap.xml\n", r.Host)
	case p == "/sitemap.xml":
		s.sitemap(w, r)
	case p == "/" || p == "/index.html":
		s.home(w)
	case p == "/about.html":
		s.info(w, "About us", "<p>We are a small test shop. Nothing here is for sale.</p><p>Write to us at shop@example.invalid.</p>")
	case p == "/login":
		s.info(w, "Sign in", `<form method="post" action="/login"><label>E-mail <input name="email"></label>`+
			`<label>Password <input type="password" name="password"></label><button>Sign in</button></form>`)
	case p == "/search":
		q := r.URL.Query().Get("q")
		s.info(w, "Search", fmt.Sprintf(`<form action="/search"><input name="q" value="%s"><button>Search</button></form>`+
			`<p class="none">Your search for “%s” did not match any item.</p>`, html.EscapeString(q), html.EscapeString(q)))
	case p == "/slow.html":
		select {
		case <-time.After(s.opt.SlowDelay):
		case <-r.Context().Done():
			return
		}
		s.info(w, "Slow page", "<p>This page took its time.</p>")
	case strings.HasPrefix(p, "/old/"):
		// A moved folder: /old/NAME/ -> /NAME/list/1.html.
		name := strings.Trim(strings.TrimPrefix(p, "/old/"), "/")
		if s.sources[name] == nil {
			http.NotFound(w, r)
			return
		}
		http.Redirect(w, r, "/"+name+"/list/1.html", http.StatusMovedPermanently)
	case strings.HasPrefix(p, "/private/"):
		s.info(w, "Private", "<p>Disallowed by robots.txt: a crawler that obeys it never sees this.</p>")
	default:
		s.sourcePage(w, r)
	}
}

// page writes an HTML page of the site's own frame.
func page(w http.ResponseWriter, title, class, body string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>%s · Test shop</title></head>
<body class="%s"><header><a href="/">Test shop</a> <nav><a href="/about.html">About</a> <a href="/search?q=">Search</a> <a href="/login">Sign in</a></nav></header>
<main><h1>%s</h1>
%s
</main><footer><a href="/about.html">About</a> · <a href="/private/admin.html">Admin</a></footer></body></html>
`, html.EscapeString(title), class, html.EscapeString(title), body)
}

func (s *Site) info(w http.ResponseWriter, title, body string) { page(w, title, "info", body) }

func (s *Site) home(w http.ResponseWriter) {
	var b strings.Builder
	b.WriteString("<ul class=\"sections\">\n")
	for _, n := range s.order {
		fmt.Fprintf(&b, "<li><a href=\"/%s/list/1.html\">%s</a> (<a href=\"/old/%s/\">old address</a>)</li>\n", n, html.EscapeString(n), n)
	}
	b.WriteString("</ul>\n")
	fmt.Fprintf(&b, `<p><a href="/slow.html">A slow page</a> · <a href="/missing.html">A dead link</a> · `+
		`<a href="/private/secret.html">Staff only</a> · <a href="%s">Our partner</a> · <a href="/search?q=books">Search books</a></p>`,
		html.EscapeString(s.opt.Offsite))
	page(w, "Welcome", "home", b.String())
}

func (s *Site) sitemap(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/xml")
	base := "http://" + r.Host
	fmt.Fprintln(w, `<?xml version="1.0" encoding="UTF-8"?>`)
	fmt.Fprintln(w, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	locs := []string{"/", "/about.html"}
	for _, n := range s.order {
		locs = append(locs, "/"+n+"/list/1.html")
	}
	locs = append(locs, "/private/sitemap-only.html") // disallowed: never fetched
	for _, l := range locs {
		fmt.Fprintf(w, "  <url><loc>%s%s</loc></url>\n", base, l)
	}
	fmt.Fprintln(w, `</urlset>`)
}

// sourcePage serves /NAME/list/N.html, /NAME/FILE and /NAME/reviews/FILE.
func (s *Site) sourcePage(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")
	src := s.sources[parts[0]]
	if src == nil || len(parts) < 2 {
		http.NotFound(w, r)
		return
	}
	switch {
	case len(parts) == 3 && parts[1] == "list":
		n, err := strconv.Atoi(strings.TrimSuffix(parts[2], ".html"))
		if err != nil || n < 1 || n > s.Lists(src.Name) || parts[2] != strconv.Itoa(n)+".html" {
			http.NotFound(w, r)
			return
		}
		s.list(w, src, n)
	case len(parts) == 2 && s.files[src.Name][parts[1]]:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		http.ServeFile(w, r, filepath.Join(src.Dir, parts[1]))
	case len(parts) == 3 && parts[1] == "reviews" && s.files[src.Name][parts[2]] && s.reviewed(src, parts[2]):
		page(w, "Reviews of "+parts[2], "reviews", fmt.Sprintf(`<section class="reviews"><article class="review"><p class="stars">★★★★☆</p>`+
			`<p>Good value.</p><p class="by">A reader</p></article><article class="review"><p class="stars">★★☆☆☆</p>`+
			`<p>Not what I expected.</p><p class="by">Another reader</p></article></section><p><a href="/%s/%s">Back to the item</a></p>`, src.Name, parts[2]))
	default:
		http.NotFound(w, r)
	}
}

func (s *Site) reviewed(src *Source, file string) bool {
	if s.opt.ReviewEvery < 0 {
		return false
	}
	for i, f := range src.Files {
		if f == file {
			return i%s.opt.ReviewEvery == 0
		}
	}
	return false
}

// list writes list page n (from 1) of src: its detail links, review
// links, and pagination with rel="next".
func (s *Site) list(w http.ResponseWriter, src *Source, n int) {
	var b strings.Builder
	last := s.Lists(src.Name)
	b.WriteString("<ol class=\"results\">\n")
	from := (n - 1) * s.opt.PerList
	for i := from; i < min(from+s.opt.PerList, len(src.Files)); i++ {
		f := src.Files[i]
		fmt.Fprintf(&b, "<li class=\"item\"><a href=\"../%s\">Item %s</a>", f, strings.TrimSuffix(f, path.Ext(f)))
		if s.opt.ReviewEvery > 0 && i%s.opt.ReviewEvery == 0 {
			fmt.Fprintf(&b, " <a class=\"reviews\" href=\"../reviews/%s\">reviews</a>", f)
		}
		b.WriteString("</li>\n")
	}
	b.WriteString("</ol>\n<p class=\"pages\">")
	if n > 1 {
		fmt.Fprintf(&b, "<a rel=\"prev\" href=\"%d.html\">Previous</a> ", n-1)
	}
	fmt.Fprintf(&b, "Page %d of %d", n, last)
	if n < last {
		fmt.Fprintf(&b, " <a rel=\"next\" href=\"%d.html\">Next</a>", n+1)
	}
	b.WriteString("</p>\n")
	page(w, fmt.Sprintf("%s, page %d", src.Name, n), "list", b.String())
}
