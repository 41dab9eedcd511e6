package mapping

import (
	"slices"

	"github.com/objectrunner/objectrunner/recognizers"
)

// Where a field is not: checks that drop candidate slots before mapSlots
// assigns them (and before detailPlaces chooses a detail page's set field
// its one place): a set field's slot that copies a single field's, a
// detail page's set field in the items of other objects' records, a
// patterned single field's slot outnumbered by its instances beside
// another patterned field's.

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
		f := fields[c.Field]
		if f.Many && copiesSingle(fields, cands, stats, c, thres) {
			continue
		}
		out = append(out, c)
	}
	return keepMandatory(fields, cands, out)
}

// copiesSingle reports whether set-field candidate c's slot copies the slot
// of a candidate of a single field of the same kind (sameKind).
func copiesSingle(fields []FieldSpec, cands []cand, stats []*slotStats, c cand, thres float64) bool {
	f := fields[c.Field]
	for _, d := range cands {
		g := fields[d.Field]
		if d.Slot == c.Slot || g.Many || g.Parent != f.Parent || !sameKind(f, g) {
			continue
		}
		if copySlot(stats[c.Slot], stats[d.Slot], thres) {
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
		if slices.Contains(g.Types, t) {
			return true
		}
	}
	return false
}

// copySlot reports whether slot a repeats slot b: on at least thres of the
// sample pages where a has values (two pages or more), each slot has one
// value there and it is the same text.
func copySlot(a, b *slotStats, thres float64) bool {
	n, same := len(a.PerPage), 0
	if n < 2 {
		return false
	}
	for pg, k := range a.PerPage {
		if k == 1 && b.PerPage[pg] == 1 && a.FirstVal[pg] == b.FirstVal[pg] {
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
		f := fields[c.Field]
		if f.Parent == "" && f.Many && recordLike(fields, f, c.Slot, stats, sets, minCnt, thres) {
			continue
		}
		out = append(out, c)
	}
	return keepMandatory(fields, cands, out)
}

// keepMandatory gives back to out the candidates (from all) of a mandatory
// field that has none left in out: a doubtful slot is dropped when the
// field has another, not when dropping it stops the induction (a field
// with no slot at all; see mapSlots).
func keepMandatory(fields []FieldSpec, all, out []cand) []cand {
	left := map[int]bool{}
	for _, c := range out {
		left[c.Field] = true
	}
	for _, c := range all {
		if f := fields[c.Field]; !left[c.Field] && !f.Optional && !f.Tuple {
			out = append(out, c)
		}
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
		if t == s || st.AnnOcc == 0 || !slices.Contains(sets[t], set) {
			continue
		}
		for _, g := range fields {
			if g.Tuple || g.Many || g.Parent != "" || sameKind(f, g) {
				continue
			}
			if c := st.Count(g.Types); c >= minCnt && float64(c) >= thres*float64(st.AnnOcc) {
				return true
			}
		}
	}
	return false
}

// A patterned single field (a show's time) that is found beside another
// patterned field's instance in that field's values (the date's line "Sat,
// Oct 17 · 8:00pm") more often than a slot of its own holds it (an optional
// "Doors: 7:00pm" row) is that line's part (learnParts), not the other
// slot's value: the object's own instance is written where it nearly always
// is.

// dropOutnumbered removes the candidates of patterned single fields that
// another patterned single field's candidate slot outnumbers
// (outnumbered).
func dropOutnumbered(fields []FieldSpec, cands []cand, stats []*slotStats, valid map[string]recognizers.Recognizer, thres float64) []cand {
	out := cands[:0:0]
	for _, c := range cands {
		if f := fields[c.Field]; !f.Many && !f.Tuple && valid[f.Path] != nil && outnumbered(fields, cands, stats, valid, c, thres) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// outnumbered reports whether the slot of a candidate of another patterned
// single field with the same parent, mainly (thres) that field's
// instances (values wholly annotated with it, or in which its pattern
// finds an instance: a date followed by a time on most pages is not wholly
// a date), holds c's field's instance apart from its own (not a number
// inside a date) in more values than c's slot holds instances, and in
// sharePartShare of its values or more.
func outnumbered(fields []FieldSpec, cands []cand, stats []*slotStats, valid map[string]recognizers.Recognizer, c cand, thres float64) bool {
	// Another field's slot, mainly that field's (wholly its annotations,
	// or values in which its pattern finds an instance: "2017-10-17 ·
	// 9:00p"; rows of several kinds in one slot: the labelled rows).
	return insideOther(fields, cands, stats, valid, c, thres) > c.Cnt
}
