package crawl

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/gocolly/colly/v2"

	"github.com/objectrunner/objectrunner/warc"
)

// Politeness defaults.
const (
	DefaultDelay       = time.Second // between two requests to one host
	DefaultConcurrency = 4           // hosts fetched at once (one request per host)
	DefaultRetries     = 3
	DefaultBackoff     = time.Second // first retry wait, doubled each time
	DefaultTimeout     = 30 * time.Second
	DefaultMaxBody     = 10 << 20
)

// Config describes a crawl. Zero values select the defaults.
type Config struct {
	// Start URLs and Sitemaps (sitemap.xml or sitemap index URLs, whose
	// <loc> entries are start URLs too).
	Start, Sitemaps []string
	// Allowed are the hosts that may be requested: "example.com" allows
	// example.com and its subdomains on any port, "host:port" that host
	// on that port only. Default: the hosts (with their port, when given)
	// of Start and Sitemaps.
	Allowed []string
	// Include, when not empty, restricts the URLs fetched to those that
	// match one; Exclude leaves out those that match one. Start URLs and
	// sitemaps are filtered too.
	Include, Exclude []*regexp.Regexp
	// MaxDepth is the most link hops from a start URL (0: no limit).
	MaxDepth int
	// MaxPages is the most URLs fetched, counting those of a resumed
	// WARC file (0: no limit).
	MaxPages int
	// Delay between two requests to one host (DefaultDelay); one request
	// at a time goes to a host.
	Delay time.Duration
	// Concurrency is the number of requests in flight at once, to
	// different hosts (DefaultConcurrency).
	Concurrency int
	// UserAgent identifies the crawler (also to robots.txt).
	UserAgent string
	// Retries of a 5xx, 429 or failed request (DefaultRetries; negative:
	// none), waiting Backoff, then twice as long each time.
	Retries int
	Backoff time.Duration
	// Timeout of one fetch (DefaultTimeout).
	Timeout time.Duration
	// MaxBody bytes of a response are kept (DefaultMaxBody).
	MaxBody int64
	// IgnoreRobots disobeys robots.txt (default: obeyed).
	IgnoreRobots bool
	// Recrawl revalidates the URLs answered in the resumed WARC file
	// with conditional requests (If-None-Match with the stored ETag,
	// If-Modified-Since with the stored Last-Modified) instead of
	// skipping them: a 304 answer is recorded as such and the stored page
	// stays the source's; robots.txt is fetched again.
	Recrawl bool
	// Out is the WARC file written (.warc.gz or .warc); when it exists,
	// the crawl resumes it.
	Out string
	// Transport sends the requests (default: http.DefaultTransport's
	// settings).
	Transport http.RoundTripper
	// Progress, when set, is called after each fetch.
	Progress func(Stats)
	// Software is recorded in the WARC file's warcinfo record.
	Software string
}

// Stats counts what a crawl did.
type Stats struct {
	Fetched   int // requests answered (retries and robots.txt included)
	Pages     int // URLs answered 200
	Errors    int // URLs given up after retries (5xx, 429, network errors)
	Retries   int
	Redirects int
	Robots    int // URLs not fetched: disallowed by robots.txt
	Offsite   int // links not followed: host not allowed
	Filtered  int // links not followed: Include/Exclude, depth or page limit
	Resumed   int // URLs already answered in the WARC file, not fetched again
	Queued    int // URLs handed to the fetcher in this run
	Answered  int // of them, answered for good or given up
	// NotModified counts 304 answers to the conditional requests of a
	// recrawl.
	NotModified int
	// FirstError is the first error that made a URL fail (e.g. its
	// host's robots.txt could not be fetched), for the log.
	FirstError string
}

// DefaultUserAgent is the User-Agent when Config.UserAgent is empty.
const DefaultUserAgent = "objectrunner-crawler/0.1 (+https://github.com/objectrunner/objectrunner)"

