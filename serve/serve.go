package serve

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/repository"
)

//go:embed templates/index.html
var templates embed.FS

var indexTmpl = template.Must(template.ParseFS(templates, "templates/index.html"))

// Options tune a Server.
type Options struct {
	// Limit is the number of results per page (default 20).
	Limit int
	// Log receives one line per request that fails (default: discarded).
	Log *slog.Logger
	// Hosts are the names the Host header of a request may give besides
	// localhost, 127.0.0.1 and [::1] (any port): a page of another site
	// that a browser reaches through a rebound DNS name is refused. "*"
	// accepts any name (a server bound to a public address).
	Hosts []string
	// MaxSearches bounds the searches that run at once (default 4); more
	// wait for their turn, so a burst of requests holds the memory of
	// MaxSearches searches at most.
	MaxSearches int
}

// Server serves the query page of a repository. It answers from a snapshot
// of the repository (repository.Reader) and takes a new one when a writer
// commits, so it never blocks a running `objectrunner run --repo`.
type Server struct {
	dir  string
	opt  Options
	mux  *http.ServeMux
	mu   sync.Mutex
	snap *snapshot
	sem  chan struct{}
}

// snapshot is a Reader shared by the requests that use it; the last
// request to release a replaced snapshot closes it.
type snapshot struct {
	r     *repository.Reader
	refs  int
	stale bool
}

