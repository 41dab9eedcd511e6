package mapping

import (
	"slices"
	"strings"
	"testing"
)

func TestAbstain(t *testing.T) {
	fields := []FieldSpec{
		{Path: "price", Name: "price", Mult: "1", Types: []string{"price"}},
		{Path: "title", Name: "title", Mult: "1", Types: []string{"title"}},
	}
	first := func(vs ...string) *slotStats {
		st := NewSlotStats()
		st.FirstVal = map[int]string{}
		for i, v := range vs {
			st.FirstVal[i] = v
		}
		return st
	}
	own := first("$10", "$12", "$9", "$20")
	sidebar := first("$3", "$4", "$5", "$6")
	copyOf := first("$10", "$12", "$9", "$20")
	heading := first("A", "B", "C", "D")
	tests := []struct {
		name    string
		stats   []*slotStats
		out     []SlotMap
		cands   []cand
		keep    []string // fields left with a slot
		abstain []string // fields abstained on
	}{
		{
			name:    "a rival within 10% holding other values: abstain",
			stats:   []*slotStats{own, sidebar, heading},
			out:     []SlotMap{{Slot: 0, Field: "price"}, {Slot: 2, Field: "title"}},
			cands:   []cand{{Field: 0, Slot: 0, Score: 1, Cnt: 1}, {Field: 0, Slot: 1, Score: 0.95}, {Field: 1, Slot: 2, Score: 1}},
			keep:    []string{"title"},
			abstain: []string{"price"},
		},
		{
			name:    "a well supported winner is kept, the doubt noted",
			stats:   []*slotStats{own, sidebar, heading},
			out:     []SlotMap{{Slot: 0, Field: "price"}, {Slot: 2, Field: "title"}},
			cands:   []cand{{Field: 0, Slot: 0, Score: 1, Cnt: 4}, {Field: 0, Slot: 1, Score: 0.95}, {Field: 1, Slot: 2, Score: 1}},
			keep:    []string{"price", "title"},
			abstain: []string{"price"},
		},
		{
			name:  "a clear winner is kept",
			stats: []*slotStats{own, sidebar, heading},
			out:   []SlotMap{{Slot: 0, Field: "price"}, {Slot: 2, Field: "title"}},
			cands: []cand{{Field: 0, Slot: 0, Score: 1}, {Field: 0, Slot: 1, Score: 0.5}, {Field: 1, Slot: 2, Score: 1}},
			keep:  []string{"price", "title"},
		},
		{
			name:  "a rival holding the same values is no rival",
			stats: []*slotStats{own, copyOf, heading},
			out:   []SlotMap{{Slot: 0, Field: "price"}, {Slot: 2, Field: "title"}},
			cands: []cand{{Field: 0, Slot: 0, Score: 1}, {Field: 0, Slot: 1, Score: 1}, {Field: 1, Slot: 2, Score: 1}},
			keep:  []string{"price", "title"},
		},
		{
			name:  "a rival slot another field took is no rival",
			stats: []*slotStats{own, sidebar, heading},
			out:   []SlotMap{{Slot: 0, Field: "price"}, {Slot: 1, Field: "title"}},
			cands: []cand{{Field: 0, Slot: 0, Score: 1}, {Field: 0, Slot: 1, Score: 1}, {Field: 1, Slot: 1, Score: 1}},
			keep:  []string{"price", "title"},
		},
		{
			name:  "a winner a label nominated is kept",
			stats: []*slotStats{own, sidebar, heading},
			out:   []SlotMap{{Slot: 0, Field: "price", Label: []string{"price"}}, {Slot: 2, Field: "title"}},
			cands: []cand{{Field: 0, Slot: 0, Score: 1, Label: "price"}, {Field: 0, Slot: 1, Score: 1}, {Field: 1, Slot: 2, Score: 1}},
			keep:  []string{"price", "title"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := &State{FieldSpecs: fields, Scope: -1}
			got := w.abstain(append([]SlotMap(nil), tc.out...), tc.cands, tc.stats, -1, 4)
			var keep []string
			for _, sm := range got {
				keep = append(keep, sm.Field)
			}
			if strings.Join(keep, ",") != strings.Join(tc.keep, ",") {
				t.Errorf("fields kept = %v, want %v", keep, tc.keep)
			}
			var abst []string
			for _, n := range w.Abstained[-1] {
				abst = append(abst, n.Field)
				want := NoteAbstained
				if slices.Contains(keep, n.Field) {
					want = NoteAmbiguous // kept, the doubt said
				}
				if n.Kind != want || !strings.Contains(n.Message, "slot 1") {
					t.Errorf("note %+v does not name the rival slot", n)
				}
			}
			if strings.Join(abst, ",") != strings.Join(tc.abstain, ",") {
				t.Errorf("abstained on %v, want %v", abst, tc.abstain)
			}
		})
	}
}
