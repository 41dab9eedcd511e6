package wrapper

import "slices"

// Where a detail page's set field is not: two checks that drop candidate
// slots of a set field of the object before the one place of the field is
// chosen (detailPlaces).
//

// A set field of the object (performers, guests) is not written in a slot
// that repeats, page after page, the one value of a slot a single field of
// the same type may take: the headliner's name written twice (in the
// breadcrumb and in the heading) is the headliner, not a list of guests.
// Without the check the set field takes the second copy (a dictionary knows
// both copies as well as it knows the headliner) and its own place, a list
// of names the dictionary knows less often, is never tried.

// dropCopies removes the candidates of set fields whose slot copies
// (copySlot) the slot of a candidate of a single field of the same kind.
func dropCopies(fields []FieldSpec, cands []cand, stats []*slotStats, thres float64) []cand {
	out := cands[:0:0]
	for _, c := range cands {
		f := fields[c.field]
		if f.Many && copiesSingle(fields, cands, stats, c, thres) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// copiesSingle reports whether set-field candidate c's slot copies the slot
// of a candidate of a single field of the same kind (sameKind).
func copiesSingle(fields []FieldSpec, cands []cand, stats []*slotStats, c cand, thres float64) bool {
	f := fields[c.field]
	for _, d := range cands {
		g := fields[d.field]
		if d.slot == c.slot || g.Many || g.Parent != f.Parent || !sameKind(f, g) {
			continue
		}
		if copySlot(stats[c.slot], stats[d.slot], thres) {
			return true
		}
	}
	return false
}

// sameKind reports whether two fields hold values of one kind: they share
// a type, or both are recognised by the same dictionary class (a
// headliner and the performers, each an entity of its own over the
// artists' dictionary).
func sameKind(f, g FieldSpec) bool {
	if f.Dictionary && g.Dictionary && f.Class != "" && f.Class == g.Class {
		return true
	}
	for _, t := range f.Types {
		if contains(g.Types, t) {
			return true
		}
	}
	return false
}

// copySlot reports whether slot a repeats slot b: on at least thres of the
// sample pages where a has values (two pages or more), each slot has one
// value there and it is the same text.
func copySlot(a, b *slotStats, thres float64) bool {
	n, same := len(a.perPage), 0
	if n < 2 {
		return false
	}
	for pg, k := range a.perPage {
		if k == 1 && b.perPage[pg] == 1 && a.firstVal[pg] == b.firstVal[pg] {
			same++
		}
	}
	return float64(same) >= thres*float64(n)
}

// A set field of a detail page's object is not read from the iterations of
// a set that are records of other objects: a sidebar of "More shows at this
// venue" lists, per item, a name the performers' dictionary knows and a
// date, a price, …, each an instance of a single field of the object. The
// object's own performers are a list of names, not of objects.

// dropOtherRecords removes the candidates of root set fields whose slot sits
// in a set whose iterations also hold a slot mainly annotated (share
// thres, minCnt values or more) with the types of a single root field of
// another kind (recordLike).
func dropOtherRecords(fields []FieldSpec, cands []cand, stats []*slotStats, sets [][]int, minCnt int, thres float64) []cand {
	out := cands[:0:0]
	for _, c := range cands {
		f := fields[c.field]
		if f.Parent == "" && f.Many && recordLike(fields, f, c.slot, stats, sets, minCnt, thres) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// recordLike reports whether slot s's innermost set holds, in its
// iterations, another slot mainly annotated with the types of a single root
// field of a kind other than f's.
func recordLike(fields []FieldSpec, f FieldSpec, s int, stats []*slotStats, sets [][]int, minCnt int, thres float64) bool {
	if len(sets[s]) == 0 {
		return false
	}
	set := sets[s][len(sets[s])-1]
	for t, st := range stats {
		if t == s || st.annOcc == 0 || !slices.Contains(sets[t], set) {
			continue
		}
		for _, g := range fields {
			if g.Tuple || g.Many || g.Parent != "" || sameKind(f, g) {
				continue
			}
			if c := st.count(g.Types); c >= minCnt && float64(c) >= thres*float64(st.annOcc) {
				return true
			}
		}
	}
	return false
}
