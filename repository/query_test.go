package repository

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2/search/query"
)

// ids returns "source/page#index" for each hit, and "+source/page#index"
// after it for a joined object.
func ids(hits []*Hit) []string {
	var out []string
	for _, h := range hits {
		s := fmt.Sprintf("%s/%s#%d", h.Source, h.Page, h.Index)
		if h.Joined != nil {
			s += fmt.Sprintf("+%s/%s#%d", h.Joined.Source, h.Joined.Page, h.Joined.Index)
		}
		out = append(out, s)
	}
	return out
}

func parseAll(t *testing.T, where []string) []Restriction {
	t.Helper()
	var out []Restriction
	for _, w := range where {
		r, err := ParseRestriction(w)
		if err != nil {
			t.Fatalf("ParseRestriction(%q): %v", w, err)
		}
		out = append(out, r)
	}
	return out
}

// TestQuery runs queries by example on the fixture repository and checks
// the exact results, in order. Without a full-text part results are ranked
// by confidence (ties by source, page, index); with one, by relevance ×
// confidence.
func TestQuery(t *testing.T) {
	r, err := OpenReader(buildFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	tests := []struct {
		name     string
		sods     []string
		sources  []string
		where    []string
		keywords string
		join     string
		limit    int
		offset   int
		want     []string
		total    int
	}{
		// Exact values: whole value, case and punctuation folded.
		{name: "exact set value", where: []string{"author=ann meyer"},
			want: []string{"shop-a/a3.html#0", "shop-a/a2.html#1"}},
		{name: "exact is not a word match", where: []string{"author=Meyer"}, want: nil},
		{name: "exact title with quotes", where: []string{`title="The Overton Window"`},
			want: []string{"shop-a/a1.html#0"}},
		{name: "identifier by its normalised form", where: []string{"isbn=9781439184301"},
			want: []string{"shop-a/a1.html#0"}},
		{name: "identifier as written", where: []string{"isbn=978-1-4391-8430-1"},
			want: []string{"shop-a/a1.html#0"}},
		{name: "price as the page writes it", where: []string{"price=$24.50"},
			want: []string{"shop-a/a2.html#0"}},
		{name: "date as the page writes it", where: []string{"date=July 13, 2010"},
			want: []string{"events/e1.html#0"}},
		// Ranges: numbers from the recognizers' normalised values, across SODs.
		{name: "price below", where: []string{"price<20"},
			want: []string{"shop-a/a1.html#0", "shop-b/b1.html#0", "shop-a/a3.html#0", "shop-b/b1.html#1", "shop-a/a2.html#1"}},
		{name: "price between, inclusive", where: []string{"price>=19.99", "price<=24.50"},
			want: []string{"shop-a/a2.html#0", "shop-b/b1.html#1"}},
		{name: "price above, strict", where: []string{"price>85"}, want: []string{"events/e2.html#0"}},
		{name: "dates from a day on, books and concerts", where: []string{"date>=2010-01-01"},
			want: []string{"events/e1.html#1", "shop-a/a1.html#0", "events/e1.html#0"}},
		{name: "dates before a month", where: []string{"date<2009-06"},
			want: []string{"shop-b/b1.html#0", "shop-a/a2.html#0", "shop-b/b1.html#1", "shop-a/a2.html#1"}},
		{name: "a year is an interval", where: []string{"date=2009"},
			want: []string{"events/e2.html#0", "shop-a/a1.html#1", "shop-a/a2.html#1"}},
		{name: "up to a year, inclusive", where: []string{"date<=2006"},
			want: []string{"shop-b/b1.html#0", "shop-b/b1.html#1"}},
		{name: "SOD chosen", sods: []string{"book"}, where: []string{"date>=2010-01-01"},
			want: []string{"shop-a/a1.html#0"}},
		{name: "SOD by qualifier", where: []string{"concert.date>=2010-01-01"},
			want: []string{"events/e1.html#1", "events/e1.html#0"}},
		{name: "source chosen", sources: []string{"shop-b"}, where: []string{"price<20"},
			want: []string{"shop-b/b1.html#0", "shop-b/b1.html#1"}},
		{name: "confidence floor", where: []string{"_conf>=0.9"},
			want: []string{"events/e1.html#1", "shop-a/a1.html#0", "shop-b/b1.html#0"}},
		{name: "limit and offset", where: []string{"price<20"}, limit: 2, offset: 1,
			want: []string{"shop-b/b1.html#0", "shop-a/a3.html#0"}, total: 5},
		// Full text: relevance × confidence.
		{name: "words of a field", where: []string{"author~meyer"},
			// Equal relevance but for a2#1, where "Ann Meyer" is one name of
			// two (a longer field): its score is below 0.25.
			want: []string{"shop-b/b1.html#0", "shop-a/a3.html#0", "shop-b/b1.html#1", "shop-a/a2.html#1"}},
		{name: "words of a title", where: []string{"title~window"},
			want: []string{"shop-a/a1.html#0", "shop-a/a3.html#0"}},
		// e1 says "tickets" three times, e2 once, in texts of equal length:
		// e1's objects have relevance 1, e2's r < 1.
		{name: "keywords over the page text", keywords: "tickets", sources: []string{"events"},
			want: []string{"events/e1.html#1", "events/e1.html#0", "events/e2.html#0"}},
		// Across sources, relevance uses global document and token counts,
		// but Bleve's BM25 takes a word's document frequency from each
		// source's index: "tickets" is rarer in shop-a (2 objects of 5)
		// than in events (3 of 3), so a2's single "tickets" ranks above e2's.
		{name: "keywords across sources", keywords: "tickets",
			want: []string{"events/e1.html#1", "events/e1.html#0", "shop-a/a2.html#0", "events/e2.html#0", "shop-a/a2.html#1"}},
		{name: "keywords: every word", keywords: "tickets summer",
			want: []string{"events/e1.html#1", "events/e1.html#0"}},
		// Equal relevance on a1 and a3: by confidence.
		{name: "words of the page text", where: []string{`_text~"free shipping"`}, sources: []string{"shop-a"},
			want: []string{"shop-a/a1.html#0", "shop-a/a1.html#1", "shop-a/a3.html#0"}},
		{name: "keywords and a range", keywords: "shipping", where: []string{"price<20"}, sources: []string{"shop-a"},
			want: []string{"shop-a/a1.html#0", "shop-a/a3.html#0"}},
		// Joins across SODs: concerts whose artist wrote a book.
		{name: "join", join: "concert.artist=book.author",
			want: []string{"events/e1.html#0+shop-a/a2.html#0", "events/e1.html#1+shop-a/a2.html#1"}},
		{name: "join, restriction on the right", join: "concert.artist=book.author", where: []string{"book.price<10"},
			want: []string{"events/e1.html#1+shop-a/a2.html#1"}},
		{name: "join, unqualified field of one side", join: "concert.artist=book.author", where: []string{"title~lyrics"},
			want: []string{"events/e1.html#0+shop-a/a2.html#0"}},
		{name: "join, restriction on the left", join: "concert.artist=book.author", where: []string{"concert.date>=2010-06"},
			want: []string{"events/e1.html#0+shop-a/a2.html#0"}},
		{name: "join, the other way round", join: "book.author=concert.artist",
			want: []string{"shop-a/a2.html#0+events/e1.html#0", "shop-a/a2.html#1+events/e1.html#1"}},
		{name: "join, nothing in common", join: "concert.artist=book.title", want: nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := &Query{SODs: tc.sods, Sources: tc.sources, Where: parseAll(t, tc.where), Keywords: tc.keywords,
				Limit: tc.limit, Offset: tc.offset, Explain: true}
			if tc.join != "" {
				j, err := ParseJoin(tc.join)
				if err != nil {
					t.Fatal(err)
				}
				q.Join = j
			}
			res, err := r.Search(context.Background(), q)
			if err != nil {
				t.Fatalf("Search: %v", err)
			}
			if got, want := strings.Join(ids(res.Hits), " "), strings.Join(tc.want, " "); got != want {
				t.Errorf("results\n got %s\nwant %s\nplan: %s", got, want, res.Plan)
				for _, h := range res.Hits {
					t.Logf("%s/%s#%d: %s", h.Source, h.Page, h.Index, h.Explanation)
				}
			}
			total := tc.total
			if total == 0 {
				total = len(tc.want)
			}
			if res.Total != total {
				t.Errorf("Total = %d, want %d", res.Total, total)
			}
			checkScores(t, res.Hits)
		})
	}
}