// Crawl runs the crawl described by cfg until it runs out of URLs, hits
// its page limit or ctx is done (the WARC file then holds every whole
// exchange so far: run again to resume).
func Crawl(ctx context.Context, cfg Config) (*Stats, error) {
	if len(cfg.Start) == 0 && len(cfg.Sitemaps) == 0 {
		return nil, errors.New("crawl: no start URL or sitemap")
	}
	if cfg.Out == "" {
		return nil, errors.New("crawl: no output WARC file")
	}
	setDefaults(&cfg)
	allowed := cfg.Allowed
	var seeds []*url.URL
	for _, s := range append(append([]string{}, cfg.Start...), cfg.Sitemaps...) {
		u, err := url.Parse(s)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("crawl: %q is not an http(s) URL", s)
		}
		seeds = append(seeds, u)
		if len(cfg.Allowed) == 0 {
			allowed = append(allowed, u.Host)
		}
	}
	allow := func(u *url.URL) bool { return hostAllowed(u, allowed) }

	cr := &crawler{ctx: ctx, cfg: cfg, allow: allow, stats: &Stats{}, done: map[string]bool{}}
	res, err := resume(cfg.Out)
	if err != nil {
		return nil, err
	}
	cr.done = res.done
	cr.validators = res.validators
	if cfg.Recrawl {
		res.robots = nil
	}
	cr.stats.Resumed = len(res.done)
	cr.taken.Store(int64(len(res.done)))

	w, err := warc.Create(cfg.Out, warc.WriterOptions{Software: cfg.Software, Fields: map[string]string{
		"robots": map[bool]string{true: "ignore", false: "obey"}[cfg.IgnoreRobots], "http-header-user-agent": cfg.UserAgent}})
	if err != nil {
		return nil, err
	}
	defer w.Close()
	base := cfg.Transport
	if base == nil {
		base = http.DefaultTransport.(*http.Transport).Clone()
	}
	rec := &recorder{base: base, allowed: allow, delay: cfg.Delay, timeout: cfg.Timeout, maxBody: cfg.MaxBody, w: w,
		robots: res.robots, hosts: map[string]*hostSlot{}}
	rec.fetched = func(status int, u string) {
		cr.mu.Lock()
		cr.stats.Fetched++
		st := *cr.stats
		cr.mu.Unlock()
		if cfg.Progress != nil {
			cfg.Progress(st)
		}
	}

	c := colly.NewCollector(colly.Async(true), colly.UserAgent(cfg.UserAgent))
	c.Context = ctx
	c.IgnoreRobotsTxt = cfg.IgnoreRobots
	c.ParseHTTPErrorResponse = true
	c.MaxBodySize = int(cfg.MaxBody)
	// No client timeout: the recorder times each fetch, not the wait for
	// its host. Redirects are answers of their own (colly's redirect
	// check would refuse one to a visited URL as an error).
	c.SetClient(&http.Client{Transport: rec,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }})
	if err := c.Limit(&colly.LimitRule{DomainGlob: "*", Parallelism: cfg.Concurrency}); err != nil {
		return nil, err
	}
	cr.c = c

	c.OnResponse(cr.onResponse)
	c.OnError(cr.onError)
	// Links are resolved as a resumed crawl resolves them from the stored
	// pages (pageLinks), and sitemaps read in onResponse: colly's OnXML
	// would parse every HTML page a second time.
	c.OnHTML("html", func(e *colly.HTMLElement) {
		if e.Response.StatusCode != http.StatusOK {
			return
		}
		for _, l := range pageLinks(e.DOM, e.Request.URL) {
			cr.enqueue(l, depthOf(e.Request.Ctx)+1, e.Request.URL.String())
		}
	})

	for _, s := range cfg.Sitemaps {
		cr.enqueue(s, 0, "")
	}
	for _, s := range cfg.Start {
		cr.enqueue(s, 0, "")
	}
	for _, l := range res.links {
		cr.enqueue(l.url, l.depth, l.via)
	}
	c.Wait()
	st := *cr.stats
	if err := w.Close(); err != nil {
		return &st, err
	}
	return &st, ctx.Err()
}