// New returns a Server over the repository in dir.
func New(dir string, opt Options) (*Server, error) {
	if opt.Limit <= 0 {
		opt.Limit = repository.DefaultLimit
	}
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	if opt.MaxSearches <= 0 {
		opt.MaxSearches = 4
	}
	r, err := repository.OpenReader(dir)
	if err != nil {
		return nil, err
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	s := &Server{dir: dir, opt: opt, snap: &snapshot{r: r}, mux: http.NewServeMux(), sem: make(chan struct{}, opt.MaxSearches)}
	s.mux.HandleFunc("GET /{$}", s.index)
	s.mux.HandleFunc("GET /page", s.page)
	s.mux.HandleFunc("GET /api/search", s.api)
	return s, nil
}

// The policies of the query page and of the API: nothing is loaded from
// elsewhere, no script runs, forms submit to this server only, no other
// site frames the page. Source pages (/page) have their own, stricter one.
const (
	indexPolicy = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
	apiPolicy   = "default-src 'none'; frame-ancestors 'none'"
)

// ServeHTTP implements http.Handler. Every request has its Host header
// checked (Options.Hosts), its query string parsed strictly (a malformed
// escape is a 400), and runs under a recover: a panic answers 500 and is
// logged, the server goes on.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.opt.Log.Error("request panicked", "path", r.URL.Path, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			http.Error(w, "internal error (logged)", http.StatusInternalServerError)
		}
	}()
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	if strings.HasPrefix(r.URL.Path, "/api/") {
		h.Set("Content-Security-Policy", apiPolicy)
	} else {
		h.Set("Content-Security-Policy", indexPolicy)
	}
	if !s.hostAllowed(r.Host) {
		http.Error(w, fmt.Sprintf("host %q is not served here (start serve with --host to allow it)", r.Host), http.StatusMisdirectedRequest)
		return
	}
	if _, err := url.ParseQuery(r.URL.RawQuery); err != nil {
		http.Error(w, "malformed query string: "+err.Error(), http.StatusBadRequest)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// hostAllowed reports whether a request's Host header names this machine's
// loopback or one of Options.Hosts.
func (s *Server) hostAllowed(host string) bool {
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.TrimSuffix(strings.ToLower(strings.Trim(name, "[]")), ".")
	switch name {
	case "localhost", "127.0.0.1", "::1":
		return true
	}
	for _, h := range s.opt.Hosts {
		if h == "*" || strings.EqualFold(h, name) {
			return true
		}
	}
	return false
}

// search runs q when one of Options.MaxSearches turns is free.
func (s *Server) search(req *http.Request, r *repository.Reader, q *repository.Query) (*repository.Result, error) {
	select {
	case s.sem <- struct{}{}:
	case <-req.Context().Done():
		return nil, req.Context().Err()
	}
	defer func() { <-s.sem }()
	return r.Search(req.Context(), q)
}

// public is the text of an error as a client sees it: the absolute paths
// of the repository and of its sources' roots are replaced by names.
func (s *Server) public(err error, r *repository.Reader) string {
	msg := err.Error()
	if r != nil {
		for _, e := range r.Sources("") {
			if e.Root != "" {
				msg = strings.ReplaceAll(msg, e.Root, "<source "+e.Name+">")
			}
		}
	}
	return strings.ReplaceAll(msg, s.dir, "<repository>")
}

// unavailable answers a request whose snapshot could not be taken; the
// reason is logged, not shown.
func (s *Server) unavailable(w http.ResponseWriter, err error) {
	s.opt.Log.Error("opening the repository", "err", err)
	http.Error(w, "the repository cannot be read now (see the server's log)", http.StatusServiceUnavailable)
}

// The parameters of the query page and the API; fields add theirs
// (fieldParams).
var commonParams = map[string]bool{"sod": true, "source": true, "q": true, "explain": true, "offset": true,
	"run": true, "choose": true, "minconf": true}

// checkParams refuses a parameter that neither the form nor the SOD's
// fields define (a misspelt field would otherwise restrict nothing).
func checkParams(info *repository.SODInfo, form url.Values) error {
	var unknown []string
	for k := range form {
		if commonParams[k] {
			continue
		}
		prefix, path, ok := strings.Cut(k, ".")
		if ok && info != nil {
			if f, has := info.Field(path); has && fieldParam(f.Kind, prefix) {
				continue
			}
		}
		unknown = append(unknown, k)
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	return fmt.Errorf("unknown parameter %q (parameters: sod, source, q, offset, minconf, explain, run, and f.FIELD, op.FIELD for text fields, min.FIELD, max.FIELD for numbers, from.FIELD, to.FIELD for dates)", unknown[0])
}

// fieldParam reports whether prefix.FIELD is a parameter of a field of
// kind k.
func fieldParam(k repository.Kind, prefix string) bool {
	switch k {
	case repository.Numeric:
		return prefix == "min" || prefix == "max"
	case repository.Date:
		return prefix == "from" || prefix == "to"
	default:
		return prefix == "f" || prefix == "op"
	}
}

// Close releases the current snapshot.
func (s *Server) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.snap.stale = true
	if s.snap.refs == 0 {
		return s.snap.r.Close()
	}
	return nil
}

// acquire returns the current snapshot, taking a new one first when the
// repository changed.
func (s *Server) acquire() (*snapshot, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.snap.r.Stale() {
		r, err := repository.OpenReader(s.dir)
		if err != nil {
			return nil, err
		}
		old := s.snap
		old.stale = true
		if old.refs == 0 {
			old.r.Close()
		}
		s.snap = &snapshot{r: r}
	}
	s.snap.refs++
	return s.snap, nil
}

func (s *Server) release(sn *snapshot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sn.refs--
	if sn.refs == 0 && sn.stale {
		sn.r.Close()
	}
}

// index renders the form of the chosen SOD and, when a search was
// submitted, the results.
func (s *Server) index(w http.ResponseWriter, req *http.Request) {
	sn, err := s.acquire()
	if err != nil {
		s.unavailable(w, err)
		return
	}
	defer s.release(sn)
	data, status := s.build(req, sn.r)
	var b strings.Builder
	if err := indexTmpl.Execute(&b, data); err != nil {
		s.opt.Log.Error("rendering", "err", err)
		http.Error(w, "rendering the page failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	fmt.Fprint(w, b.String())
}

// build reads the form and runs the query.
func (s *Server) build(req *http.Request, r *repository.Reader) (*pageData, int) {
	form := req.URL.Query()
	data := &pageData{SODs: r.SODs()}
	if err := checkParams(r.SOD(form.Get("sod")), form); err != nil {
		data.Error = err.Error()
		return data, http.StatusBadRequest
	}
	data.SOD = form.Get("sod")
	if data.SOD == "" && len(data.SODs) > 0 {
		data.SOD = data.SODs[0]
	}
	info := r.SOD(data.SOD)
	if info == nil {
		data.Error = fmt.Sprintf("no SOD %q in the repository", data.SOD)
		data.SOD = ""
		return data, http.StatusNotFound
	}
	data.fill(info, r, form)
	if form.Get("run") == "" {
		return data, http.StatusOK
	}
	q, err := formQuery(info, form, s.opt.Limit)
	if err == nil {
		var res *repository.Result
		res, err = s.search(req, r, q)
		if err == nil {
			data.results(info, res, q, form)
			return data, http.StatusOK
		}
	}
	data.Error = s.public(err, r)
	return data, http.StatusBadRequest
}

// api answers the same parameters as the form with JSON:
// {"total":N,"hits":[{"rank","score","relevance","confidence","sod","source","page","index","object":{…}}]}.
func (s *Server) api(w http.ResponseWriter, req *http.Request) {
	sn, err := s.acquire()
	if err != nil {
		s.unavailable(w, err)
		return
	}
	defer s.release(sn)
	form := req.URL.Query()
	w.Header().Set("Content-Type", "application/json")
	if err := checkParams(sn.r.SOD(form.Get("sod")), form); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
		return
	}
	info := sn.r.SOD(form.Get("sod"))
	if info == nil {
		w.WriteHeader(http.StatusNotFound)
		json.NewEncoder(w).Encode(map[string]string{"error": fmt.Sprintf("no SOD %q in the repository (SODs: %s)", form.Get("sod"), strings.Join(sn.r.SODs(), ", "))})
		return
	}
	q, err := formQuery(info, form, s.opt.Limit)
	var res *repository.Result
	if err == nil {
		res, err = s.search(req, sn.r, q)
	}
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(map[string]string{"error": s.public(err, sn.r)})
		return
	}
	type hit struct {
		Rank       int             `json:"rank"`
		Score      float64         `json:"score"`
		Relevance  float64         `json:"relevance"`
		Confidence float64         `json:"confidence"`
		SOD        string          `json:"sod"`
		Source     string          `json:"source"`
		Page       string          `json:"page"`
		Index      int             `json:"index"`
		Object     json.RawMessage `json:"object"`
	}
	out := struct {
		Total int   `json:"total"`
		Hits  []hit `json:"hits"`
	}{Total: res.Total, Hits: []hit{}}
	for i, h := range res.Hits {
		out.Hits = append(out.Hits, hit{q.Offset + i + 1, h.Score, h.Relevance, h.Confidence, h.SOD, h.Source, h.Page, h.Index, h.Object})
	}
	json.NewEncoder(w).Encode(out)
}

// page serves a source page of a result as it was read, with a policy
// that runs no script and loads nothing from elsewhere. Only pages the
// repository holds objects of are served, read inside their source's root
// (a symbolic link out of it is refused).
func (s *Server) page(w http.ResponseWriter, req *http.Request) {
	sn, err := s.acquire()
	if err != nil {
		s.unavailable(w, err)
		return
	}
	defer s.release(sn)
	form := req.URL.Query()
	for k := range form {
		if k != "sod" && k != "source" && k != "page" {
			http.Error(w, fmt.Sprintf("unknown parameter %q (parameters: sod, source, page)", k), http.StatusBadRequest)
			return
		}
	}
	e := sn.r.Source(form.Get("sod"), form.Get("source"))
	page := form.Get("page")
	if e == nil || !annotate.IsPageFile(page) {
		http.NotFound(w, req)
		return
	}
	if _, err := sn.r.PagePath(e, page); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	indexed, err := sn.r.HasPage(req.Context(), e, page)
	if err != nil {
		s.opt.Log.Error("looking a page up", "source", e.Name, "page", page, "err", err)
		http.Error(w, "the page cannot be looked up now", http.StatusInternalServerError)
		return
	}
	if !indexed {
		http.Error(w, fmt.Sprintf("page %s of source %s holds no object of the repository", page, e.Name), http.StatusNotFound)
		return
	}
	f, err := sn.r.OpenPage(e, page)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			http.Error(w, fmt.Sprintf("page %s of source %s is no longer on disk", page, e.Name), http.StatusNotFound)
			return
		}
		s.opt.Log.Error("opening a page", "source", e.Name, "page", page, "err", err)
		http.Error(w, fmt.Sprintf("page %s of source %s cannot be served (outside the source's directory, or unreadable)", page, e.Name), http.StatusForbidden)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		http.NotFound(w, req)
		return
	}
	w.Header().Set("Content-Security-Policy", "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:")
	w.Header().Set("Content-Type", "text/html")
	http.ServeContent(w, req, "", st.ModTime(), f)
}

