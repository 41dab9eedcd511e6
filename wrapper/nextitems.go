package wrapper

import "slices"

// A detail page's byline with a second name written as an element of its
// own ("<span>Written by</span><span>A</span> · <span>B</span>") gives
// ExAlg a slot for the second name beside the first. A sparse dictionary
// knows too few of the second names for that slot to be the field's
// candidate (fieldMin), so only the first author was read. The slot is the
// field's too when it is the byline's continuation: right beside the
// field's place (placeSpan slots at most, no other field's slot between,
// in the same sets), holding values only on pages where the place holds
// one, annotated with the field's types at least once and hardly with
// other types.

// nextItems adds, for each root set field of a detail page, the free
// slots that continue its place (see above), with the place's SlotMap.
func nextItems(w *Wrapper, out []SlotMap, stats []*slotStats, sets [][]int, minCnt int) []SlotMap {
	if !nextItemSlots {
		return out
	}
	taken := map[int]bool{}
	for _, sm := range out {
		taken[sm.Slot] = true
	}
	var add []SlotMap
	for _, sm := range out {
		fi := indexOf(w.fields, sm.Field)
		if fi < 0 {
			continue
		}
		f := w.fields[fi]
		if !f.Many || f.Parent != "" || f.Tuple || sm.Label != nil {
			continue
		}
		p := sm.Slot
		for _, dir := range []int{1, -1} {
			for s := p + dir; s >= 0 && s < len(stats) && dir*(s-p) <= placeSpan; s += dir {
				if taken[s] {
					break // another field's slot (or the field's own next one)
				}
				if !slices.Equal(sets[s], sets[p]) || !continues(stats[p], stats[s], f, w.opt.GeneraliseThres, dir < 0) {
					continue
				}
				n := sm
				n.Slot = s
				n.Share, n.Coverage = 1, float64(stats[s].count(f.Types))/float64(stats[s].occ)
				add = append(add, n)
				taken[s] = true
			}
		}
	}
	return append(out, add...)
}

// continues reports whether slot s's values continue those of place p
// (see nextItems; before: s stands before p): values on a page only where
// p has one, no label of their own after p (or none of p's own before
// it), at least one annotated with f's types, and f's types on thres of
// the annotated ones.
func continues(p, s *slotStats, f FieldSpec, thres float64, before bool) bool {
	if s.occ == 0 || s.annOcc == 0 {
		return false
	}
	for pg := range s.perPage {
		if p.perPage[pg] == 0 {
			return false
		}
	}
	// A label of its own before the values ("Edited by") is another
	// row's; the words before a byline's second name are the first name.
	// A slot before the place holds the byline's first name when the
	// place's own values follow names, not a label.
	if (!before && (steadyLabel(s) || otherRow(p, s))) || (before && (steadyLabel(p) || otherRow(s, p))) {
		return false
	}
	c := s.count(f.Types)
	return c >= 1 && float64(c) >= thres*float64(s.annOcc)
}

// nextItemSlots turns nextItems on (a switch for the tests).
var nextItemSlots = true
