package mapping

import (
	"testing"

	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// TestReownManyRuns: reown reads a value's runs of words in place. A
// value over many runs (a large page's text between two template tokens)
// is cut where a run at another slot's own path starts, that run moves to
// its slot, and no list of the runs is made (allocations do not grow with
// the runs: the 20 MB page's list took ~27 MB at its peak).
func TestReownManyRuns(t *testing.T) {
	const other, own = 3, 4 // paths: a path of no slot, slot 1's own path
	word := func(path int32) Token {
		tk := exalg.NewToken(KindWord, "w")
		tk.Path = path
		return tk
	}
	tag := exalg.NewToken(KindStart, "p")
	mk := func(n int) ([]Token, int) {
		toks := []Token{exalg.Sentinel(false)}
		for range n {
			toks = append(toks, tag, word(other), word(other))
		}
		at := len(toks)
		toks = append(toks, tag, word(own), tag, word(other), exalg.Sentinel(true))
		return toks, at
	}
	w := &State{ownOf: map[int32]int{own: 1}}
	toks, at := mk(10)
	r := &mrec{Set: -1, Vals: []sval{{Slot: 0, A: 1, B: len(toks) - 1}}}
	w.reown(toks, r)
	want := []sval{{Slot: 0, A: 1, B: at + 1}, {Slot: 1, A: at + 1, B: at + 2}}
	if len(r.Vals) != len(want) || r.Vals[0] != want[0] || r.Vals[1] != want[1] {
		t.Fatalf("reown: %+v, want %+v", r.Vals, want)
	}
	allocs := func(n int) float64 {
		toks, _ := mk(n)
		return testing.AllocsPerRun(5, func() {
			w.reown(toks, &mrec{Set: -1, Vals: []sval{{Slot: 0, A: 1, B: len(toks) - 1}}})
		})
	}
	if a, b := allocs(10), allocs(20_000); b > a {
		t.Errorf("reown allocates %v times over 20,000 runs, %v over 10", b, a)
	}
}
