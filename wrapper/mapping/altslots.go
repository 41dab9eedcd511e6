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

// In record mode the row's two forms need not be a choice: an optional
// part between two slots ("<a>Publisher</a>; <a>date</a>" with the
// publisher optional, or an optional "List price" row before the date)
// leaves the date in one slot on some records and in the next on the
// others, both slots being in every record. The slots are then exclusive
// by the sample rather than by the template (apartInSample): no sample
// record has the field's instance in both.

// altOverlap is the largest share of the smaller slot's records holding
// the field's instance that may hold it in the other slot too, for the two
// slots to be apart in the sample.
const altOverlap = 0.05

// apartInSample reports whether slots a and b of a record-mode wrapper
// hold a patterned field's instances in different sample records: each in
// two records at least, in common at most altOverlap of the fewer. Only
// patterned fields: their recognizers find every instance, so the records
// that lack one in a slot are known; a dictionary that knows a fifth of
// the values would make any two slots look apart.
func (w *State) apartInSample(stats []*slotStats, a, b int, f FieldSpec) bool {
	if w.Records == nil || !f.Patterned() || a >= len(stats) || b >= len(stats) {
		return false
	}
	recs := func(st *slotStats) map[int]bool {
		out := map[int]bool{}
		for _, t := range f.Types {
			for r := range st.AnnRecs[t] {
				out[r] = true
			}
		}
		return out
	}
	ra, rb := recs(stats[a]), recs(stats[b])
	if len(ra) < 2 || len(rb) < 2 {
		return false
	}
	both := 0
	for r := range ra {
		if rb[r] {
			both++
		}
	}
	return float64(both) <= altOverlap*float64(min(len(ra), len(rb)))
}

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
		if fi < 0 || sm.Slot >= len(paths) || len(sm.Label) > 0 {
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
			ok = ok && (exclusive(paths[s], paths[c.Slot]) || w.apartInSample(stats, s, c.Slot, w.FieldSpecs[c.Field]))
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
