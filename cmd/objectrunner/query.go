package main

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/objectrunner/objectrunner/repository"
)

// runQuery answers a query by example over a repository.
func (m *Main) runQuery(ctx context.Context, args []string) error {
	fs := m.newFlagSet("query", "[RESTRICTION...]",
		"Query the objects of a repository by example. Each RESTRICTION is FIELD OP VALUE:\n"+
			"  FIELD=VALUE    the whole value, ignoring case, accents and punctuation; for numeric\n"+
			"                 and date fields the number or date it denotes (price=$12.99,\n"+
			"                 date=2010 is the whole year)\n"+
			"  FIELD~WORDS    every word occurs in the value (full text, ranked)\n"+
			"  FIELD<VALUE, <=, >, >=   ranges on numeric (price, number, percent, year) and\n"+
			"                 date fields: price<20, date>=2010-01-01, date<2010-06\n"+
			"FIELD is a field of the SOD (nested: credits.name), qualified by the SOD's name in\n"+
			"a join (book.price<20), or one of _text (the source page's text, ~ only: all the words),\n"+
			"_source, _page, _conf (the object's extraction confidence).\n\n"+
			"Results are ranked by score = relevance × confidence: relevance is the full-text\n"+
			"score (words, keywords) relative to the best match, 1 without full-text parts;\n"+
			"confidence is the object's extraction confidence. A join pairs objects of two\n"+
			"SODs whose fields share a value (--join concert.artist=book.author); a pair scores\n"+
			"the product of its objects' scores.")
	repo := fs.String("repo", "", "repository directory (required)")
	var sods, sources stringList
	fs.Var(&sods, "sod", "only objects of this SOD; repeatable (default: every SOD that has the restricted fields)")
	fs.Var(&sources, "source", "only objects of this source; repeatable")
	keywords := fs.String("k", "", "keywords that must all occur in the object's source page")
	join := fs.String("join", "", "pair the objects of two SODs on a field: SOD.FIELD=SOD.FIELD")
	format := fs.String("format", "table", "output format: table, jsonl or csv")
	limit := fs.Int("limit", repository.DefaultLimit, "number of results")
	offset := fs.Int("offset", 0, "skip this many of the best results")
	explain := fs.Bool("explain", false, "explain each result's score (with the results) and how the query ran (on stderr)")
	schema := fs.Bool("schema", false, "print the repository's SODs, fields and sources, and exit")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case *repo == "":
		return usagef("--repo is required")
	case *format != "table" && *format != "jsonl" && *format != "csv":
		return usagef("--format must be table, jsonl or csv, not %q", *format)
	case *limit < 1:
		return usagef("--limit must be at least 1")
	case *offset < 0:
		return usagef("--offset must not be negative")
	case *offset > repository.MaxOffset:
		return usagef("--offset must be at most %d (restrict the query instead)", repository.MaxOffset)
	case *limit > repository.MaxLimit:
		return usagef("--limit must be at most %d", repository.MaxLimit)
	}
	q := &repository.Query{SODs: sods, Sources: sources, Keywords: *keywords, Limit: *limit, Offset: *offset, Explain: *explain}
	for _, a := range fs.Args() {
		r, err := repository.ParseRestriction(a)
		if err != nil {
			return usagef("%v", err)
		}
		q.Where = append(q.Where, r)
	}
	if *join != "" {
		j, err := repository.ParseJoin(*join)
		if err != nil {
			return usagef("%v", err)
		}
		q.Join = j
	}
	r, err := repository.OpenReader(*repo)
	if err != nil {
		return err
	}
	defer r.Close()
	bw := bufio.NewWriter(m.Stdout)
	defer bw.Flush()
	if *schema {
		return writeSchema(bw, r)
	}
	res, err := r.Search(ctx, q)
	if err != nil {
		return err
	}
	if *explain {
		fmt.Fprintf(m.Stderr, "plan: %s\n", strings.ReplaceAll(res.Plan, "\n", "\n  "))
	}
	cols := resultColumns(r, res, q)
	switch *format {
	case "jsonl":
		err = writeJSONL(bw, res, *offset)
	case "csv":
		err = writeCSV(bw, res, cols, *offset)
	default:
		err = writeTable(bw, res, cols, *offset, *explain)
	}
	if err != nil {
		return err
	}
	m.Log.Info("query", "results", len(res.Hits), "matching", res.Total, "took", res.Took.Round(1000))
	return bw.Flush()
}

// column is one field shown in table and CSV output.
type column struct {
	joined bool // a field of the joined object
	name   string
	title  string
}

// resultColumns lists the top-level fields of the SODs in the results
// (the left SOD's, then the right one's in a join).
func resultColumns(r *repository.Reader, res *repository.Result, q *repository.Query) []column {
	var cols []column
	seen := map[string]bool{}
	add := func(sodName string, joined bool) {
		info := r.SOD(sodName)
		if info == nil {
			return
		}
		for _, f := range info.SOD.Root.Fields {
			title := f.Name
			if q.Join != nil {
				title = sodName + "." + f.Name
			}
			if key := fmt.Sprint(joined, f.Name); !seen[key] {
				seen[key] = true
				cols = append(cols, column{joined: joined, name: f.Name, title: title})
			}
		}
	}
	if q.Join != nil {
		add(q.Join.Left.SOD, false)
		add(q.Join.Right.SOD, true)
		return cols
	}
	for _, n := range res.SODs {
		add(n, false)
	}
	return cols
}

// objectPart returns one member ("object", "normalized") of a stored object line.
func objectPart(raw json.RawMessage, member string) map[string]json.RawMessage {
	var line map[string]json.RawMessage
	if json.Unmarshal(raw, &line) != nil {
		return nil
	}
	var part map[string]json.RawMessage
	json.Unmarshal(line[member], &part)
	return part
}

