package mapping

import "fmt"

// A detail page repeats its object's name: in a breadcrumb, a heading, an
// image's caption. Every copy is a slot of the template, and each one
// that a noisy dictionary of another field happens to annotate is a
// candidate of that field, weighed like any other (and boosted by the
// title factor when the page's <title> names it). When the name's field
// has taken one copy, another single field of the object taking a second
// copy writes the name as its own value on every page: a venue that is
// the band, twice, with no sign of it but the same-as-field note.
//
// Two different single fields of one object do not hold the same text on
// most pages, so a slot that repeats, page by page, the value of a slot
// another single field has already taken is that field's value, not
// evidence for this one. copiesTaken is that test (copySlot: one value,
// the same text, on at least thres of the pages where the candidate slot
// has a value). It is a constraint of the assignment, not a factor of the
// score: a copy weighs exactly what the taken slot weighs for the other
// field, and only the assignment knows which field took it. The field
// then takes its next candidate, or none (left empty, and the no-slot
// note names it) rather than a copy of another field's value.
//
// Only for a field without a pattern (a dictionary or untyped field: a
// name): dates, times and prices of one object do coincide (a book signed
// on the day it was published, a sale price equal to the list price), and
// each is read from its own node.

// copiesTaken reports whether c's slot repeats the value of a slot that
// another root single field has already taken (chosen: field -> slots).
func copiesTaken(fields []FieldSpec, chosen map[int][]int, c cand, stats []*slotStats, thres float64) bool {
	if fields[c.Field].Patterned() {
		return false
	}
	for fi, slots := range chosen {
		g := fields[fi]
		if fi == c.Field || g.Parent != "" || g.Many {
			continue
		}
		if copiesAny(stats, c.Slot, slots, thres) {
			return true
		}
	}
	return false
}

// copiesAny reports whether slot s repeats one of slots (copySlot).
func copiesAny(stats []*slotStats, s int, slots []int, thres float64) bool {
	for _, o := range slots {
		if o != s && copySlot(stats[s], stats[o], thres) {
			return true
		}
	}
	return false
}

// singleSlots returns the slots the root single fields other than f took
// in out: the slots whose copies are no candidate of f (copiesTaken).
func singleSlots(fields []FieldSpec, out []SlotMap, f string) []int {
	var slots []int
	for _, sm := range out {
		i := IndexOf(fields, sm.Field)
		if sm.Field == f || i < 0 || fields[i].Parent != "" || fields[i].Many {
			continue
		}
		slots = append(slots, sm.Slot)
	}
	return slots
}

// After the weighing: one value, one field. copiesTaken keeps a field
// from weighing a copy of a slot taken before it; a rule placing a field
// after the weighing (explainedSlots, altSlots, the learn* passes), a
// single field of a nested tuple, or an alternative slot of a field can
// still leave two single fields on two slots holding the same text page
// after page (copySlot). distinctSlots gives the text to one field only:
//   - a field with another slot of its own keeps that one and loses the
//     copy (alternatives of one field are not copies of another's);
//   - otherwise the field whose placement the score supports less (its
//     candidate's total on its slot; a slot given without a candidate,
//     by explainedSlots, scores 0) loses its slot and abstains, with a
//     note naming the other field; on a tie both keep theirs (the
//     same-as-field doubt still says it).
//
// As for copiesTaken, only fields without a pattern are concerned.

// distinctSlots applies the rule above to out (the mapping of one scope)
// and records each abstention in w.Abstained[scope].
func (w *State) distinctSlots(out []SlotMap, cands []cand, stats []*slotStats, scope int) []SlotMap {
	score := func(sm SlotMap) float64 {
		best := 0.0
		for _, c := range cands {
			if c.Slot == sm.Slot && !c.Part && w.FieldSpecs[c.Field].Path == sm.Field {
				best = max(best, c.Score)
			}
		}
		return best
	}
	single := func(sm SlotMap) bool {
		f := w.fieldSpec(sm.Field)
		if f == nil || f.Many || f.Tuple || f.Patterned() || sm.Part || sm.Label != nil || sm.Row != nil || sm.Item {
			return false
		}
		return f.Parent == "" || nestedSingle(w.FieldSpecs, *f)
	}
	slots := map[string]int{}
	for _, sm := range out {
		slots[sm.Field]++
	}
	copyOf := func(a, b int) bool {
		return copySlot(stats[a], stats[b], w.Options.GeneraliseThres) || copySlot(stats[b], stats[a], w.Options.GeneraliseThres)
	}
	drop := map[int]bool{} // indexes into out
	for i, a := range out {
		if !single(a) || drop[i] {
			continue
		}
		for j := i + 1; j < len(out); j++ {
			b := out[j]
			if !single(b) || drop[j] || b.Field == a.Field || b.Slot == a.Slot || !copyOf(a.Slot, b.Slot) {
				continue
			}
			loser, keeper := -1, -1
			switch {
			case slots[a.Field] > 1 && slots[b.Field] == 1:
				loser, keeper = i, j
			case slots[b.Field] > 1 && slots[a.Field] == 1:
				loser, keeper = j, i
			case slots[a.Field] == 1 && slots[b.Field] == 1:
				na, nb := score(a), score(b)
				if na < nb {
					loser, keeper = i, j
				} else if nb < na {
					loser, keeper = j, i
				}
			}
			if loser < 0 {
				continue
			}
			drop[loser] = true
			slots[out[loser].Field]--
			if slots[out[loser].Field] == 0 {
				lost, kept := out[loser], out[keeper]
				if w.Abstained == nil {
					w.Abstained = map[int][]Note{}
				}
				w.Abstained[scope] = append(w.Abstained[scope], Note{Kind: NoteAbstained, Field: lost.Field, Message: fmt.Sprintf(
					"field %s left empty: its slot %d holds the same text as field %s's slot %d on the sample pages (e.g. %q), and scores %.3g there against %s's %.3g: the text is %s's",
					lost.Field, lost.Slot, kept.Field, kept.Slot, Example(stats[lost.Slot]), score(lost), kept.Field, score(kept), kept.Field)})
			}
			if loser == i {
				break
			}
		}
	}
	if len(drop) == 0 {
		return out
	}
	kept := out[:0]
	for i, sm := range out {
		if !drop[i] {
			kept = append(kept, sm)
		}
	}
	return kept
}
