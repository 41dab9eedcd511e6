package mapping

import (
	"strings"
	"testing"
)

// TestStopReason checks that the stop message names the condition that
// failed, with the measured share.
func TestStopReason(t *testing.T) {
	for _, tc := range []struct {
		name                          string
		touched, occ, c, annOcc, need int
		want                          string
	}{
		{"too few", 12, 40, 3, 4, 8, "only 3 values are mainly instances of it, fewer than the 8 needed (share of the slot's annotated values 0.75)"},
		{"share too small", 70, 80, 59, 120, 20, "59 values are mainly instances of it (enough), but that is 0.49 of the 120 annotated values, below the 0.70 needed"},
		{"taken", 30, 40, 30, 30, 8, "30 values are mainly instances of it (share 1.00), but the slot went to another field"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := stopReason("artist", tc.touched, tc.occ, tc.c, tc.annOcc, tc.need, 0.7)
			if !strings.Contains(got, tc.want) || !strings.Contains(got, `mandatory field "artist"`) {
				t.Fatalf("stopReason = %q, want it to hold %q", got, tc.want)
			}
		})
	}
}

// TestOtherLabelRow: a single field of a single nested tuple takes another
// slot for a line of its value (next to its slot, or without a label of
// its own), not for a row with another template label (a fax after the
// phone's "Tel", or after a phone that has no label, an icon before it),
// unless that label names the field.
func TestOtherLabelRow(t *testing.T) {
	labels := [][]string{nil, {"tel"}, nil, {"fax"}, {"tel"}, nil, nil, {"call", "us"}, nil}
	sets := make([][]int, len(labels))
	sets[8] = []int{0} // a sidebar's list
	f := FieldSpec{Name: "phone_number", Types: []string{"phone_number"}, Predefined: "phone"}
	for _, tc := range []struct {
		slots []int
		s     int
		want  bool
	}{
		{[]int{1}, 3, true},
		{[]int{1}, 2, false},
		{[]int{1}, 4, false},
		{[]int{1}, 5, false},
		{[]int{0}, 3, true},
		{[]int{2}, 3, false},
		{[]int{5}, 7, false},
		{[]int{1}, 7, true},
		{[]int{8}, 3, false},
		{[]int{3}, 4, true}, // "Fax" right after "Tel"
		{[]int{4}, 3, true},
	} {
		if got := otherLabelRow(labels, sets, tc.slots, tc.s, f); got != tc.want {
			t.Errorf("otherLabelRow(%v, %d) = %v, want %v", tc.slots, tc.s, got, tc.want)
		}
	}
}
