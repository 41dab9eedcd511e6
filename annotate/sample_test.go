package annotate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeSource writes n book pages into a temporary source. Page i carries a
// title always, an ISBN when i%2==0, a known author when i%3==0, and a
// navigation bar with a title noise hit outside the main content.
func writeSource(t *testing.T, n int, isbn func(i int) bool) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	for i := range n {
		var b strings.Builder
		b.WriteString(`<html><body><div id="nav"><a href="/">Home</a><a href="/d">Dune</a></div><div id="main">`)
		b.WriteString(`<h1>Emma</h1>`)
		if i%3 == 0 {
			b.WriteString(`<h2>by <a>Jane Austen</a></h2>`)
		} else {
			b.WriteString(`<h2>by <a>Unknown Writer</a></h2>`)
		}
		if isbn(i) {
			fmt.Fprintf(&b, `<p><b>ISBN</b>: 978%010d</p>`, i)
		}
		b.WriteString(`<p>Other text</p></div></body></html>`)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%03d.html", i)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	paths, err := ListSource(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, paths
}

func TestSample(t *testing.T) {
	s, recs := bookSOD()
	a, err := NewAnnotator(s, recs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir, paths := writeSource(t, 60, func(i int) bool { return i%2 == 0 })
	var progress int
	res, err := Sample(context.Background(), paths, dir, a, SampleOptions{
		K: 5, ProbePages: 6, MaxTexts: 5, Workers: 3,
		Progress: func(Progress) { progress++ },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 5 || res.Total != 60 || progress == 0 {
		t.Fatalf("got %d pages of %d, %d progress calls", len(res.Pages), res.Total, progress)
	}
	// The richest pages hold title, author and ISBN: i%6==0; ties in source order.
	var got []string
	for _, p := range res.Pages {
		got = append(got, p.Path)
	}
	if g, want := strings.Join(got, " "), "000.html 006.html 012.html 018.html 024.html"; g != want {
		t.Fatalf("sample=%s, want %s", g, want)
	}
	if res.Segment != "html/body/div[2]" {
		t.Fatalf("Segment=%q, want the main div", res.Segment)
	}
	for _, p := range res.Pages {
		for _, an := range p.Annotations {
			if strings.HasPrefix(NodePath(an.Node), "html/body/div[1]") {
				t.Fatalf("%s: annotation %s outside the segment at %s", p.Path, an.Type, NodePath(an.Node))
			}
		}
		if !strings.Contains(dump(p), "isbn") || !strings.Contains(dump(p), "author") {
			t.Fatalf("%s lacks types:\n%s", p.Path, dump(p))
		}
	}
	// Order: selectivity ascending (author hits 1 page in 3, isbn 1 in 2, title always).
	if g, want := strings.Join(res.Order, " "), "publisher date author isbn title"; g != want {
		t.Fatalf("Order=%s, want %s", g, want)
	}
	// The odd pages (no ISBN) hold two contents only, known author or not:
	// after the first step their copies are dropped, leaving the 30 even
	// pages and 2 odd ones, 11 of them with a known author (i%6==0, and
	// the odd content with one).
	st := res.Stats[2]
	if st.Type != "author" || st.Candidates != 32 || st.PagesWithHits != 11 || st.Recognizers["dictionary:author"] != 11 {
		t.Fatalf("author stats %+v", st)
	}
	if st.SamplePagesWithHits != 5 {
		t.Fatalf("author sample pages with hits=%d, want 5", st.SamplePagesWithHits)
	}
	if n := res.Stats[3].Candidates; n != 11 { // 32/4, extended to the 11 pages tied on author
		t.Fatalf("isbn annotated on %d candidates, want 11", n)
	}
	if res.NearDuplicates != 28 {
		t.Fatalf("NearDuplicates=%d, want the 28 copies of odd pages", res.NearDuplicates)
	}
}

func TestSampleSelectivityPrior(t *testing.T) {
	s, recs := bookSOD()
	a, _ := NewAnnotator(s, recs, Options{})
	dir, paths := writeSource(t, 12, func(i int) bool { return true })
	res, err := Sample(context.Background(), paths, dir, a, SampleOptions{K: 3, NoSegment: true,
		Selectivity: func(typ string) (float64, bool) { return 100, typ == "publisher" }})
	if err != nil {
		t.Fatal(err)
	}
	if res.Order[len(res.Order)-1] != "publisher" || res.Segment != "" {
		t.Fatalf("Order=%v Segment=%q: the prior should put publisher last", res.Order, res.Segment)
	}
}

func TestSampleDiscard(t *testing.T) {
	s, recs := bookSOD()
	a, _ := NewAnnotator(s, recs, Options{})
	dir, paths := writeSource(t, 40, func(i int) bool { return i == 7 })
	res, err := Sample(context.Background(), paths, dir, a, SampleOptions{K: 10})
	var de *DiscardError
	if !errors.As(err, &de) || de.Type != "isbn" || res == nil || res.Discarded != de || len(res.Pages) != 0 {
		t.Fatalf("err=%v res=%+v, want a discard for isbn", err, res)
	}
	if !strings.Contains(err.Error(), "hits on 1 of 40") {
		t.Fatalf("reason %q does not say how many pages had hits", err)
	}
	// A negative MinShare never discards. The 40 pages hold only three
	// distinct contents (an author known or not, one page with an ISBN):
	// the sample takes one page of each, never copies.
	res, err = Sample(context.Background(), paths, dir, a, SampleOptions{K: 10, MinShare: -1})
	if err != nil || len(res.Pages) != 3 || res.NearDuplicates == 0 {
		t.Fatalf("MinShare -1: err=%v pages=%d near-duplicates=%d, want 3 pages and copies counted", err, len(res.Pages), res.NearDuplicates)
	}
}

func TestSampleSkipsBadPages(t *testing.T) {
	s, recs := bookSOD()
	a, _ := NewAnnotator(s, recs, Options{})
	dir, paths := writeSource(t, 8, func(i int) bool { return true })
	big := filepath.Join(dir, "big.html")
	os.WriteFile(big, []byte(strings.Repeat("<p>x</p>", 1000)), 0o644)
	paths = append(paths, big, filepath.Join(dir, "missing.html"))
	res, err := Sample(context.Background(), paths, dir, a, SampleOptions{K: 3, Load: LoadOptions{MaxBytes: 4000}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Skipped) != 2 || len(res.Pages) != 3 {
		t.Fatalf("skipped %v, %d pages", res.Skipped, len(res.Pages))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Sample(ctx, paths, dir, a, SampleOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: err=%v", err)
	}
	if _, err := Sample(context.Background(), nil, dir, a, SampleOptions{}); err == nil {
		t.Fatal("no pages: no error")
	}
}

func TestSampleTemplateText(t *testing.T) {
	s, recs := bookSOD()
	a, _ := NewAnnotator(s, recs, Options{})
	// "Dune" (menu) and "Emma" (heading) are on every page: template text.
	// "Jane Austen" is on one page in three: a value.
	dir, paths := writeSource(t, 12, func(i int) bool { return true })
	res, err := Sample(context.Background(), paths, dir, a, SampleOptions{K: 3, NoSegment: true, ProbePages: 6})
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range res.Stats {
		want := 0
		if st.Type == "title" {
			want = st.Hits
		}
		if st.TemplateHits != want {
			t.Errorf("%s: TemplateHits=%d of %d hits, want %d", st.Type, st.TemplateHits, st.Hits, want)
		}
	}
	plain, err := recs["title"].Find("Emma")
	if err != nil || len(plain) != 1 {
		t.Fatalf("Find(Emma)=%v, %v", plain, err)
	}
	for _, p := range res.Pages {
		for _, an := range p.Annotations {
			switch an.Type {
			case "title":
				if got, want := an.Confidence, plain[0].Confidence*TemplateWeight; got != want {
					t.Errorf("%s: title %q confidence %v, want %v (template text)", p.Path, an.Text(), got, want)
				}
			case "author":
				if an.Confidence != 0.8 { // newPhraseRec's confidence, unchanged
					t.Errorf("%s: author %q confidence %v lowered", p.Path, an.Text(), an.Confidence)
				}
			}
		}
	}
}
