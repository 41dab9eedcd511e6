package mapping

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

func TestDistinctSlots(t *testing.T) {
	fields := []FieldSpec{
		{Path: "band", Name: "band", Mult: "1", Types: []string{"band"}},
		{Path: "venue", Name: "venue", Mult: "1", Types: []string{"venue"}},
		{Path: "guests", Name: "guests", Mult: "*", Many: true, Types: []string{"guests"}},
	}
	first := func(vs ...string) *slotStats {
		st := NewSlotStats()
		st.FirstVal = map[int]string{}
		for i, v := range vs {
			st.FirstVal[i] = v
			st.PerPage[i] = 1
		}
		return st
	}
	crumb := first("A", "B", "C", "D")
	heading := first("A", "B", "C", "D")
	venues := first("V1", "V2", "V3", "V4")
	mostly := first("A", "B", "C", "X") // 3 of 4 pages the same: below 0.9
	tests := []struct {
		name    string
		stats   []*slotStats
		out     []SlotMap
		cands   []cand
		keep    string // slot:field pairs left
		abstain string // fields abstained on
	}{
		{
			name:    "the copy's field scores less: it abstains",
			stats:   []*slotStats{crumb, heading, venues},
			out:     []SlotMap{{Slot: 0, Field: "band"}, {Slot: 1, Field: "venue"}},
			cands:   []cand{{Field: 0, Slot: 0, Score: 46}, {Field: 1, Slot: 1, Score: 45}},
			keep:    "0:band",
			abstain: "venue",
		},
		{
			name:    "a copy given without a candidate scores 0",
			stats:   []*slotStats{crumb, heading, venues},
			out:     []SlotMap{{Slot: 1, Field: "venue"}, {Slot: 0, Field: "band"}},
			cands:   []cand{{Field: 0, Slot: 0, Score: 5}},
			keep:    "0:band",
			abstain: "venue",
		},
		{
			name:  "a field with another slot loses the copy only",
			stats: []*slotStats{crumb, heading, venues},
			out:   []SlotMap{{Slot: 0, Field: "band"}, {Slot: 1, Field: "venue"}, {Slot: 2, Field: "venue"}},
			cands: []cand{{Field: 0, Slot: 0, Score: 1}, {Field: 1, Slot: 1, Score: 9}, {Field: 1, Slot: 2, Score: 5}},
			keep:  "0:band 2:venue",
		},
		{
			name:  "equal scores: both kept",
			stats: []*slotStats{crumb, heading, venues},
			out:   []SlotMap{{Slot: 0, Field: "band"}, {Slot: 1, Field: "venue"}},
			cands: []cand{{Field: 0, Slot: 0, Score: 3}, {Field: 1, Slot: 1, Score: 3}},
			keep:  "0:band 1:venue",
		},
		{
			name:  "values that differ on a page in four are no copy",
			stats: []*slotStats{crumb, mostly, venues},
			out:   []SlotMap{{Slot: 0, Field: "band"}, {Slot: 1, Field: "venue"}},
			cands: []cand{{Field: 0, Slot: 0, Score: 46}, {Field: 1, Slot: 1, Score: 1}},
			keep:  "0:band 1:venue",
		},
		{
			name:  "a set field is left alone",
			stats: []*slotStats{crumb, heading, venues},
			out:   []SlotMap{{Slot: 0, Field: "band"}, {Slot: 1, Field: "guests"}},
			cands: []cand{{Field: 0, Slot: 0, Score: 46}, {Field: 2, Slot: 1, Score: 1}},
			keep:  "0:band 1:guests",
		},
		{
			name:  "one slot shared by two fields is not a copy",
			stats: []*slotStats{crumb, heading, venues},
			out:   []SlotMap{{Slot: 0, Field: "band"}, {Slot: 0, Field: "venue"}},
			cands: []cand{{Field: 0, Slot: 0, Score: 46}, {Field: 1, Slot: 0, Score: 1}},
			keep:  "0:band 0:venue",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := &State{FieldSpecs: fields, Scope: -1, Options: Options{Options: exalg.Options{GeneraliseThres: 0.9}}}
			got := w.distinctSlots(append([]SlotMap(nil), tc.out...), tc.cands, tc.stats, -1)
			var keep []string
			for _, sm := range got {
				keep = append(keep, fmt.Sprintf("%d:%s", sm.Slot, sm.Field))
			}
			if strings.Join(keep, " ") != tc.keep {
				t.Errorf("kept %q, want %q", strings.Join(keep, " "), tc.keep)
			}
			var abst []string
			for _, n := range w.Abstained[-1] {
				abst = append(abst, n.Field)
				if n.Kind != NoteAbstained || !strings.Contains(n.Message, "band") {
					t.Errorf("note %+v does not name the field keeping the text", n)
				}
			}
			if strings.Join(abst, ",") != tc.abstain {
				t.Errorf("abstained on %v, want %q", abst, tc.abstain)
			}
		})
	}
}
