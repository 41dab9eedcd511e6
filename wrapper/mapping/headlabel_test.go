package mapping

import (
	"fmt"
	"testing"
)

func TestListHeading(t *testing.T) {
	// Slot 1 (in set 0) holds names; before the first one, on pages 0-3,
	// comes label "trending players"; the other values follow the
	// previous item's team, or a row label.
	list := func(restLabel func(pg, k int) string) *slotStats {
		st := NewSlotStats()
		st.LabVals, st.LabPages = map[string]map[string]int{}, map[string]map[int]bool{}
		add := func(k, v string, pg int) {
			if st.LabVals[k] == nil {
				st.LabVals[k], st.LabPages[k] = map[string]int{}, map[int]bool{}
			}
			st.LabVals[k][v]++
			st.LabPages[k][pg] = true
		}
		for pg := range 8 {
			for k := range 3 {
				v := fmt.Sprintf("Name %d-%d", pg, k)
				st.Occ++
				st.Values[v]++
				st.PerPage[pg]++
				if k == 0 {
					add("trending players", v, pg)
				} else {
					add(restLabel(pg, k), v, pg)
				}
			}
		}
		return st
	}
	previousTeam := func(pg, k int) string { return fmt.Sprintf("team %d", (pg+k)%7) }
	rowLabel := func(_, k int) string { return fmt.Sprintf("row %d", k) }
	heading := NewSlotStats()
	heading.Values = map[string]int{"Trending players": 4, "Teammates": 4}
	for _, tc := range []struct {
		name  string
		st    *slotStats
		where [][]int // sets of slot 0 (the heading's text) and slot 1
		want  bool
	}{
		{"heading before the set", list(previousTeam), [][]int{nil, {0}}, true},
		{"heading slot of an outer set", list(previousTeam), [][]int{{3}, {3, 0}}, true},
		{"the row's own label inside the set", list(previousTeam), [][]int{{0}, {0}}, false},
		{"other values follow row labels", list(rowLabel), [][]int{nil, {0}}, false},
		{"not in a set", list(previousTeam), [][]int{nil, nil}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := listHeading([]*slotStats{heading, tc.st}, tc.where, 1, "trending players", 8, 2); got != tc.want {
				t.Fatalf("listHeading = %v, want %v", got, tc.want)
			}
		})
	}
}
