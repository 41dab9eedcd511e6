package mapping

import (
	"testing"
)

// TestTitleSlot: the slot the title names page after page with new text;
// none when two such slots name different things (a match's two teams)
// or when the names repeat.
func TestTitleSlot(t *testing.T) {
	slot := func(vals ...string) *slotStats {
		st := &slotStats{Values: map[string]int{}, PerPage: map[int]int{}, FirstVal: map[int]string{}}
		for pg, v := range vals {
			st.Occ++
			st.InTitle++
			st.Values[v]++
			st.PerPage[pg]++
			st.FirstVal[pg] = v
		}
		return st
	}
	untitled := slot("Tue", "Wed", "Thu")
	untitled.InTitle = 1
	cases := []struct {
		name  string
		stats []*slotStats
		want  int
	}{
		{"heading", []*slotStats{untitled, slot("Velvet Mirrors", "Oktober", "Nimbus")}, 1},
		{"crumb and heading", []*slotStats{slot("Velvet Mirrors", "Oktober", "Nimbus"), untitled, slot("Velvet Mirrors", "Oktober", "Nimbus")}, 0},
		{"two teams", []*slotStats{slot("Lions", "Hawks", "Bears"), slot("Tigers", "Wolves", "Owls")}, -1},
		{"repeats", []*slotStats{slot("Concerts", "Concerts", "Comedy")}, -1},
		{"untitled", []*slotStats{untitled}, -1},
	}
	for _, tc := range cases {
		if got := titleSlot(tc.stats); got != tc.want {
			t.Errorf("%s: titleSlot = %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestNameField: the object's first field names it when it is a single
// dictionary field; nested tuples and sets before it are passed over.
func TestNameField(t *testing.T) {
	cases := []struct {
		fields []FieldSpec
		want   int
	}{
		{[]FieldSpec{{Path: "act", Dictionary: true}, {Path: "venue", Dictionary: true}}, 0},
		{[]FieldSpec{{Path: "guests", Many: true, Dictionary: true}, {Path: "where", Tuple: true}, {Path: "where.name", Parent: "where", Dictionary: true}, {Path: "act", Dictionary: true}}, 3},
		{[]FieldSpec{{Path: "date", Predefined: "date"}, {Path: "act", Dictionary: true}}, -1},
	}
	for i, tc := range cases {
		if got := nameField(tc.fields); got != tc.want {
			t.Errorf("case %d: nameField = %d, want %d", i, got, tc.want)
		}
	}
}
