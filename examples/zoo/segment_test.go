package zoo_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/examples/zoo"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/records"
	"golang.org/x/net/html"
)

var segFlag = flag.String("zoo.segments", "", "seeds whose list templates TestZooSegments measures (e.g. 1-100); the test is skipped without it")

// segScore is the record segmentation of one list template: what
// records.FindRecordPattern learns from the sample and RecordPattern.Records
// finds on every page, against the expected records. A segment is right
// when it holds every value of one expected record (page-scope fields and
// the heading records are grouped under excepted) and every value of no
// other record, unless those values are also the first one's. Unlike the records P/R of package eval it does not
// depend on the values the wrapper cuts out of the records.
type segScore struct {
	found, truth, right int // segments, expected records, right segments
	pattern             string
	err                 string   // no pattern: why
	wrong               []string // pages where the segmentation differs
}

// precision and recall of the segments (1 when there is nothing to find).
func (s *segScore) precision() float64 { return segRatio(s.right, s.found) }
func (s *segScore) recall() float64    { return segRatio(s.right, s.truth) }

func segRatio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// segmentScore scores the record pattern learned from the sample pages of
// src (written to dir, SOD s) on every page of src.
func segmentScore(src *zoo.Source, dir string, s *sod.SOD, sample []*annotate.Page) (*segScore, error) {
	res := &segScore{}
	truth, err := eval.ReadJSONL(bytes.NewReader(src.Expected), "expected.jsonl")
	if err != nil {
		return nil, err
	}
	skip := map[string]bool{} // fields whose values are outside the records
	for _, f := range s.Root.Fields {
		if f.PageScope {
			skip[f.Name] = true
		}
	}
	if slices.Contains(src.Features.Tags, "grouped-by-date") {
		for _, f := range src.Features.Fields {
			if f.Fact == "date" {
				skip[f.Name] = true
			}
		}
	}
	for _, tp := range truth.Pages {
		for _, r := range tp.Records {
			if len(segValues(r, skip)) > 0 {
				res.truth++
			}
		}
	}
	if len(sample) == 0 {
		res.err = "no sample"
		return res, nil
	}
	rp, err := records.FindRecordPattern(sample, s, records.RecordOptions{})
	if err != nil {
		res.err = err.Error()
		return res, nil
	}
	res.pattern = strings.SplitN(rp.String(), "\n", 2)[0]
	for _, tp := range truth.Pages {
		p, err := annotate.ReadPage(filepath.Join(dir, "pages", tp.Name), tp.Name, annotate.LoadOptions{})
		if err != nil {
			return nil, err
		}
		var want [][]string
		for _, r := range tp.Records {
			if v := segValues(r, skip); len(v) > 0 {
				want = append(want, v)
			}
		}
		segs := rp.Records(p)
		n, missed := segMatch(segs, want)
		res.found += len(segs)
		res.right += n
		if n != len(segs) || n != len(want) {
			res.wrong = append(res.wrong, fmt.Sprintf("%s: %d segments, %d records, %d right%s", tp.Name, len(segs), len(want), n, missed))
		}
	}
	return res, nil
}

// segValues returns the normalised values of r's fields not in skip.
func segValues(r eval.Record, skip map[string]bool) []string {
	var out []string
	for f, vs := range r {
		if skip[f] || skip[strings.SplitN(f, ".", 2)[0]] {
			continue
		}
		for _, v := range vs {
			if n := segNorm(v); n != "" {
				out = append(out, n)
			}
		}
	}
	slices.Sort(out)
	return out
}

// segNorm lower-cases text and keeps its words, separated by one space,
// with the punctuation around and inside them dropped.
func segNorm(s string) string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return strings.Join(f, " ")
}

// segMatch counts the segments that hold every value of one expected
// record and no value of another that is not also its own, each record
// matched once, and describes the first record no segment holds.
func segMatch(segs [][]*html.Node, want [][]string) (int, string) {
	used := make([]bool, len(want))
	n := 0
	for _, seg := range segs {
		var b strings.Builder
		for _, nd := range seg {
			b.WriteString(annotate.Text(nd))
			b.WriteByte(' ')
		}
		text := " " + segNorm(b.String()) + " "
		// The record whose values the segment holds; when it holds
		// several, the longest, if the others' values are all inside its
		// own ("Tender Saints" and "The Tender Saints"); otherwise the
		// segment holds two records.
		var held []int
		hit, best := -1, -1
		for k, vs := range want {
			all, size := true, 0
			for _, v := range vs {
				size += len(v)
				if !strings.Contains(text, " "+v+" ") {
					all = false
					break
				}
			}
			if all {
				held = append(held, k)
				if size > best {
					hit, best = k, size
				}
			}
		}
		if hit >= 0 {
			own := " " + strings.Join(want[hit], " ") + " "
			for _, j := range held {
				for _, v := range want[j] {
					if !strings.Contains(own, " "+v+" ") {
						hit = -1
					}
				}
			}
		}
		if hit >= 0 && !used[hit] {
			used[hit] = true
			n++
		}
	}
	for k, u := range used {
		if !u {
			return n, fmt.Sprintf("; record %d missed: %q", k, want[k])
		}
	}
	return n, ""
}

