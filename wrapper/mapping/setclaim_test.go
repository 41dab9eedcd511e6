package mapping

import (
	"testing"
)

// TestSetClaimsPairTotal: a record's heading names the headliner, and the
// lineup after it ("<dd>A<br>B<br>C</dd>") names the headliner again with
// the guests: the artists' dictionary annotates both slots for both fields,
// the lineup more often. The headliner gives way when the pair's total is
// higher with the lineup to the performers; it keeps the lineup when its
// other slot is far weaker, or when the set field's best place is
// elsewhere.
func TestSetClaimsPairTotal(t *testing.T) {
	fields := []FieldSpec{{Path: "headliner"}, {Path: "performers", Many: true}, {Path: "guests", Many: true, Optional: true}}
	for _, tc := range []struct {
		name  string
		cands []cand
		want  bool
	}{
		{"lineup to the set", []cand{{Field: 0, Slot: 1, Score: 22}, {Field: 0, Slot: 0, Score: 20}, {Field: 1, Slot: 1, Score: 29.5}, {Field: 1, Slot: 0, Score: 20}}, true},
		{"heading weak for the single field", []cand{{Field: 0, Slot: 1, Score: 22}, {Field: 0, Slot: 0, Score: 5}, {Field: 1, Slot: 1, Score: 29.5}, {Field: 1, Slot: 0, Score: 20}}, false},
		{"no other slot", []cand{{Field: 0, Slot: 1, Score: 22}, {Field: 1, Slot: 1, Score: 29.5}, {Field: 1, Slot: 0, Score: 20}}, false},
		{"optional set: guests' row to the set", []cand{{Field: 0, Slot: 1, Score: 8.1}, {Field: 0, Slot: 0, Score: 5.4}, {Field: 2, Slot: 1, Score: 18.2}, {Field: 2, Slot: 0, Score: 5.4}}, true},
		{"optional set: heading weak for the single field", []cand{{Field: 0, Slot: 1, Score: 8.1}, {Field: 0, Slot: 0, Score: 1}, {Field: 2, Slot: 1, Score: 9}, {Field: 2, Slot: 0, Score: 5.4}}, false},
		{"set's best elsewhere", []cand{{Field: 0, Slot: 1, Score: 22}, {Field: 0, Slot: 0, Score: 20}, {Field: 1, Slot: 1, Score: 20}, {Field: 1, Slot: 2, Score: 29.5}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := setClaims(fields, tc.cands, tc.cands[0]); got != tc.want {
				t.Errorf("setClaims = %v, want %v", got, tc.want)
			}
		})
	}
}