// formQuery turns the form of an SOD into a query.
func formQuery(info *repository.SODInfo, form map[string][]string, limit int) (*repository.Query, error) {
	get := func(k string) string {
		if v := form[k]; len(v) > 0 {
			return strings.TrimSpace(v[0])
		}
		return ""
	}
	q := &repository.Query{SODs: []string{info.Name}, Sources: form["source"], Keywords: get("q"), Limit: limit,
		Explain: get("explain") != ""}
	if o := get("offset"); o != "" {
		n, err := strconv.Atoi(o)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("offset %q is not a number of results", o)
		}
		q.Offset = n
	}
	add := func(field string, op repository.Op, v string) {
		if v != "" {
			q.Where = append(q.Where, repository.Restriction{Field: field, Op: op, Value: v})
		}
	}
	for _, f := range info.Fields {
		switch f.Kind {
		case repository.Numeric:
			add(f.Path, repository.OpGe, get("min."+f.Path))
			add(f.Path, repository.OpLe, get("max."+f.Path))
		case repository.Date:
			add(f.Path, repository.OpGe, get("from."+f.Path))
			add(f.Path, repository.OpLe, get("to."+f.Path))
		default:
			op := repository.OpMatch
			if get("op."+f.Path) == "exact" {
				op = repository.OpEq
			}
			add(f.Path, op, get("f."+f.Path))
		}
	}
	add(repository.PseudoConf, repository.OpGe, get("minconf"))
	return q, nil
}

