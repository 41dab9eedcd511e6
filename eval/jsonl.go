package eval

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
)

// Results is the output of `objectrunner extract` for one source: the
// records extracted from each page.
type Results struct {
	// Path is the file the results were read from.
	Path string `json:"path"`
	// Pages lists the pages with at least one line, in the order of their
	// first line; records are ordered by their "index".
	Pages []*ResultPage `json:"pages"`
	// Fields lists every field name seen in a record, sorted.
	Fields []string `json:"fields"`
}

// ResultPage is the records extracted from one page.
type ResultPage struct {
	// Name is the page path relative to the source directory.
	Name    string   `json:"name"`
	Records []Record `json:"records"`
}

// jsonLine is the union of the line shapes this package reads: results
// lines {"page","index","object",…} and truth lines {"page","records"}.
type jsonLine struct {
	Page    *string            `json:"page"`
	Index   *int               `json:"index"`
	Object  json.RawMessage    `json:"object"`
	Records *[]json.RawMessage `json:"records"`
}

// indexed is a record with its "index" and line number, for ordering.
type indexed struct {
	index, line int
	rec         Record
}

// LoadResults reads a results file (JSON Lines, one extracted record per
// line) as written by `objectrunner extract`.
func LoadResults(path string) (*Results, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadResults(f, path)
}

