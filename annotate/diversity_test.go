package annotate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestSimilarity(t *testing.T) {
	tmpl := map[string]bool{"Title:": true, "Author:": true}
	for _, tc := range []struct {
		name string
		a, b []string
		want float64
	}{
		{"copies", []string{"Title:", "Emma", "Author:", "Jane Austen"}, []string{"Title:", "Emma", "Author:", "Jane Austen"}, 1},
		{"template text does not count", []string{"Title:", "Emma"}, []string{"Author:", "Emma"}, 1},
		{"different values", []string{"Emma", "Jane Austen"}, []string{"Dune", "Frank Herbert"}, 0},
		{"one of three shared", []string{"Emma", "Jane Austen"}, []string{"Emma", "Frank Herbert"}, 1.0 / 3},
		{"white space does not count", []string{" Emma "}, []string{"Emma"}, 1},
		{"template only", []string{"Title:"}, []string{"Author:"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := similarity(sketchOf(packTexts(tc.a), tmpl), sketchOf(packTexts(tc.b), tmpl))
			if d := got - tc.want; d > 1e-9 || d < -1e-9 {
				t.Fatalf("similarity(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
			}
		})
	}
}

func TestSimilarityLargePages(t *testing.T) {
	var a, b []string
	for i := range 200 {
		a = append(a, fmt.Sprint("text ", i))
		if i%10 != 0 {
			b = append(b, fmt.Sprint("text ", i)) // 90% shared
		} else {
			b = append(b, fmt.Sprint("other ", i))
		}
	}
	if got := similarity(sketchOf(packTexts(a), nil), sketchOf(packTexts(b), nil)); got < 0.5 {
		t.Fatalf("similarity of pages sharing 90%% of their texts = %v, want high", got)
	}
	var c []string
	for i := range 200 {
		c = append(c, fmt.Sprint("else ", i))
	}
	if got := similarity(sketchOf(packTexts(a), nil), sketchOf(packTexts(c), nil)); got > 0.1 {
		t.Fatalf("similarity of unrelated pages = %v, want about 0", got)
	}
}

// writeDiverseSource writes n distinct book pages, each saved copies times,
// where a "Dimensions" row shows on the pages with i%3 != 0 only.
func writeDiverseSource(t *testing.T, n, copies int) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	for i := range n {
		var b strings.Builder
		b.WriteString(`<html><body><div id="main">`)
		fmt.Fprintf(&b, `<h1>Book %s</h1><h2>by <a>Jane Austen</a></h2><table>`, strings.Repeat("x", i+1))
		fmt.Fprintf(&b, `<tr><th>ISBN</th><td>978%010d</td></tr>`, i)
		if i%3 != 0 {
			fmt.Fprintf(&b, `<tr><th>Dimensions</th><td>%d x 20 cm</td></tr>`, 10+i)
		}
		b.WriteString(`</table></div></body></html>`)
		for c := range copies {
			name := filepath.Join(dir, fmt.Sprintf("%03d-%d.html", i, c))
			if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	paths, err := ListSource(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, paths
}

func TestSampleDiversity(t *testing.T) {
	s, recs := bookSOD()
	a, _ := NewAnnotator(s, recs, Options{})
	t.Run("copies", func(t *testing.T) {
		dir, paths := writeDiverseSource(t, 12, 5)
		res, err := Sample(context.Background(), paths, dir, a, SampleOptions{K: 8, MinShare: -1})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, p := range res.Pages {
			id := strings.Split(filepath.Base(p.Path), "-")[0]
			if seen[id] {
				t.Fatalf("the sample holds two copies of page %s: %v", id, pagePaths(res.Pages))
			}
			seen[id] = true
		}
		if len(res.Pages) != 8 || res.NearDuplicates == 0 {
			t.Fatalf("%d sample pages, %d near-duplicates; want 8 distinct and copies counted", len(res.Pages), res.NearDuplicates)
		}
	})
	t.Run("structures", func(t *testing.T) {
		dir, paths := writeDiverseSource(t, 30, 1)
		res, err := Sample(context.Background(), paths, dir, a, SampleOptions{K: 6, MinShare: -1})
		if err != nil {
			t.Fatal(err)
		}
		with := 0
		for _, p := range res.Pages {
			if strings.Contains(Text(p.Doc), "Dimensions") {
				with++
			}
		}
		if with == 0 || with == len(res.Pages) {
			t.Fatalf("%d of %d sample pages have the optional row; want both kinds: %v", with, len(res.Pages), pagePaths(res.Pages))
		}
	})
}

func pagePaths(ps []*Page) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Path)
	}
	return out
}