// pageData is what the template shows.
type pageData struct {
	SODs     []string
	SOD      string
	Fields   []formField
	Sources  []sourceBox
	Keywords string
	MinConf  string
	Explain  bool

	Ran        bool
	Error      string
	Columns    []string
	Results    []resultRow
	Total      int
	Took       string
	Plan       string
	Prev, Next string
}

type formField struct {
	ID, Path, Kind, Input string
	Value, Op, Min, Max   string
}

type sourceBox struct {
	Name    string
	Checked bool
}

type resultRow struct {
	Rank               int
	Score, Confidence  float64
	Cells              []string
	Source, Page, Link string
	Explanation        string
}

// fill sets the form's fields from the SOD and the submitted values.
func (d *pageData) fill(info *repository.SODInfo, r *repository.Reader, form map[string][]string) {
	get := func(k string) string {
		if v := form[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	for i, f := range info.Fields {
		ff := formField{ID: "field" + strconv.Itoa(i), Path: f.Path, Kind: f.Kind.String()}
		if f.Predefined != "" {
			ff.Kind += " (" + f.Predefined + ")"
		}
		switch f.Kind {
		case repository.Numeric:
			ff.Input, ff.Min, ff.Max = "number", get("min."+f.Path), get("max."+f.Path)
		case repository.Date:
			ff.Input, ff.Min, ff.Max = "date", get("from."+f.Path), get("to."+f.Path)
		default:
			ff.Input, ff.Value, ff.Op = "text", get("f."+f.Path), get("op."+f.Path)
		}
		d.Fields = append(d.Fields, ff)
	}
	checked := map[string]bool{}
	for _, s := range form["source"] {
		checked[s] = true
	}
	for _, e := range r.Sources(info.Name) {
		d.Sources = append(d.Sources, sourceBox{Name: e.Name, Checked: checked[e.Name]})
	}
	d.Keywords, d.MinConf, d.Explain = get("q"), get("minconf"), get("explain") != ""
	for _, f := range info.SOD.Root.Fields {
		d.Columns = append(d.Columns, f.Name)
	}
}

// results sets the result rows and the links to the previous and next
// pages of results.
func (d *pageData) results(info *repository.SODInfo, res *repository.Result, q *repository.Query, form map[string][]string) {
	d.Ran, d.Total, d.Plan = true, res.Total, res.Plan
	d.Took = res.Took.Round(100 * time.Microsecond).String()
	for i, h := range res.Hits {
		row := resultRow{Rank: q.Offset + i + 1, Score: h.Score, Confidence: h.Confidence, Source: h.Source, Page: h.Page,
			Explanation: h.Explanation}
		row.Link = "/page?" + url.Values{"sod": {h.SOD}, "source": {h.Source}, "page": {h.Page}}.Encode()
		obj := objectFields(h.Object)
		for _, c := range d.Columns {
			row.Cells = append(row.Cells, obj[c])
		}
		d.Results = append(d.Results, row)
	}
	page := func(offset int) string {
		v := url.Values{}
		for k, vs := range form {
			if k != "offset" {
				v[k] = vs
			}
		}
		v["offset"] = []string{strconv.Itoa(offset)}
		return "/?" + v.Encode()
	}
	if q.Offset > 0 {
		d.Prev = page(max(0, q.Offset-q.Limit))
	}
	if q.Offset+len(res.Hits) < res.Total {
		d.Next = page(q.Offset + q.Limit)
	}
}

// objectFields renders the top-level fields of a stored object line: sets
// joined by " | ", nested tuples as JSON.
func objectFields(raw json.RawMessage) map[string]string {
	var line struct {
		Object map[string]json.RawMessage `json:"object"`
	}
	out := map[string]string{}
	if json.Unmarshal(raw, &line) != nil {
		return out
	}
	for k, v := range line.Object {
		var s string
		var arr []string
		switch {
		case json.Unmarshal(v, &s) == nil:
			out[k] = s
		case json.Unmarshal(v, &arr) == nil:
			out[k] = strings.Join(arr, " | ")
		default:
			out[k] = string(v)
		}
	}
	return out
}
