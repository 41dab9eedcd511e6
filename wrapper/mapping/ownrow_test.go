package mapping

import "testing"

// TestOtherRowLabel: once a label that is the field's name nominated one
// of its slots, a slot behind another row's label weighs ×0.5 and loses;
// without a slot of its own label, or with a label naming the field only
// by a stem, nothing changes.
func TestOtherRowLabel(t *testing.T) {
	number := FieldSpec{Path: "number", Name: "number", Types: []string{"number"}}
	price := FieldSpec{Path: "price", Name: "price", Types: []string{"price"}, Predefined: "price"}
	labels := [][]string{0: nil, 1: {"number"}, 2: {"pro", "years"}, 3: {"price", "list"}, 4: {"price", "our"}}
	mk := func(field, slot int, label string, annotation float64) cand {
		sc := newScore("annotations", annotation)
		if label != "" {
			sc.Label = namedBoost
		}
		return cand{Field: field, Slot: slot, Label: label, Sc: sc, Score: sc.Total()}
	}
	best := func(cands []cand, field int) int {
		b := -1
		for i, c := range cands {
			if c.Field == field && (b < 0 || c.Score > cands[b].Score) {
				b = i
			}
		}
		return cands[b].Slot
	}
	for _, tc := range []struct {
		name   string
		fields []FieldSpec
		cands  []cand
		want   int
	}{
		{"own row known: the years-pro row loses", []FieldSpec{number}, []cand{mk(0, 1, "number", 5), mk(0, 2, "", 14)}, 1},
		{"no own row: unchanged", []FieldSpec{number}, []cand{mk(0, 2, "", 14)}, 2},
		{"a stem only (list price): unchanged", []FieldSpec{price}, []cand{mk(0, 3, "list price", 2), mk(0, 4, "", 20)}, 4},
	} {
		otherRowLabel(tc.fields, tc.cands, labels)
		if got := best(tc.cands, 0); got != tc.want {
			t.Errorf("%s: best slot %d, want %d", tc.name, got, tc.want)
		}
	}
}
