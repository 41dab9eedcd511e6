package serve

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"os"
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
	r, err := repository.OpenReader(dir)
	if err != nil {
		return nil, err
	}
	s := &Server{dir: dir, opt: opt, snap: &snapshot{r: r}, mux: http.NewServeMux()}
	s.mux.HandleFunc("GET /{$}", s.index)
	s.mux.HandleFunc("GET /page", s.page)
	s.mux.HandleFunc("GET /api/search", s.api)
	return s, nil
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

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
		http.Error(w, err.Error(), http.StatusInternalServerError)
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
		res, err = r.Search(req.Context(), q)
		if err == nil {
			data.results(info, res, q, form)
			return data, http.StatusOK
		}
	}
	data.Error = err.Error()
	return data, http.StatusBadRequest
}

// api answers the same parameters as the form with JSON:
// {"total":N,"hits":[{"rank","score","relevance","confidence","sod","source","page","index","object":{…}}]}.
func (s *Server) api(w http.ResponseWriter, req *http.Request) {
	sn, err := s.acquire()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer s.release(sn)
	form := req.URL.Query()
	w.Header().Set("Content-Type", "application/json")
	info := sn.r.SOD(form.Get("sod"))
	if info == nil {
		w.WriteHeader(http.StatusNotFound)
		json.NewEncoder(w).Encode(map[string]string{"error": fmt.Sprintf("no SOD %q in the repository (SODs: %s)", form.Get("sod"), strings.Join(sn.r.SODs(), ", "))})
		return
	}
	q, err := formQuery(info, form, s.opt.Limit)
	var res *repository.Result
	if err == nil {
		res, err = sn.r.Search(req.Context(), q)
	}
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
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
// that runs no script and loads nothing from elsewhere.
func (s *Server) page(w http.ResponseWriter, req *http.Request) {
	sn, err := s.acquire()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer s.release(sn)
	form := req.URL.Query()
	e := sn.r.Source(form.Get("sod"), form.Get("source"))
	page := form.Get("page")
	if e == nil || !annotate.IsPageFile(page) {
		http.NotFound(w, req)
		return
	}
	path, err := sn.r.PagePath(e, page)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			http.Error(w, fmt.Sprintf("%s is no longer on disk", path), http.StatusNotFound)
			return
		}
		http.Error(w, err.Error(), http.StatusInternalServerError)
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
