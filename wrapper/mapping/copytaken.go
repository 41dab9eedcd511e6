package mapping

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

// dropLateCopies removes the slot of a root single field that a rule
// placed after the weighing (not in chosen, the weighed assignment) when
// it repeats the slot of another root single field: the same constraint
// as copiesTaken, for the placements made after the weighing.
func dropLateCopies(fields []FieldSpec, out []SlotMap, chosen map[int][]int, stats []*slotStats, thres float64) []SlotMap {
	keep := out[:0:0]
	for _, sm := range out {
		fi := IndexOf(fields, sm.Field)
		if fi >= 0 && fields[fi].Parent == "" && !fields[fi].Many && !fields[fi].Patterned() && len(chosen[fi]) == 0 &&
			copiesAny(stats, sm.Slot, singleSlots(fields, out, sm.Field), thres) {
			continue
		}
		keep = append(keep, sm)
	}
	return keep
}