// TestSampleSourceRareType: a mandatory type held by 8 pages of 400 is
// missed by the first, spread pool; the pool grows instead of discarding
// the source, which only the whole source may do.
func TestSampleSourceRareType(t *testing.T) {
	s, recs := bookSOD()
	a, _ := NewAnnotator(s, recs, Options{})
	dir, paths := writeSource(t, 400, func(i int) bool { return i%50 == 7 })
	res, err := SampleSource(context.Background(), paths, dir, a, SampleOptions{K: 5})
	if err != nil {
		t.Fatalf("SampleSource: %v (pool %d)", err, res.Pool)
	}
	if res.Pool != 400 || len(res.Pages) == 0 {
		t.Fatalf("pool %d, %d sample pages; want the whole source searched", res.Pool, len(res.Pages))
	}
	dir, paths = writeSource(t, 400, func(i int) bool { return false })
	if _, err := SampleSource(context.Background(), paths, dir, a, SampleOptions{K: 5}); err == nil {
		t.Fatal("a source without ISBNs was not discarded")
	}
}

func TestOffTemplate(t *testing.T) {
	full := []string{"Home", "Help", "Title:", "Emma", "Author:", "Jane Austen", "Price:", "$9", "Footer"}
	noPrice := []string{"Home", "Help", "Title:", "Dune", "Author:", "Frank Herbert", "Footer"}
	foreign := []string{"<html> Title: Emma Author: Jane Austen Price: $9 </html>"}
	other := []string{"Venue:", "Club", "Date:", "May 1", "Tickets", "Home", "Contact"}
	bare := []string{"Home", "Emma", "Footer"}
	for _, tc := range []struct {
		name  string
		pages [][]string
		want  []int // indexes of the pages judged off-template
	}{
		{"one foreign page", [][]string{foreign, full, full, noPrice, full}, []int{0}},
		{"optional rows are not foreign", [][]string{noPrice, full, noPrice, noPrice}, nil},
		{"the minority template is foreign", [][]string{other, full, noPrice, full, other}, []int{0, 4}},
		{"too few common texts to judge", [][]string{foreign, bare, bare, bare}, nil},
		{"too few pages to judge", [][]string{foreign, full}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var cands []*pageState
			for i, texts := range tc.pages {
				cands = append(cands, &pageState{idx: i, texts: packTexts(texts)})
			}
			off := offTemplate(cands)
			var got []int
			for _, st := range cands {
				if off[st] {
					got = append(got, st.idx)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Fatalf("off-template pages %v, want %v", got, tc.want)
			}
		})
	}
}

// TestSketchSameInEveryProcess: a page's sketch is a function of its
// texts alone, the same in every process (it once used a per-process
// maphash seed, so the sample, and with it the wrapper and the output,
// changed from run to run: 17 to 20 sample pages on one real site).
func TestSketchSameInEveryProcess(t *testing.T) {
	sk := sketchOf(packTexts([]string{"Price:", "$37,700", "3.0L Gas I6, 335 HP", "2011 BMW Z4"}), map[string]bool{"Price:": true})
	want := []uint64{0x4b4f76d3f762a15, 0x3cc9651a0ece1018, 0xca0a9be44d7acc8b}
	if !slices.Equal(sk.bottom, want) {
		t.Errorf("sketch of fixed texts = %#v, want %#v", sk.bottom, want)
	}
}

// TestPackTexts checks that a textSet gives back the texts it was packed
// from, empty ones included, and holds no header per text.
func TestPackTexts(t *testing.T) {
	for _, texts := range [][]string{nil, {""}, {"a", "", "bc", " d e ", ""}, {"", "x"}} {
		s := packTexts(texts)
		if s.len() != len(texts) {
			t.Fatalf("%q: len %d", texts, s.len())
		}
		for i, want := range texts {
			if got := s.at(i); got != want {
				t.Errorf("%q: text %d = %q", texts, i, got)
			}
		}
		if n := len(strings.Join(texts, "")); len(s.all) != n {
			t.Errorf("%q: %d bytes held, want %d", texts, len(s.all), n)
		}
	}
}
