package mapping

import (
	"testing"

	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// TestFirstRunManyRuns (issue 25: the 20 MB page) checks that nextRun
// walks the runs of words exactly as runs lists them, and that firstRun
// and labelRun do not allocate in proportion to the runs of a value that
// spans a large page's region (they listed every run to read the first).
func TestFirstRunManyRuns(t *testing.T) {
	word := exalg.NewToken(KindWord, "w")
	tag := exalg.NewToken(KindStart, "p")
	mk := func(n int) []Token {
		toks := []Token{exalg.Sentinel(false), tag, tag}
		for i := range n {
			toks = append(toks, tag, word)
			if i%3 == 0 {
				toks = append(toks, word, tag)
			}
		}
		return append(toks, word, exalg.Sentinel(true))
	}
	toks := mk(50)
	for a := 0; a < len(toks); a += 7 {
		for b := a; b <= len(toks); b += 5 {
			var got [][2]int
			for x, y := nextRun(toks, a, b); x < y; x, y = nextRun(toks, y, b) {
				got = append(got, [2]int{x, y})
			}
			want := runs(toks, a, b)
			if len(got) != len(want) {
				t.Fatalf("[%d, %d): nextRun gives %v, runs %v", a, b, got, want)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("[%d, %d): nextRun gives %v, runs %v", a, b, got, want)
				}
			}
			if x, y := firstRun(toks, a, b); len(want) > 0 && b-a > 0 {
				va, vb := valueBounds(toks, a, b)
				if w := runs(toks, va, vb); len(w) > 0 && (x != w[0][0] || y != w[0][1]) {
					t.Fatalf("[%d, %d): firstRun %d-%d, want %v", a, b, x, y, w[0])
				}
			}
		}
	}
	allocs := func(n int) float64 {
		toks := mk(n)
		return testing.AllocsPerRun(5, func() {
			firstRun(toks, 1, len(toks)-1)
			labelRun(toks, 1, len(toks)-1, []string{"none"})
		})
	}
	if a, b := allocs(10), allocs(20_000); b > a {
		t.Errorf("firstRun and labelRun allocate %v times over 20,000 runs, %v over 10", b, a)
	}
}
