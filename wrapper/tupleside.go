package wrapper

import (
	"math"
	"slices"
)

// A field of a single nested tuple (where = {name, address}) is written
// beside the tuple's other fields: the venue's name right before its
// address. A dictionary that knows few of the names (or a noisy one of
// another field that knows some of them too) leaves the name's own slot
// below the annotation counts mapSlots and explainedSlots ask for, while
// the address, found by its recognizer, has its slot. besideSibling then
// gives the name the free slot next to its siblings' slots, when the
// slot's values are plausibly the field's: they vary from page to page,
// are on the pages the field must be on, carry letters, are no other
// field's pattern, and the field's dictionary knows at least one of them
// while the annotations of other types there belong to fields mapped
// elsewhere (their dictionaries' noise, as in explainedSlots).

// oneNestedValue reports whether f, a field of a single nested tuple
// (nestedSingle), is weighed as a single field of the root when slots are
// chosen: one value per object, so a slot inside a set (a sidebar's
// list of other events' venues) is not its place unless the set's
// iterations are the lines of its value or a learned label keys it.
func oneNestedValue(fields []FieldSpec, f FieldSpec) bool {
	return nestedSingleSets && nestedSingle(fields, f)
}

// nestedSingleSets and besideSiblings turn oneNestedValue and
// besideSibling on (switches for the test that shows what they do).
var nestedSingleSets, besideSiblings = true, true

// besideSibling maps each dictionary field of a single nested tuple left
// without slot to the free slot right before the first, or right after
// the last, slot of its tuple's other fields (see above). The slot must
// be outside the sets of the object's scope (one value per object).
func besideSibling(w *Wrapper, out []SlotMap, stats []*slotStats, done, used map[int]bool, minCnt, nPages int, inScope func(int) (bool, int)) []SlotMap {
	if !besideSiblings {
		return out
	}
	thres := w.opt.GeneraliseThres
	for fi, f := range w.fields {
		if done[fi] || f.Tuple || !nestedSingle(w.fields, f) || f.Patterned() {
			continue
		}
		lo, hi := -1, -1
		for _, m := range out {
			g := w.fieldSpec(m.Field)
			if g == nil || g.Parent != f.Parent || g.Path == f.Path {
				continue
			}
			if lo < 0 || m.Slot < lo {
				lo = m.Slot
			}
			hi = max(hi, m.Slot)
		}
		if lo < 0 {
			continue
		}
		need := minCnt
		if !f.Optional && !w.fields[indexOf(w.fields, f.Parent)].Optional {
			need = max(need, int(math.Ceil(thres*float64(nPages))))
		}
		best, bestC := -1, 0
		for _, s := range []int{lo - 1, hi + 1} {
			if s < 0 || s >= len(stats) || used[s] || mappedSlot(out, s) {
				continue
			}
			if ok, depth := inScope(s); !ok || depth > 0 {
				continue
			}
			st := stats[s]
			c := st.count(f.Types)
			if st.occ < need || c == 0 || st.variation() < 1 || otherPattern(st, f, w.fields, thres) ||
				float64(letterless(st)) > (1-thres)*float64(st.occ) {
				continue
			}
			// Annotations of other types only where their fields have
			// slots of their own.
			gone := map[string]bool{}
			for _, m := range out {
				if g := w.fieldSpec(m.Field); g != nil && m.Slot != s && !anyOf(g.Types, f.Types) {
					for _, t := range g.Types {
						gone[t] = true
					}
				}
			}
			if c < st.annOcc-explainedAway(st, gone) {
				continue
			}
			if c > bestC {
				best, bestC = s, c
			}
		}
		if best < 0 {
			continue
		}
		st := stats[best]
		used[best], done[fi] = true, true
		out = append(out, SlotMap{Slot: best, Field: f.Path, Type: f.Types[0], Share: 1,
			Coverage: float64(bestC) / float64(st.occ), Run: st.tagged == 0})
	}
	return out
}

// mappedSlot reports whether some mapping of out reads slot s.
func mappedSlot(out []SlotMap, s int) bool {
	return slices.ContainsFunc(out, func(m SlotMap) bool { return m.Slot == s })
}