// TestSegMatch checks the segment scoring on a page of three records, one
// of whose values lie inside another's.
func TestSegMatch(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<ul><li>Tender Saints, May 11</li><li>The Tender Saints, May 11, $64</li><li>Ad: Iron Kites</li><li>Owls, June 2</li><li>Kites, July 1</li></ul>`))
	if err != nil {
		t.Fatal(err)
	}
	var lis []*html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "li" {
			lis = append(lis, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	want := [][]string{{"tender saints", "may 11"}, {"the tender saints", "may 11", "64"}, {"owls", "june 2"}, {"kites", "july 1"}}
	segs := [][]*html.Node{{lis[0]}, {lis[1]}, {lis[2]}, {lis[3], lis[4]}}
	n, missed := segMatch(segs, want)
	if n != 2 || !strings.Contains(missed, "owls") {
		t.Fatalf("segMatch = %d, %q; want 2 right (the ad and two records in one segment are wrong), owls missed", n, missed)
	}
}

// TestZooSegments measures record segmentation alone on the list templates
// of -zoo.segments (learning the pattern from the sample, without the
// wrapper's induction and extraction): faster than TestZoo, for work on
// FindRecordPattern.
func TestZooSegments(t *testing.T) {
	if *segFlag == "" {
		t.Skip("record segmentation report: run with -args -zoo.segments=1-100")
	}
	seeds, err := zoo.ParseSeeds(*segFlag)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		name, domain string
		score        *segScore
	}
	var rows []*row
	t.Run("seeds", func(t *testing.T) {
		for _, seed := range seeds {
			if !strings.HasSuffix(zoo.Name(seed), "-list") {
				continue
			}
			r := &row{name: zoo.Name(seed)}
			rows = append(rows, r)
			t.Run(zoo.Name(seed), func(t *testing.T) {
				t.Parallel()
				src := zoo.Generate(seed)
				r.domain = src.Features.Domain
				r.score = segmentSeed(t, src)
			})
		}
	})
	var b strings.Builder
	type agg struct {
		found, truth, right, k int
		sumP, sumR             float64
	}
	by := map[string]*agg{}
	for _, r := range rows {
		sc := r.score
		fmt.Fprintf(&b, "%-24s %5.2f %5.2f  %3d/%3d/%3d  %s%s\n", r.name, sc.precision(), sc.recall(), sc.right, sc.found, sc.truth, sc.pattern, sc.err)
		for i, w := range sc.wrong {
			if i == 4 {
				fmt.Fprintf(&b, "      … %d more pages\n", len(sc.wrong)-4)
				break
			}
			fmt.Fprintf(&b, "      %s\n", w)
		}
		for _, d := range []string{r.domain, "(all)"} {
			if by[d] == nil {
				by[d] = &agg{}
			}
			a := by[d]
			a.found, a.truth, a.right, a.k = a.found+sc.found, a.truth+sc.truth, a.right+sc.right, a.k+1
			a.sumP, a.sumR = a.sumP+sc.precision(), a.sumR+sc.recall()
		}
	}
	fmt.Fprintf(&b, "\nsegments P / R by domain: pooled over records; mean over templates\n")
	for _, d := range slices.Sorted(func(yield func(string) bool) {
		for d := range by {
			if !yield(d) {
				return
			}
		}
	}) {
		a := by[d]
		fmt.Fprintf(&b, "  %-12s %3d templates  %.3f / %.3f  %.3f / %.3f\n", d, a.k,
			segRatio(a.right, a.found), segRatio(a.right, a.truth), a.sumP/float64(a.k), a.sumR/float64(a.k))
	}
	t.Logf("record segmentation, seeds %s:\n%s", *segFlag, b.String())
}

// segmentSeed annotates the sample of src as objectrunner.Learn does and
// scores its record pattern.
func segmentSeed(t *testing.T, src *zoo.Source) *segScore {
	dir := t.TempDir()
	if err := src.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	s, err := sod.Load(filepath.Join(dir, "sod.toml"))
	if err != nil {
		t.Fatal(err)
	}
	store, err := dictionaries.Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	lists, _ := filepath.Glob(filepath.Join(dir, "dictionaries", "*.txt"))
	for _, l := range lists {
		if _, err := store.ImportFile(context.Background(), strings.TrimSuffix(filepath.Base(l), ".txt"), l, dictionaries.ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := recognizers.ForSOD(s, store)
	if err != nil {
		t.Fatal(err)
	}
	a, err := annotate.NewAnnotator(s, recs, annotate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pagesDir := filepath.Join(dir, "pages")
	paths, err := annotate.ListSource(pagesDir)
	if err != nil {
		t.Fatal(err)
	}
	var pages []*annotate.Page
	sample, err := annotate.Sample(context.Background(), paths, pagesDir, a, annotate.SampleOptions{})
	if sample != nil && err == nil {
		pages = sample.Pages
	}
	sc, serr := segmentScore(src, dir, s, pages)
	if serr != nil {
		t.Fatal(serr)
	}
	if err != nil {
		sc.err = "no sample: " + err.Error()
	}
	return sc
}
