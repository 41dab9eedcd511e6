package mapping

import (
	"testing"
)

// TestItemPathShare: the paths whose runs are a set slot's items, with a
// dictionary that knows a tenth of the values: the <span>s of most items
// (18 of 157 known) are kept beside the links (12 of 51), the text
// between them (none known) is not; a well-known path keeps its items
// whatever the others.
func TestItemPathShare(t *testing.T) {
	runs := map[int32]int{1: 157, 2: 51, 3: 24}
	ann := map[int32]int{1: 18, 2: 12, 3: 0}
	best := bestPathShare(runs, ann)
	if best < 0.23 || best > 0.24 {
		t.Fatalf("best share %.3f, want 12/51", best)
	}
	for _, tc := range []struct {
		p    int32
		want bool
	}{{1, true}, {2, true}, {3, false}} {
		if got := itemPathShare(ann[tc.p], runs[tc.p], best); got != tc.want {
			t.Errorf("path %d (%d of %d annotated): %v, want %v", tc.p, ann[tc.p], runs[tc.p], got, tc.want)
		}
	}
	// Role notes between well-known names: a few noisy hits among many
	// notes stay out.
	runs = map[int32]int{1: 100, 2: 80}
	ann = map[int32]int{1: 90, 2: 3}
	best = bestPathShare(runs, ann)
	if !itemPathShare(90, 100, best) || itemPathShare(3, 80, best) {
		t.Error("names kept and notes dropped expected")
	}
}
