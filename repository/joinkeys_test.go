package repository

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// buildJoinRepo writes a generated repository of books (4 sources) and
// concerts (2 sources), the benchmark's objects, in small batches so that
// every index has several segments.
func buildJoinRepo(t *testing.T, perBook, perConcert int) string {
	t.Helper()
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(7, 8))
	z := newZipf(r)
	type src struct {
		sodName, text, name string
		n                   int
	}
	var srcs []src
	for i := range 4 {
		srcs = append(srcs, src{"book", bookSOD, fmt.Sprintf("shop-%02d", i), perBook})
	}
	for i := range 2 {
		srcs = append(srcs, src{"concert", concertSOD, fmt.Sprintf("venue-%02d", i), perConcert})
	}
	for _, s := range srcs {
		sd, err := sod.Parse(s.sodName+".toml", []byte(s.text))
		if err != nil {
			t.Fatal(err)
		}
		pageText := map[string]string{}
		w, err := NewWriter(dir, sd, s.name, t.TempDir(), WriterOptions{SODText: s.text, BatchSize: 50,
			PageText: func(p string) (string, error) { return pageText[p], nil }})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < s.n; i += 10 {
			page := fmt.Sprintf("%05d.html", i/10)
			var objs []*wrapper.Object
			for j := 0; j < 10 && i+j < s.n; j++ {
				if s.sodName == "book" {
					objs = append(objs, benchBook(r, z, page, j))
				} else {
					objs = append(objs, benchConcert(r, page, j))
				}
			}
			pageText[page] = strings.Join(z.words(30), " ")
			for _, o := range objs {
				if err := w.Add(o); err != nil {
					t.Fatal(err)
				}
			}
		}
		if _, err := w.Commit(s.n / 10); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestJoinKeysFromPostings runs joins with the keys read from the index's
// postings (the default) and from each object's stored fields (the path
// before, storedJoinKeys) and requires the same results: totals, objects,
// scores, relevances, confidences, joined objects and plans.
func TestJoinKeysFromPostings(t *testing.T) {
	dir := buildJoinRepo(t, 600, 400)
	r, err := OpenReader(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// The internal IDs of later segments are offset by the earlier ones:
	// the repository must have indexes of several segments.
	maxSegs := 0
	for _, idx := range r.indexes {
		adv, err := idx.Advanced()
		if err != nil {
			t.Fatal(err)
		}
		ir, err := adv.Reader()
		if err != nil {
			t.Fatal(err)
		}
		if is, ok := ir.(*scorch.IndexSnapshot); ok {
			maxSegs = max(maxSegs, len(is.Segments()))
		}
		ir.Close()
	}
	if maxSegs < 2 {
		t.Fatalf("indexes have at most %d segment(s), want several", maxSegs)
	}
	type tc struct {
		join, keywords string
		where          []string
		limit, offset  int
	}
	var cases []tc
	for _, m := range []string{"2009-01", "2010-06", "2011-12"} {
		cases = append(cases, tc{join: "concert.artist=book.author", where: []string{"concert.date=" + m}})
		cases = append(cases, tc{join: "book.author=concert.artist", where: []string{"concert.date=" + m}, limit: 7, offset: 3})
	}
	cases = append(cases,
		tc{join: "concert.artist=book.author"},
		tc{join: "book.author=concert.artist", limit: 1000},
		tc{join: "concert.artist=book.author", where: []string{"book.price<20"}, limit: 500},
		tc{join: "concert.artist=book.author", where: []string{"title~" + vocab[3]}, limit: 50},
		tc{join: "concert.artist=book.author", where: []string{"title~" + vocab[5], "concert.date>=2010-03"}, limit: 50},
		tc{join: "concert.artist=book.author", keywords: vocab[2], limit: 50},
		tc{join: "concert.artist=book.title"},
		tc{join: "concert.address=book.author"},
	)
	dump := func(res *Result) string {
		var b strings.Builder
		fmt.Fprintf(&b, "total=%d sods=%v\nplan=%s\n", res.Total, res.SODs, res.Plan)
		for _, h := range res.Hits {
			for x := h; x != nil; x = x.Joined {
				fmt.Fprintf(&b, "%s %s %s %s %d %.17g %.17g %.17g %.17g %s|", x.id, x.SOD, x.Source, x.Page, x.Index,
					x.Score, x.Relevance, x.RawScore, x.Confidence, x.Object)
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	pairs := 0
	for _, c := range cases {
		name := c.join + " " + c.keywords + " " + strings.Join(c.where, " ")
		t.Run(name, func(t *testing.T) {
			j, err := ParseJoin(c.join)
			if err != nil {
				t.Fatal(err)
			}
			run := func(stored bool) string {
				storedJoinKeys = stored
				defer func() { storedJoinKeys = false }()
				q := &Query{Join: j, Where: parseAll(t, c.where), Keywords: c.keywords, Limit: c.limit, Offset: c.offset, Explain: true}
				res, err := r.Search(context.Background(), q)
				if err != nil {
					t.Fatal(err)
				}
				pairs += res.Total
				return dump(res)
			}
			old, got := run(true), run(false)
			if got != old {
				t.Errorf("keys from postings:\n%s\nkeys from stored fields:\n%s", got, old)
			}
		})
	}
	if pairs == 0 {
		t.Error("no join found a pair")
	}
	// The keys read from whole dictionaries are kept per index and field
	// (the read-only indexes keep one snapshot), not per query.
	if n, most := len(r.allKeys), 4*len(r.indexes); n == 0 || n > most {
		t.Errorf("%d sets of keys kept, want 1 to %d (4 join fields × %d indexes)", n, most, len(r.indexes))
	}
	n := len(r.allKeys)
	j, _ := ParseJoin("concert.artist=book.author")
	if _, err := r.Search(context.Background(), &Query{Join: j}); err != nil {
		t.Fatal(err)
	}
	if len(r.allKeys) != n {
		t.Errorf("a join run again kept %d more sets of keys", len(r.allKeys)-n)
	}
}

// TestUnfilteredFullText compares full-text queries over several SODs
// without a restriction (searched without a filter: the SOD terms'
// disjunction matched everything) with the same queries restricted by a
// filter every object passes (_conf>=0: searched with a filter, as all
// were before): same totals, objects, scores and order.
func TestUnfilteredFullText(t *testing.T) {
	dir := buildJoinRepo(t, 300, 200)
	r, err := OpenReader(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	dump := func(res *Result) string {
		var b strings.Builder
		fmt.Fprintf(&b, "total=%d sods=%v\n", res.Total, res.SODs)
		for _, h := range res.Hits {
			fmt.Fprintf(&b, "%s %.17g %.17g %.17g %.17g %s\n", h.id, h.Score, h.Relevance, h.RawScore, h.Confidence, h.Object)
		}
		return b.String()
	}
	matched := 0
	for _, kw := range []string{vocab[0], vocab[1] + " " + vocab[2], vocab[0] + " " + vocab[4], vocab[9]} {
		for _, sods := range [][]string{nil, {"book", "concert"}, {"book"}} {
			for _, limit := range []int{5, 40} {
				q := func(where ...string) *Query {
					return &Query{SODs: sods, Keywords: kw, Where: parseAll(t, where), Limit: limit}
				}
				plain, err := r.Search(context.Background(), q())
				if err != nil {
					t.Fatal(err)
				}
				filtered, err := r.Search(context.Background(), q("_conf>=0"))
				if err != nil {
					t.Fatal(err)
				}
				matched += plain.Total
				if got, want := dump(plain), dump(filtered); got != want {
					t.Errorf("-k %q, SODs %v, limit %d: without a filter\n%s\nwith _conf>=0\n%s", kw, sods, limit, got, want)
				}
			}
		}
	}
	if matched == 0 {
		t.Error("no query matched")
	}
}

// TestCachedConfs checks the confidences the Reader keeps by internal ID
// against those Bleve's sort decodes for each document, in every index of
// a multi-segment repository.
func TestCachedConfs(t *testing.T) {
	dir := buildJoinRepo(t, 200, 150)
	r, err := OpenReader(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	checked := 0
	for _, idx := range r.indexes {
		adv, err := idx.Advanced()
		if err != nil {
			t.Fatal(err)
		}
		ir, err := adv.Reader()
		if err != nil {
			t.Fatal(err)
		}
		confs, ok, err := r.cachedConfs(ir)
		ir.Close()
		if err != nil || !ok {
			t.Fatalf("cachedConfs: %v, %v", ok, err)
		}
		n, err := idx.DocCount()
		if err != nil {
			t.Fatal(err)
		}
		req := bleve.NewSearchRequestOptions(bleve.NewMatchAllQuery(), int(n), 0, false)
		req.SortByCustom(topOrder())
		res, err := idx.Search(req)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range res.Hits {
			want, err := strconv.ParseFloat(h.DecodedSort[0], 64)
			if err != nil {
				t.Fatal(err)
			}
			id := binary.BigEndian.Uint64(h.IndexInternalID)
			if id >= uint64(len(confs)) || confs[id] != want {
				t.Fatalf("%s (internal %d): kept confidence differs from %v", h.ID, id, want)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Error("no document checked")
	}
}
