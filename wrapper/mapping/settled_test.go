package mapping

import (
	"slices"
	"testing"
)

// TestSettledTypes checks that a single field settled in a slot of its
// own is no rival of a set field on another slot's items (zoo s40139: a
// restaurant dictionary knowing "Mexican" tied with a sparse cuisine
// dictionary in the cuisines' slot).
func TestSettledTypes(t *testing.T) {
	fields := []FieldSpec{
		{Path: "name", Types: []string{"name"}},
		{Path: "cuisine", Types: []string{"cuisine"}, Many: true},
	}
	for _, tc := range []struct {
		name             string
		ownName          int // whole-value names in the name's own slot
		itemName, itemCu int // items annotated in the cuisines' slot
		settled          bool
		plural           bool
	}{
		{"name settled in its own slot", 34, 23, 22, true, true},
		{"name's own slot holds fewer", 10, 23, 22, false, false},
		{"cuisines outnumber anyway", 0, 5, 22, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			own, list := NewSlotStats(), NewSlotStats()
			own.Types["name"] = tc.ownName
			list.itemTypes["name"], list.itemTypes["cuisine"] = tc.itemName, tc.itemCu
			list.itemAnnOcc = tc.itemName + tc.itemCu
			got := settledTypes(fields, []*slotStats{own, list}, 1)
			if slices.Contains(got, "name") != tc.settled {
				t.Fatalf("settled %v, want name settled %v", got, tc.settled)
			}
			if p := list.ItemPluralityAmong([]string{"cuisine"}, got); p != tc.plural {
				t.Fatalf("plurality %v, want %v", p, tc.plural)
			}
		})
	}
}
