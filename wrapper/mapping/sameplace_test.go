package mapping

import (
	"testing"
)

// TestSamePlaceNestedSet: the first link of a list written apart from the
// set of the others ("<a> * </a> {| <a> * </a>}") is one place with them,
// on either side; a slot of a sibling set, past a slot taken by another
// field or too far away is not.
func TestSamePlaceNestedSet(t *testing.T) {
	sets := [][]int{
		0: nil,
		1: nil,    // the first item
		2: {0},    // the other items
		3: {0, 2}, // a set inside the items' set
		4: {1},    // a sibling set
		5: nil,    // taken by another field
		6: nil,
	}
	used := map[int]bool{5: true}
	for _, tc := range []struct {
		p, s int
		want bool
	}{
		{1, 1, true},
		{1, 2, true},
		{2, 1, true},
		{1, 3, true},
		{2, 4, false},
		{3, 4, false},
		{4, 6, false}, // slot 5 between them is another field's
		{1, 6, false}, // too far
	} {
		if got := samePlace(sets, used, tc.p, tc.s); got != tc.want {
			t.Errorf("samePlace(%d, %d) = %v, want %v", tc.p, tc.s, got, tc.want)
		}
	}
}

// TestPlaceOverOwnSlots: the lineup's two-name form ("<span> A & B
// </span>", slots 2 and 3) and its other form (slot 4) are one place: the
// field's own slot between them does not cut it; another field's does.
func TestPlaceOverOwnSlots(t *testing.T) {
	sets := make([][]int, 6)
	used := map[int]bool{0: true, 2: true, 3: true}
	if !samePlace(sets, othersUsed(used, []int{2, 3}), 2, 4) {
		t.Error("slot 4 is not in the place of slot 2 past the field's own slot 3")
	}
	if samePlace(sets, othersUsed(used, []int{2}), 2, 4) {
		t.Error("slot 4 is in the place of slot 2 past another field's slot 3")
	}
	if samePlace(sets, used, 2, 4) {
		t.Error("samePlace ignores used slots")
	}
}