// cell renders a field value: strings as they are, sets joined by " | ",
// nested tuples as JSON.
func cell(v json.RawMessage) string {
	if len(v) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	var arr []json.RawMessage
	if json.Unmarshal(v, &arr) == nil {
		parts := make([]string, len(arr))
		for i, e := range arr {
			parts[i] = cell(e)
		}
		return strings.Join(parts, " | ")
	}
	return string(v)
}

func cells(h *repository.Hit, cols []column, truncate int) []string {
	left := objectPart(h.Object, "object")
	var right map[string]json.RawMessage
	if h.Joined != nil {
		right = objectPart(h.Joined.Object, "object")
	}
	out := make([]string, len(cols))
	for i, c := range cols {
		src := left
		if c.joined {
			src = right
		}
		s := strings.Join(strings.Fields(cell(src[c.name])), " ")
		if truncate > 0 && utf8.RuneCountInString(s) > truncate {
			s = string([]rune(s)[:truncate-1]) + "…"
		}
		out[i] = s
	}
	return out
}

func writeTable(w io.Writer, res *repository.Result, cols []column, offset int, explain bool) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := []string{"#", "score", "conf", "source", "page"}
	for _, c := range cols {
		head = append(head, c.title)
	}
	joined := len(res.Hits) > 0 && res.Hits[0].Joined != nil
	if joined {
		head = append(head, "joined source", "joined page")
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for i, h := range res.Hits {
		row := []string{strconv.Itoa(offset + i + 1), fmt.Sprintf("%.3f", h.Score), fmt.Sprintf("%.3f", h.Confidence), h.Source, h.Page}
		row = append(row, cells(h, cols, 40)...)
		if h.Joined != nil {
			row = append(row, h.Joined.Source, h.Joined.Page)
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "%d of %d results\n", len(res.Hits), res.Total)
	if explain {
		for i, h := range res.Hits {
			fmt.Fprintf(w, "\n#%d %s/%s#%d\n  %s\n", offset+i+1, h.Source, h.Page, h.Index, strings.ReplaceAll(h.Explanation, "\n", "\n  "))
		}
	}
	return nil
}

func writeCSV(w io.Writer, res *repository.Result, cols []column, offset int) error {
	cw := csv.NewWriter(w)
	head := []string{"rank", "score", "relevance", "confidence", "sod", "source", "page", "index"}
	for _, c := range cols {
		head = append(head, c.title)
	}
	joined := len(res.Hits) > 0 && res.Hits[0].Joined != nil
	if joined {
		head = append(head, "joined_sod", "joined_source", "joined_page", "joined_index")
	}
	cw.Write(head)
	for i, h := range res.Hits {
		row := []string{strconv.Itoa(offset + i + 1), ff(h.Score), ff(h.Relevance), ff(h.Confidence), h.SOD, h.Source, h.Page, strconv.Itoa(h.Index)}
		row = append(row, cells(h, cols, 0)...)
		if h.Joined != nil {
			row = append(row, h.Joined.SOD, h.Joined.Source, h.Joined.Page, strconv.Itoa(h.Joined.Index))
		}
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

func ff(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }

// queryLine is one result in JSON Lines output.
type queryLine struct {
	Rank       int                        `json:"rank,omitempty"`
	Score      float64                    `json:"score"`
	Relevance  float64                    `json:"relevance"`
	Confidence float64                    `json:"confidence"`
	SOD        string                     `json:"sod"`
	Source     string                     `json:"source"`
	Page       string                     `json:"page"`
	Index      int                        `json:"index"`
	Object     map[string]json.RawMessage `json:"object"`
	Normalized map[string]json.RawMessage `json:"normalized,omitempty"`
	Joined     *queryLine                 `json:"joined,omitempty"`
	Explain    string                     `json:"explain,omitempty"`
}

func lineOf(h *repository.Hit) *queryLine {
	l := &queryLine{Score: h.Relevance * h.Confidence, Relevance: h.Relevance, Confidence: h.Confidence,
		SOD: h.SOD, Source: h.Source, Page: h.Page, Index: h.Index,
		Object: objectPart(h.Object, "object"), Normalized: objectPart(h.Object, "normalized")}
	if h.Joined != nil {
		l.Joined = lineOf(h.Joined)
	}
	return l
}

func writeJSONL(w io.Writer, res *repository.Result, offset int) error {
	enc := json.NewEncoder(w)
	for i, h := range res.Hits {
		l := lineOf(h)
		l.Rank, l.Score, l.Explain = offset+i+1, h.Score, h.Explanation
		if err := enc.Encode(l); err != nil {
			return err
		}
	}
	return nil
}

// writeSchema prints the repository's SODs with their fields and sources.
func writeSchema(w io.Writer, r *repository.Reader) error {
	for _, name := range r.SODs() {
		info := r.SOD(name)
		srcs := r.Sources(name)
		objects := 0
		for _, e := range srcs {
			objects += e.Objects
		}
		fmt.Fprintf(w, "SOD %s: %d sources, %d objects\n", name, len(srcs), objects)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, f := range info.Fields {
			kind := f.Kind.String()
			if f.Predefined != "" {
				kind += " (" + f.Predefined + ")"
			}
			if f.Many {
				kind += ", several per object"
			}
			fmt.Fprintf(tw, "  %s\t%s\n", f.Path, kind)
		}
		tw.Flush()
		for _, e := range srcs {
			fmt.Fprintf(w, "  source %s: %d objects from %d pages in %s, indexed %s\n", e.Name, e.Objects, e.Pages, e.Root, e.Indexed.Format("2006-01-02 15:04"))
		}
	}
	fmt.Fprintln(w, "every object also has _text (its page's text, ~ words), _source, _page, _conf")
	return nil
}
