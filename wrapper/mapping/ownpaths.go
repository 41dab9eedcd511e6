package mapping

import (
	"slices"
)

// Values found in another slot's element.
//
// The sample is made of the best-annotated pages: an optional row can be
// on every one of them, and the template then holds it as constant text
// ("<li class=publisher><a> * </a></li>"). On a page without that row the
// matcher passes over the missing text (match.go) and the slot takes
// whatever lies between the texts around it, such as the next row
// ("<li class=date>Wednesday, August 10, 1994</li>"), which then is the
// publisher while the date's slot stays empty.
//
// Sites tell rows apart by their elements (a class token gives an element
// a step of its own in its occurrence path, list_class.go): the words of
// each slot's sample values sit at some paths. A path where the first
// words of one slot's values sat, on ownMinValues sample values or more,
// and no other slot's words did is that slot's own (SlotMap.Own). At
// extraction, a run of words of another slot's value (a single field's,
// read whole, or an unmapped slot's) that sits at a slot's own path is
// that slot's value: the run goes to that slot when it has no value of
// its own in the object, and is dropped otherwise; the other slot keeps
// the runs before it (or, when the value opens with such runs, those
// after them).

// ownMinValues is the least number of sample values whose first words
// sat at a path for the path to be a slot's own.
const ownMinValues = 2

// countPaths records the occurrence paths of the words of a slot value
// [a, b) (slotStats.wordPaths, firstPaths).
func countPaths(st *slotStats, toks []Token, a, b int) {
	if st.WordPaths == nil {
		st.WordPaths, st.FirstPaths = map[int32]bool{}, map[int32]int{}
	}
	first := true
	for x := a; x < b; x++ {
		if toks[x].Kind != KindWord {
			continue
		}
		st.WordPaths[toks[x].Path] = true
		if first {
			st.FirstPaths[toks[x].Path]++
			first = false
		}
	}
}

// ownPaths sets SlotMap.Own on the slots of single fields that are their
// slot's only mapping: the paths where the first words of ownMinValues of
// the slot's sample values sat and no other slot's words did.
func ownPaths(w *State, out []SlotMap, stats []*slotStats) []SlotMap {
	maps := map[int]int{}
	for _, sm := range out {
		maps[sm.Slot]++
	}
	for i := range out {
		sm := &out[i]
		f := w.fieldSpec(sm.Field)
		if f == nil || f.Many || f.Tuple || sm.Item || sm.Part || len(sm.Label) > 0 || maps[sm.Slot] > 1 || sm.Slot >= len(stats) {
			continue
		}
		sm.Own = nil
		for p, n := range stats[sm.Slot].FirstPaths {
			if p <= 0 || n < ownMinValues {
				continue
			}
			alone := true
			for s, st := range stats {
				if s != sm.Slot && st.WordPaths[p] {
					alone = false
					break
				}
			}
			if alone {
				sm.Own = append(sm.Own, w.Paths.String(p))
			}
		}
		slices.Sort(sm.Own)
	}
	return out
}

// ownIndex maps the interned paths of the slots' Own paths to their slot.
func (w *State) ownIndex() map[int32]int {
	var out map[int32]int
	for _, sm := range w.SlotMaps {
		for _, p := range sm.Own {
			id := w.Paths.Parse(p)
			if id <= 0 {
				continue
			}
			if out == nil {
				out = map[int32]int{}
			}
			out[id] = sm.Slot
		}
	}
	return out
}

// reown gives the runs of words that sit at another slot's own path to
// that slot (see the file comment), in the values of record r and its
// iterations.
func (w *State) reown(toks []Token, r *mrec) {
	if len(w.ownOf) == 0 {
		return
	}
	// each calls f with every value of x and of its iterations, in the
	// order of a walk of the records (no list of them is made).
	var each func(x *mrec, f func(v *sval))
	each = func(x *mrec, f func(v *sval)) {
		for i := range x.Vals {
			f(&x.Vals[i])
		}
		for _, k := range x.Kids {
			each(k, f)
		}
	}
	var has slotFlags // the slots with a value that has text
	each(r, func(v *sval) {
		if HasValueText(toks, v.A, v.B) {
			has.set(v.Slot)
		}
	})
	var moved []sval
	each(r, func(v *sval) {
		if sms := w.bySlot[v.Slot]; len(sms) > 1 || len(sms) == 1 && !ownSource(w, sms[0]) {
			return
		}
		// The value's runs of words (appendRuns), read in place: a
		// value over a large page's text has hundreds of thousands.
		first := -1 // the first run at another slot's own path
		lead := 0   // the runs at such paths that open the value
		firstA, leadB := 0, 0
		k := 0
		for x, b := v.A, v.B; x < b; {
			if toks[x].Kind != KindWord {
				x++
				continue
			}
			rn := [2]int{x, x}
			for rn[1] < b && toks[rn[1]].Kind == KindWord {
				rn[1]++
			}
			x = rn[1]
			y, ok := w.ownOf[toks[rn[0]].Path]
			if !ok || y == v.Slot {
				k++
				continue
			}
			if first < 0 {
				first, firstA = k, rn[0]
			}
			if lead == k {
				lead++
				leadB = rn[1]
			}
			if !has.get(y) {
				moved = append(moved, sval{Slot: y, A: rn[0], B: rn[1]})
				has.set(y)
			}
			k++
		}
		switch {
		case first > 0:
			v.B = firstA // the value is what precedes
		case first == 0:
			v.A = leadB // the value is what follows, if anything
		}
	})
	r.Vals = append(r.Vals, moved...)
}

// ownSource reports whether the values of slot map sm may lose runs to
// other slots' own paths: a single field's only mapping, read as a
// whole value (not an item among rows, a part of a shared text node or
// the lines of one value).
func ownSource(w *State, sm *SlotMap) bool {
	f := w.fieldSpec(sm.Field)
	return f != nil && !f.Many && !f.Tuple && !sm.Item && !sm.Part && !sm.Lines && !sm.Join && !sm.JoinPrev && len(sm.Label) == 0 && sm.Row == nil
}

// slotFlags is a set of slots: a bit per slot from 0 (a slot is an index
// of the template's slots), in a map for any other.
type slotFlags struct {
	bits  [4]uint64
	more  []bool
	other map[int]bool
}

func (f *slotFlags) set(s int) {
	switch {
	case s >= 0 && s < 256:
		f.bits[s>>6] |= 1 << (s & 63)
	case s >= 256:
		for len(f.more) <= s-256 {
			f.more = append(f.more, false)
		}
		f.more[s-256] = true
	default:
		if f.other == nil {
			f.other = map[int]bool{}
		}
		f.other[s] = true
	}
}

func (f *slotFlags) get(s int) bool {
	switch {
	case s >= 0 && s < 256:
		return f.bits[s>>6]&(1<<(s&63)) != 0
	case s >= 256:
		return s-256 < len(f.more) && f.more[s-256]
	default:
		return f.other[s]
	}
}