func setDefaults(cfg *Config) {
	if cfg.Delay == 0 {
		cfg.Delay = DefaultDelay
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = DefaultConcurrency
	}
	if cfg.UserAgent == "" {
		cfg.UserAgent = DefaultUserAgent
	}
	if cfg.Retries == 0 {
		cfg.Retries = DefaultRetries
	}
	if cfg.Backoff == 0 {
		cfg.Backoff = DefaultBackoff
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxBody == 0 {
		cfg.MaxBody = DefaultMaxBody
	}
}

// hostAllowed: "host:port" entries match exactly, others match the host
// and its subdomains on any port.
func hostAllowed(u *url.URL, allowed []string) bool {
	host := strings.ToLower(u.Host)
	for _, a := range allowed {
		a = strings.ToLower(strings.TrimSpace(a))
		if _, _, err := net.SplitHostPort(a); err == nil {
			if host == a {
				return true
			}
			continue
		}
		if warc.HostAllowed(u.Hostname(), []string{a}) {
			return true
		}
	}
	return false
}

type crawler struct {
	ctx   context.Context
	cfg   Config
	c     *colly.Collector
	allow func(*url.URL) bool
	mu    sync.Mutex
	stats *Stats
	done  map[string]bool // answered in the resumed WARC file
	// validators of the stored pages (ETag, Last-Modified), for Recrawl
	validators map[string]validator
	taken      atomic.Int64 // URLs fetched or queued, for MaxPages
}

func (cr *crawler) count(f func(*Stats)) {
	cr.mu.Lock()
	f(cr.stats)
	cr.mu.Unlock()
}

func depthOf(ctx *colly.Context) int {
	d, _ := strconv.Atoi(ctx.Get("depth"))
	return d
}

// enqueue hands u to colly, unless it is off the allowed hosts, filtered,
// too deep, already answered or over the page limit.
func (cr *crawler) enqueue(raw string, depth int, via string) {
	if cr.ctx.Err() != nil {
		return
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return
	}
	u.Fragment, u.RawFragment = "", ""
	s := u.String()
	if !cr.allow(u) {
		cr.count(func(st *Stats) { st.Offsite++ })
		return
	}
	if !cr.cfg.wanted(s) || (cr.cfg.MaxDepth > 0 && depth > cr.cfg.MaxDepth) {
		cr.count(func(st *Stats) { st.Filtered++ })
		return
	}
	cr.mu.Lock()
	done := cr.done[s]
	cr.mu.Unlock()
	hdr := http.Header{}
	if done {
		if !cr.cfg.Recrawl {
			return
		}
		// Revalidate: counted among the resumed URLs already.
		v := cr.validators[s]
		if v.etag != "" {
			hdr.Set("If-None-Match", v.etag)
		}
		if v.lastModified != "" {
			hdr.Set("If-Modified-Since", v.lastModified)
		}
	} else if cr.cfg.MaxPages > 0 && cr.taken.Add(1) > int64(cr.cfg.MaxPages) {
		cr.taken.Add(-1)
		cr.count(func(st *Stats) { st.Filtered++ })
		return
	}
	ctx := colly.NewContext()
	ctx.Put("depth", strconv.Itoa(depth))
	hdr.Set(hDepth, strconv.Itoa(depth))
	if via != "" {
		hdr.Set(hVia, via)
	}
	hdr.Set("User-Agent", cr.cfg.UserAgent)
	err = cr.c.Request(http.MethodGet, s, nil, ctx, hdr)
	switch {
	case err == nil:
		cr.count(func(st *Stats) { st.Queued++ })
		return
	case errors.Is(err, colly.ErrRobotsTxtBlocked):
		cr.count(func(st *Stats) { st.Robots++ })
	default:
		var visited *colly.AlreadyVisitedError
		if !errors.As(err, &visited) && cr.ctx.Err() == nil {
			cr.count(func(st *Stats) {
				st.Errors++
				if st.FirstError == "" {
					st.FirstError = fmt.Sprintf("%s: %v", s, err)
				}
			})
		}
	}
	if cr.cfg.MaxPages > 0 && !done {
		cr.taken.Add(-1) // not fetched (visited, blocked): its place is free
	}
}

func (cfg *Config) wanted(u string) bool {
	for _, re := range cfg.Exclude {
		if re.MatchString(u) {
			return false
		}
	}
	if len(cfg.Include) == 0 {
		return true
	}
	for _, re := range cfg.Include {
		if re.MatchString(u) {
			return true
		}
	}
	return false
}

func (cr *crawler) onResponse(r *colly.Response) {
	switch s := r.StatusCode; {
	case s >= 500 || s == http.StatusTooManyRequests:
		if !cr.retry(r.Request) {
			cr.count(func(st *Stats) { st.Errors++; st.Answered++ })
		}
		return
	case s == http.StatusNotModified:
		cr.count(func(st *Stats) { st.NotModified++ })
	case s >= 300 && s < 400:
		if loc := r.Headers.Get("Location"); loc != "" {
			cr.count(func(st *Stats) { st.Redirects++ })
			cr.enqueue(r.Request.AbsoluteURL(loc), depthOf(r.Ctx), r.Request.URL.String())
		}
	case s == http.StatusOK:
		cr.count(func(st *Stats) { st.Pages++ })
		if r.Headers != nil && isSitemap(*r.Headers, r.Request.URL.String()) {
			for _, l := range sitemapLinks(r.Body, r.Request.URL) {
				cr.enqueue(l, depthOf(r.Ctx), r.Request.URL.String())
			}
		}
	}
	cr.count(func(st *Stats) { st.Answered++ })
}

func (cr *crawler) onError(r *colly.Response, err error) {
	if r.StatusCode != 0 || errors.Is(err, ErrNotAllowed) {
		return // an HTTP answer: onResponse handles it
	}
	if !cr.retry(r.Request) {
		cr.count(func(st *Stats) { st.Errors++; st.Answered++ })
	}
}

// retry fetches req again after its backoff, unless its retries are spent
// or the crawl is stopping.
func (cr *crawler) retry(req *colly.Request) bool {
	n, _ := strconv.Atoi(req.Ctx.Get("attempt"))
	if n >= cr.cfg.Retries || cr.cfg.Retries < 0 {
		return false
	}
	wait := cr.cfg.Backoff << n
	t := time.NewTimer(wait)
	select {
	case <-t.C:
	case <-cr.ctx.Done():
		t.Stop()
		return false
	}
	req.Ctx.Put("attempt", strconv.Itoa(n+1))
	cr.count(func(st *Stats) { st.Retries++ })
	return req.Retry() == nil
}

// resumed is what an existing WARC file says about a crawl.
type resumed struct {
	done       map[string]bool // URLs answered (other than 5xx and 429)
	validators map[string]validator
	robots     map[string]*stored // robots.txt answers
	links      []link             // links of the stored pages and redirects
}

// validator is what a conditional request sends back.
type validator struct{ etag, lastModified string }

type link struct {
	url, via string
	depth    int
}

// resume reads the WARC file at path, if it exists.
func resume(path string) (*resumed, error) {
	res := &resumed{done: map[string]bool{}, robots: map[string]*stored{}, validators: map[string]validator{}}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return res, nil
	}
	type page struct {
		url    string
		status int
		header http.Header
		body   []byte
	}
	pages := map[string]*page{} // by response record ID
	depth := map[string]int{}   // by response record ID
	var order []string
	for rec, err := range warc.Records(path, true) {
		if err != nil {
			break // a torn last record: the rest is refetched
		}
		switch rec.Type {
		case "response":
			if rec.Status >= 500 || rec.Status == http.StatusTooManyRequests {
				continue
			}
			res.done[rec.URL] = true
			if rec.Status == http.StatusOK {
				res.validators[rec.URL] = validator{etag: rec.Header.Get("ETag"), lastModified: rec.Header.Get("Last-Modified")}
			}
			if strings.HasSuffix(rec.URL, "/robots.txt") {
				res.robots[rec.URL] = &stored{status: rec.Status, header: rec.Header, body: rec.Body}
				continue
			}
			p := &page{url: rec.URL, status: rec.Status, header: rec.Header}
			if rec.Status == http.StatusOK && warc.IsHTML(rec.Header, rec.Body) || isSitemap(rec.Header, rec.URL) {
				p.body = rec.Body
			}
			pages[rec.ID] = p
			order = append(order, rec.ID)
		case "revisit":
			res.done[rec.URL] = true // a 304 of a recrawl: the stored page stands
		case "metadata":
			if d, err := strconv.Atoi(rec.Fields["depth"]); err == nil && rec.ConcurrentTo != "" {
				depth[rec.ConcurrentTo] = d
			}
		}
	}
	for _, id := range order {
		p := pages[id]
		d := depth[id]
		base, err := url.Parse(p.url)
		if err != nil {
			continue
		}
		switch {
		case p.status >= 300 && p.status < 400 && p.header.Get("Location") != "":
			res.links = append(res.links, link{url: resolve(base, p.header.Get("Location")), via: p.url, depth: d})
		case p.body != nil && isSitemap(p.header, p.url):
			for _, l := range sitemapLinks(p.body, base) {
				res.links = append(res.links, link{url: l, via: p.url, depth: d})
			}
		case p.body != nil:
			doc, err := goquery.NewDocumentFromReader(bytes.NewReader(p.body))
			if err != nil {
				continue
			}
			for _, l := range pageLinks(doc.Selection, base) {
				res.links = append(res.links, link{url: l, via: p.url, depth: d + 1})
			}
		}
	}
	return res, nil
}

