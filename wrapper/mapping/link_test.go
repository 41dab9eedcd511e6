package mapping

import (
	"testing"
)

// TestLinkTupleSets checks which template set holds the iterations of a
// nested tuple (FieldSpec.Set): the innermost set enclosing its slots, but
// not the objects' own set (Wrapper.scope) — a list page read in page mode
// has every field inside the set of its objects, and a single nested
// tuple (location = {address, phone}) is then one per object, not a set of
// its own that no object iteration contains.
func TestLinkTupleSets(t *testing.T) {
	// { name location.address location.phone { credits.name }_ }_
	slots := []*SlotNode{{ID: 0}, {ID: 1}, {ID: 2}, {ID: 3}}
	inner := &SetNode{ID: 1, Body: &SeqNode{Nodes: []Node{slots[3]}}}
	outer := &SetNode{ID: 0, Body: &SeqNode{Nodes: []Node{slots[0], slots[1], slots[2], inner}}}
	fields := []FieldSpec{
		{Name: "name", Path: "name", Set: -1},
		{Name: "location", Path: "location", Tuple: true, Set: -1},
		{Name: "address", Path: "location.address", Parent: "location", Set: -1},
		{Name: "phone", Path: "location.phone", Parent: "location", Set: -1},
		{Name: "credits", Path: "credits", Tuple: true, Many: true, Set: -1},
		{Name: "name", Path: "credits.name", Parent: "credits", Set: -1},
	}
	maps := []SlotMap{{Slot: 0, Field: "name"}, {Slot: 1, Field: "location.address"}, {Slot: 2, Field: "location.phone"}, {Slot: 3, Field: "credits.name"}}
	for _, tc := range []struct {
		name                  string
		scope                 int
		wantLocation, wantCrd int
	}{
		{"objects are the page", -1, 0, 1},
		{"objects are the outer set's iterations", 0, -1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &State{Scope: tc.scope, FieldSpecs: append([]FieldSpec(nil), fields...), SlotMaps: append([]SlotMap(nil), maps...),
				Template: &Template{Root: &SeqNode{Nodes: []Node{outer}}, Slots: slots, Sets: []*SetNode{outer, inner}}}
			w.Link()
			if got := w.FieldSpecs[1].Set; got != tc.wantLocation {
				t.Errorf("location.Set = %d, want %d", got, tc.wantLocation)
			}
			if got := w.FieldSpecs[4].Set; got != tc.wantCrd {
				t.Errorf("credits.Set = %d, want %d", got, tc.wantCrd)
			}
		})
	}
}
