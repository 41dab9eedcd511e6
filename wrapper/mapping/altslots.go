package mapping

import (
	"github.com/objectrunner/objectrunner/recognizers"
)

// A single field in the alternatives of a choice.
//
// A row whose form varies from page to page ("<span>Publisher</span>
// (<span>date</span>)" on pages with a publisher, "(<span>date</span>)"
// on the others) becomes a choice in the template, "( A | B )", and the
// field's values fall into one slot of each alternative. The slots are
// exclusive: a page matches one alternative, so its object has one value
// either way. A single field takes one slot (MapSlots), and the sample
// values of the other alternative are then lost on every page of that
// form. altSlots gives the field, besides its chosen slot, every other
// candidate slot of it in another alternative of a choice holding the
// chosen one, when the slot is free and the candidate weighs at least
// altMinShare of the chosen one's score: the same field's values in the
// row's other form, not another field's.

// altMinShare is the least weight of an alternative's slot relative to
// the chosen slot of its field.
const altMinShare = 0.25

// altPaths returns, for each slot of t, the alternatives it lies in: for
// every choice above it, the choice (by the order it is met) and the
// index of the alternative.
func altPaths(t *Template) [][][2]int {
	out := make([][][2]int, len(t.Slots))
	n := 0
	var rec func(nd Node, path [][2]int)
	rec = func(nd Node, path [][2]int) {
		switch nd := nd.(type) {
		case *SlotNode:
			if nd.ID < len(out) {
				out[nd.ID] = append([][2]int(nil), path...)
			}
		case *SeqNode:
			for _, c := range nd.Nodes {
				rec(c, path)
			}
		case *SetNode:
			rec(nd.Body, path)
		case *OptionalNode:
			rec(nd.Body, path)
		case *DisjunctionNode:
			id := n
			n++
			for i, c := range nd.Alts {
				rec(c, append(path[:len(path):len(path)], [2]int{id, i}))
			}
		}
	}
	rec(t.Root, nil)
	return out
}

// exclusive reports whether slots of alternative paths a and b lie in
// different alternatives of one choice: no page fills both.
func exclusive(a, b [][2]int) bool {
	for _, x := range a {
		for _, y := range b {
			if x[0] == y[0] && x[1] != y[1] {
				return true
			}
		}
	}
	return false
}

// altSlots returns the SlotMaps of the single root fields' slots in other
// alternatives of their chosen slots' choices (see above); used marks the
// slots taken, and is updated.
func (w *State) altSlots(cands []cand, out []SlotMap, stats []*slotStats, valid map[string]recognizers.Recognizer, used map[int]bool) []SlotMap {
	paths := altPaths(w.Template)
	type pick struct {
		slots []int
		score float64
	}
	chosen := map[int]*pick{}
	for _, sm := range out {
		fi := IndexOf(w.FieldSpecs, sm.Field)
		if fi < 0 || sm.Slot >= len(paths) || len(paths[sm.Slot]) == 0 || len(sm.Label) > 0 {
			continue
		}
		if f := w.FieldSpecs[fi]; f.Parent != "" || f.Many || f.Tuple {
			continue
		}
		if chosen[fi] == nil {
			chosen[fi] = &pick{}
		}
		chosen[fi].slots = append(chosen[fi].slots, sm.Slot)
	}
	for _, c := range cands {
		if p := chosen[c.Field]; p != nil && len(p.slots) == 1 && c.Slot == p.slots[0] {
			p.score = c.Score
		}
	}
	var add []SlotMap
	for _, c := range cands { // best first
		p := chosen[c.Field]
		if p == nil || p.score <= 0 || c.Part || c.Label != "" || used[c.Slot] || c.Slot >= len(paths) || c.Score < altMinShare*p.score {
			continue
		}
		ok := true
		for _, s := range p.slots {
			ok = ok && exclusive(paths[s], paths[c.Slot])
		}
		if !ok {
			continue
		}
		used[c.Slot] = true
		p.slots = append(p.slots, c.Slot)
		add = append(add, w.slotMapOf(c, stats, valid, true))
	}
	return add
}