// ReadResults reads results lines from r; name is used in messages. Each
// non-blank line is an object with a string "page", an optional integer
// "index" and an "object" whose fields are strings, numbers, arrays of
// them, nested objects or arrays of objects (flattened to dotted names);
// "object": null registers the page with no record. Other keys
// ("confidence", "path", "normalized", …) are ignored.
func ReadResults(r io.Reader, name string) (*Results, error) {
	res := &Results{Path: name}
	byName := map[string]*ResultPage{}
	recs := map[*ResultPage][]indexed{}
	fields := map[string]bool{}
	err := eachLine(r, name, func(n int, l *jsonLine) error {
		if l.Records != nil {
			return fmt.Errorf("%s:%d: a results line has \"object\", not \"records\"", name, n)
		}
		rec, err := parseObject(l.Object)
		if err != nil {
			return fmt.Errorf("%s:%d: page %q: %w", name, n, *l.Page, err)
		}
		p := byName[*l.Page]
		if p == nil {
			p = &ResultPage{Name: *l.Page}
			byName[p.Name] = p
			res.Pages = append(res.Pages, p)
		}
		if rec != nil {
			recs[p] = append(recs[p], indexed{indexOr(l.Index, len(recs[p])), n, rec})
			for f := range rec {
				fields[f] = true
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, p := range res.Pages {
		p.Records = sortRecords(recs[p])
	}
	for f := range fields {
		res.Fields = append(res.Fields, f)
	}
	sort.Strings(res.Fields)
	return res, nil
}

// LoadJSONL reads ground truth in this package's JSON Lines format (see
// ReadJSONL).
func LoadJSONL(path string) (*Truth, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadJSONL(f, path)
}

// ReadJSONL reads JSON Lines ground truth from r; name is used in
// messages. Each non-blank line has one of two shapes:
//
//	{"page":"p1.html","records":[{"title":"T","author":["A","B"]}, …]}
//	{"page":"p1.html","index":0,"object":{"title":"T","author":["A","B"]}}
//
// The first gives all the true records of a page at once ("records": []
// for a labelled page holding no object); the second is the results
// shape, one record per line, so an expected.jsonl written like
// extraction output serves as truth ("object": null labels a page with no
// object). A page may not be given in both shapes, nor twice in the
// first. Field values are as in results; null means no value.
func ReadJSONL(r io.Reader, name string) (*Truth, error) {
	t := &Truth{Path: name, Format: "jsonl"}
	byName := map[string]*TruthPage{}
	whole := map[string]int{} // page -> line of its "records" line
	recs := map[*TruthPage][]indexed{}
	err := eachLine(r, name, func(n int, l *jsonLine) error {
		page := *l.Page
		p := byName[page]
		if prev, ok := whole[page]; ok {
			return fmt.Errorf("%s:%d: page %q already given whole (with \"records\") on line %d", name, n, page, prev)
		}
		if p == nil {
			p = &TruthPage{Name: page}
			byName[page] = p
			t.Pages = append(t.Pages, p)
		}
		if l.Records != nil {
			if len(l.Object) > 0 {
				return fmt.Errorf("%s:%d: page %q: a line has \"records\" or \"object\", not both", name, n, page)
			}
			if len(recs[p]) > 0 {
				return fmt.Errorf("%s:%d: page %q already has records given one per line", name, n, page)
			}
			whole[page] = n
			for i, raw := range *l.Records {
				rec, err := parseObject(raw)
				if err != nil {
					return fmt.Errorf("%s:%d: page %q: record %d: %w", name, n, page, i, err)
				}
				if len(rec) > 0 {
					p.Records = append(p.Records, rec)
				}
			}
			return nil
		}
		rec, err := parseObject(l.Object)
		if err != nil {
			return fmt.Errorf("%s:%d: page %q: %w", name, n, page, err)
		}
		if len(rec) > 0 {
			recs[p] = append(recs[p], indexed{indexOr(l.Index, len(recs[p])), n, rec})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for p, rs := range recs {
		p.Records = sortRecords(rs)
	}
	t.collectAttributes()
	return t, nil
}

// eachLine decodes every non-blank line of r as a jsonLine with a "page"
// and calls fn with its 1-based line number. Lines may be of any length.
func eachLine(r io.Reader, name string, fn func(n int, l *jsonLine) error) error {
	br := bufio.NewReaderSize(r, 256<<10)
	for n := 1; ; n++ {
		b, err := br.ReadBytes('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("%s:%d: %w", name, n, err)
		}
		if n == 1 {
			b = bytes.TrimPrefix(b, []byte("\uFEFF"))
		}
		if len(bytes.TrimSpace(b)) > 0 {
			var l jsonLine
			if derr := json.Unmarshal(b, &l); derr != nil {
				return fmt.Errorf("%s:%d: %v", name, n, derr)
			}
			if l.Page == nil || *l.Page == "" {
				return fmt.Errorf("%s:%d: missing \"page\"", name, n)
			}
			if ferr := fn(n, &l); ferr != nil {
				return ferr
			}
		}
		if err != nil {
			return nil
		}
	}
}

func indexOr(p *int, def int) int {
	if p != nil {
		return *p
	}
	return def
}

// sortRecords orders records by index, then by line.
func sortRecords(rs []indexed) []Record {
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].index != rs[j].index {
			return rs[i].index < rs[j].index
		}
		return rs[i].line < rs[j].line
	})
	out := make([]Record, len(rs))
	for i, r := range rs {
		out[i] = r.rec
	}
	return out
}

// parseObject flattens a JSON object into a Record; null or absent gives
// a nil Record.
func parseObject(raw json.RawMessage) (Record, error) {
	if len(bytes.TrimSpace(raw)) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, nil
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("\"object\" is %s, want an object", jsonKind(v))
	}
	rec := Record{}
	for k, x := range m {
		if k == "" {
			return nil, errors.New("empty field name")
		}
		flatten(k, x, rec)
	}
	return rec, nil
}

// flatten adds the leaf values of v under name (dotted for nested
// objects) to rec; arrays contribute each element.
func flatten(name string, v any, rec Record) {
	switch x := v.(type) {
	case nil:
	case string:
		rec[name] = append(rec[name], x)
	case json.Number:
		rec[name] = append(rec[name], x.String())
	case bool:
		rec[name] = append(rec[name], fmt.Sprint(x))
	case []any:
		for _, e := range x {
			flatten(name, e, rec)
		}
	case map[string]any:
		for k, e := range x {
			flatten(name+"."+k, e, rec)
		}
	}
}

func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	}
	return "a value"
}