// checkScores checks the ranking invariants: Score = Relevance ×
// Confidence (times the joined object's), relevance in (0,1], scores not
// increasing, an explanation for each.
func checkScores(t *testing.T, hits []*Hit) {
	t.Helper()
	for i, h := range hits {
		want := h.Relevance * h.Confidence
		if h.Joined != nil {
			want *= h.Joined.Relevance * h.Joined.Confidence
		}
		if math.Abs(h.Score-want) > 1e-12 {
			t.Errorf("hit %d: Score %v, want %v", i, h.Score, want)
		}
		if h.Relevance <= 0 || h.Relevance > 1 {
			t.Errorf("hit %d: Relevance %v outside (0,1]", i, h.Relevance)
		}
		if i > 0 && h.Score > hits[i-1].Score {
			t.Errorf("hit %d scores %v, above hit %d (%v)", i, h.Score, i-1, hits[i-1].Score)
		}
		if !strings.Contains(h.Explanation, "confidence") {
			t.Errorf("hit %d: explanation %q", i, h.Explanation)
		}
		if len(h.Object) == 0 {
			t.Errorf("hit %d: no object", i)
		}
	}
}

func TestQueryErrors(t *testing.T) {
	r, err := OpenReader(buildFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	tests := []struct {
		name  string
		sods  []string
		srcs  []string
		where []string
		join  string
		want  string
	}{
		{"unknown field", nil, nil, []string{"auther=x"}, "", "no SOD has every field the restrictions name (book: title, author, price, date, isbn; concert: artist, date, address, price)"},
		{"field of another SOD", []string{"concert"}, nil, []string{"title~x"}, "", `SOD concert has no field "title"`},
		{"unknown SOD", []string{"movie"}, nil, nil, "", `no SOD "movie" in the repository (SODs: book, concert)`},
		{"range on text", nil, nil, []string{"title<b"}, "", "field title is text; ranges apply to numeric and date fields"},
		{"not a number", nil, nil, []string{"price<cheap"}, "", `"cheap" is not a number`},
		{"not a date", nil, nil, []string{"date>=someday"}, "", `"someday" is not a date`},
		{"source takes =", nil, nil, []string{"_source~shop"}, "", "_source takes = only"},
		{"no phrases", nil, nil, []string{`_text="free shipping"`}, "", "the page text takes ~ (all the words, in any order; phrases are not indexed)"},
		{"unknown source", nil, []string{"nope"}, []string{"price<20"}, "", "no source named nope"},
		{"two SODs without a join", nil, nil, []string{"book.price<10", "concert.price<100"}, "", "use --join"},
		{"ambiguous field in a join", nil, nil, []string{"date>=2010"}, "concert.artist=book.author", "both concert and book have field date: write concert.date or book.date"},
		{"join on an unknown field", nil, nil, nil, "concert.artist=book.writer", `join: SOD book has no field "writer"`},
		{"join on an unknown SOD", nil, nil, nil, "concert.artist=movie.actor", `join: no SOD "movie"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := &Query{SODs: tc.sods, Sources: tc.srcs, Where: parseAll(t, tc.where)}
			if tc.join != "" {
				j, err := ParseJoin(tc.join)
				if err != nil {
					t.Fatal(err)
				}
				q.Join = j
			}
			_, err := r.Search(context.Background(), q)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestParseRestriction(t *testing.T) {
	tests := []struct {
		in   string
		want Restriction
		err  string
	}{
		{"author=Meyer", Restriction{Field: "author", Op: OpEq, Value: "Meyer"}, ""},
		{"price < 20", Restriction{Field: "price", Op: OpLt, Value: "20"}, ""},
		{"date>=2010-01-01", Restriction{Field: "date", Op: OpGe, Value: "2010-01-01"}, ""},
		{"date<=2010", Restriction{Field: "date", Op: OpLe, Value: "2010"}, ""},
		{"price>5", Restriction{Field: "price", Op: OpGt, Value: "5"}, ""},
		{`title~"the window"`, Restriction{Field: "title", Op: OpMatch, Value: "the window"}, ""},
		{"book.author=A = B", Restriction{Field: "book.author", Op: OpEq, Value: "A = B"}, ""},
		{"credits.name~x", Restriction{Field: "credits.name", Op: OpMatch, Value: "x"}, ""},
		{"_text~sold out", Restriction{Field: "_text", Op: OpMatch, Value: "sold out"}, ""},
		{"author", Restriction{}, "expected FIELD OP VALUE"},
		{"=x", Restriction{}, "expected FIELD OP VALUE"},
		{"author=", Restriction{}, "no value after ="},
		{`author=""`, Restriction{}, "no value after ="},
	}
	for _, tc := range tests {
		got, err := ParseRestriction(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseRestriction(%q) error = %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseRestriction(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseJoin(t *testing.T) {
	j, err := ParseJoin("concert.artist = book.author")
	if err != nil || *j != (Join{Left: FieldRef{"concert", "artist"}, Right: FieldRef{"book", "author"}}) {
		t.Errorf("ParseJoin = %+v, %v", j, err)
	}
	for _, bad := range []string{"concert.artist", "artist=author", "concert.=book.author", "book.a=book.b"} {
		if _, err := ParseJoin(bad); err == nil {
			t.Errorf("ParseJoin(%q) succeeded", bad)
		}
	}
}

func TestDateInterval(t *testing.T) {
	tests := []struct{ in, start, end string }{
		{"2010", "2010-01-01T00:00:00Z", "2011-01-01T00:00:00Z"},
		{"2010-06", "2010-06-01T00:00:00Z", "2010-07-01T00:00:00Z"},
		{"2010-06-13", "2010-06-13T00:00:00Z", "2010-06-14T00:00:00Z"},
		{"2010-06-13T20:00", "2010-06-13T20:00:00Z", "2010-06-13T20:01:00Z"},
		{"--06-13", "", ""},
		{"June", "", ""},
	}
	for _, tc := range tests {
		s, e, ok := dateInterval(tc.in)
		if tc.start == "" {
			if ok {
				t.Errorf("dateInterval(%q) ok", tc.in)
			}
			continue
		}
		if !ok || s.Format("2006-01-02T15:04:05Z07:00") != tc.start || e.Format("2006-01-02T15:04:05Z07:00") != tc.end {
			t.Errorf("dateInterval(%q) = %v, %v, %v", tc.in, s, e, ok)
		}
	}
}

// The one-pass ranking (topScores: matches dropped below the need-th best
// as they arrive, from each source's index) gives the same results as
// ranking every match. Titles hold "alpha" and eight, nine or
// ten other words: three close levels of relevance of 240 objects each
// across two sources, with confidences spread over [0.5, 1), so that the
// best scores interleave the levels and the candidates kept are pruned
// several times. Queried with limits and offsets and compared with one
// query whose limit covers every match.
func TestRankingInBatches(t *testing.T) {
	dir := t.TempDir()
	n := 0
	for s := range 2 {
		src := fixtureSource{sod: "book", name: fmt.Sprintf("gen-%d", s), pages: map[string]string{}}
		for level := 1; level <= 3; level++ {
			for range 120 {
				title := "alpha"
				for w := range 7 + level {
					title += fmt.Sprintf(" w%dx%d", n, w)
				}
				conf := 0.5 + float64((n*37)%64)/128
				page := fmt.Sprintf("%04d.html", n/4)
				src.pages[page] = "books"
				src.objects = append(src.objects, obj(page, n%4, conf, "title", title, "author", []string{"Ann Meyer"}, "price", "$5.00"))
				n++
			}
		}
		indexSource(t, dir, src)
	}
	rd, err := OpenReader(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	all, err := rd.Search(context.Background(), &Query{Where: parseAll(t, []string{"title~alpha"}), Limit: 5000})
	if err != nil {
		t.Fatal(err)
	}
	if all.Total != 720 || len(all.Hits) != 720 {
		t.Fatalf("%d of %d hits, want 720", len(all.Hits), all.Total)
	}
	levels := map[float64]bool{}
	for _, h := range all.Hits[:60] {
		levels[h.Relevance] = true
	}
	if len(levels) < 2 {
		t.Fatalf("the best 60 results have one relevance level: the fixture does not interleave levels")
	}
	for _, page := range []struct{ limit, offset int }{{1, 0}, {5, 0}, {30, 0}, {20, 40}, {10, 140}, {25, 300}, {10, 715}} {
		res, err := rd.Search(context.Background(), &Query{Where: parseAll(t, []string{"title~alpha"}), Limit: page.limit, Offset: page.offset})
		if err != nil {
			t.Fatal(err)
		}
		want := ids(all.Hits[page.offset:min(len(all.Hits), page.offset+page.limit)])
		if got := ids(res.Hits); strings.Join(got, " ") != strings.Join(want, " ") || res.Total != all.Total {
			t.Errorf("limit %d offset %d:\n got %v (total %d)\nwant %v\n%s", page.limit, page.offset, got, res.Total, want, res.Plan)
		}
	}
}

// TestCountAllFromDocCounts: a side without restrictions is counted from
// its indexes' document counts; that is the count a pass over its matches
// gives, for each SOD and for chosen sources.
func TestCountAllFromDocCounts(t *testing.T) {
	r, err := OpenReader(buildFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, q := range []*Query{{SODs: []string{"book"}}, {SODs: []string{"concert"}}, {SODs: []string{"book"}, Sources: []string{"shop-a"}}} {
		sides, err := r.plan(q)
		if err != nil {
			t.Fatal(err)
		}
		sd := sides[0]
		if _, ok := sd.filter.(*query.MatchAllQuery); !ok {
			t.Fatalf("%+v: filter %T, want match all", q, sd.filter)
		}
		got, err := r.count(context.Background(), sd)
		if err != nil {
			t.Fatal(err)
		}
		res, err := runSearch(context.Background(), r.alias(sd.entries), countRequest(sd.filter))
		if err != nil {
			t.Fatal(err)
		}
		if got != res.Total || got == 0 {
			t.Errorf("%+v: count %d, a pass over the matches %d", q, got, res.Total)
		}
	}
}

// TestRankingConfidenceAboveOne: a full-text ranking over an index holding
// confidences above 1 (which the score no longer bounds) reads every
// match's confidence, and still puts the object whose low score a high
// confidence lifts first.
func TestRankingConfidenceAboveOne(t *testing.T) {
	dir := t.TempDir()
	for s, lifted := range []float64{1, 4} {
		src := fixtureSource{sod: "book", name: fmt.Sprintf("gen-%d", s), pages: map[string]string{}}
		for n := range 200 {
			page := fmt.Sprintf("%04d.html", n)
			src.pages[page] = "books"
			title, conf := "alpha alpha alpha", 0.9
			if n == 150 {
				title, conf = "alpha and many other words in a long title", lifted
			}
			src.objects = append(src.objects, obj(page, 0, conf, "title", title, "author", []string{"Ann Meyer"}, "price", "$5.00"))
		}
		indexSource(t, dir, src)
	}
	rd, err := OpenReader(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	for _, sources := range [][]string{{"gen-0"}, {"gen-1"}, nil} {
		sides, err := rd.plan(&Query{SODs: []string{"book"}, Sources: sources})
		if err != nil {
			t.Fatal(err)
		}
		bounded, err := rd.confAtMostOne(context.Background(), sides[0].entries)
		if err != nil {
			t.Fatal(err)
		}
		if want := len(sources) == 1 && sources[0] == "gen-0"; bounded != want {
			t.Errorf("sources %v: confidences at most 1 = %v, want %v", sources, bounded, want)
		}
		all, err := rd.Search(context.Background(), &Query{Sources: sources, Where: parseAll(t, []string{"title~alpha"}), Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		top, err := rd.Search(context.Background(), &Query{Sources: sources, Where: parseAll(t, []string{"title~alpha"}), Limit: 3})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := strings.Join(ids(top.Hits), " "), strings.Join(ids(all.Hits[:3]), " "); got != want {
			t.Errorf("sources %v: best 3\n got %s\nwant %s", sources, got, want)
		}
		if sources == nil || sources[0] == "gen-1" {
			if h := top.Hits[0]; h.Source != "gen-1" || h.Page != "0150.html" {
				t.Errorf("sources %v: first %s/%s, want the lifted object gen-1/0150.html", sources, h.Source, h.Page)
			}
		}
	}
}
