package dictionaries

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// mergeFSTEntries (the reference for mergeFSTSources: the merge the
// matcher build did in memory before) merges lists each sorted by norm and unique into one;
// of equal norms the one of the last list wins.
func mergeFSTEntries(lists [][]fstEntry) []fstEntry {
	n, nonEmpty := 0, 0
	var only []fstEntry
	for _, l := range lists {
		n += len(l)
		if len(l) > 0 {
			nonEmpty++
			only = l
		}
	}
	if nonEmpty <= 1 {
		return only
	}
	out := make([]fstEntry, 0, n)
	pos := make([]int, len(lists))
	for {
		best := -1
		for i, l := range lists {
			if pos[i] < len(l) && (best < 0 || l[pos[i]].norm <= lists[best][pos[best]].norm) {
				best = i
			}
		}
		if best < 0 {
			return out
		}
		e := lists[best][pos[best]]
		for i, l := range lists {
			if pos[i] < len(l) && l[pos[i]].norm == e.norm {
				pos[i]++
			}
		}
		out = append(out, e)
	}
}

// TestMergeFSTSources checks the lazy merge the matcher build reads a
// class's segments and Bleve entries through against the in-memory merge it
// replaced: random sorted, unique lists with shared names (the last list's
// entry wins), empty lists, one list.
func TestMergeFSTSources(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 25))
	for round := range 300 {
		k := rng.IntN(5)
		lists := make([][]fstEntry, k)
		for i := range lists {
			seen := map[string]bool{}
			for range rng.IntN(40) {
				n := fmt.Sprintf("n%d", rng.IntN(60))
				if rng.IntN(3) == 0 {
					n += fmt.Sprintf(" w%d", rng.IntN(5))
				}
				if !seen[n] {
					seen[n] = true
					lists[i] = append(lists[i], fstEntry{norm: n, conf: float32(i+1) / 10})
				}
			}
			slices.SortFunc(lists[i], func(a, b fstEntry) int { return compareStr(a.norm, b.norm) })
		}
		want := mergeFSTEntries(lists)
		srcs := make([]fstEntries, len(lists))
		for i, l := range lists {
			srcs[i] = sliceEntries(l)
		}
		next := mergeFSTSources(srcs)
		var got []fstEntry
		for {
			e, ok, err := next()
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			got = append(got, e)
		}
		if len(want) == 0 && len(got) == 0 {
			continue
		}
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: merged %v, want %v", round, got, want)
		}
	}
}

func compareStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