// resolve returns href resolved against base ("" when it does not parse).
func resolve(base *url.URL, href string) string {
	r, err := base.Parse(strings.TrimSpace(href))
	if err != nil {
		return ""
	}
	return r.String()
}

// pageLinks returns the links a crawl follows on a page (a[href] and
// link[rel=next][href]), resolved against the page's <base href> when it
// has one, else against u.
func pageLinks(doc *goquery.Selection, u *url.URL) []string {
	base := u
	if b, ok := doc.Find("base[href]").Attr("href"); ok {
		if bu, err := u.Parse(strings.TrimSpace(b)); err == nil {
			base = bu
		}
	}
	var out []string
	doc.Find("a[href], link[rel=next][href]").Each(func(_ int, s *goquery.Selection) {
		h, _ := s.Attr("href")
		if l := resolve(base, h); l != "" {
			out = append(out, l)
		}
	})
	return out
}

// sitemapLinks returns the <loc> URLs of a sitemap or sitemap index.
func sitemapLinks(body []byte, u *url.URL) []string {
	var out []string
	for _, m := range locRE.FindAllSubmatch(body, -1) {
		if l := resolve(u, html.UnescapeString(string(m[1]))); l != "" {
			out = append(out, l)
		}
	}
	return out
}

var locRE = regexp.MustCompile(`(?s)<loc>\s*(.*?)\s*</loc>`)

func isSitemap(h http.Header, u string) bool {
	return strings.Contains(strings.ToLower(h.Get("Content-Type")), "xml") && !warc.IsHTML(h, nil) || strings.HasSuffix(strings.ToLower(u), ".xml")
}
