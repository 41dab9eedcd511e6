package mapping

import "slices"

// takingLeadItems turns leadItems on (a switch for the test that shows
// what it does).
var takingLeadItems = true

// A set field's first item kept as a slot of its own. ExAlg unrolls a
// list's first iteration when it is always present (a line-up that opens
// with the headliner, a list that never is empty): the first item is a
// slot before the set, with the same markup around it as the set's items
// and only template text between. dropCopies removes it from the set
// field's candidates when it repeats another field's value (the
// headliner), and unrolledPeers finds it only when the set's separator
// is outside its body. leadItems gives the set field that slot as well
// when no field took it and its values are not another field's type more
// often than the field's own: the field then reads its first item, which
// it otherwise misses on every page (the lead-item note of trustnotes.go
// says so when the slot is another field's).

// leadItems returns out with, for each root set field with a slot in a
// set, the untaken slot of the set's unrolled first item (leadPeer), if
// any.
func leadItems(w *State, out []SlotMap, stats []*slotStats) []SlotMap {
	if !takingLeadItems || w.Template == nil {
		return out
	}
	taken := map[int]bool{}
	for _, sm := range out {
		taken[sm.Slot] = true
	}
	flat := Flatten(w.Template.Root, nil)
	at := map[int]int{}
	for i, e := range flat {
		if e.Slot >= 0 {
			at[e.Slot] = i
		}
	}
	var added []SlotMap
	for _, sm := range out {
		f := w.fieldSpec(sm.Field)
		if f == nil || !f.Many || f.Tuple || f.Parent != "" || sm.Part || sm.Item || sm.Row != nil {
			continue
		}
		i, ok := at[sm.Slot]
		if !ok {
			continue
		}
		q := leadPeer(flat, i)
		if q < 0 || taken[q] || q >= len(stats) || stats[q].Occ == 0 {
			continue
		}
		st := stats[q]
		own, other := st.Count(f.Types), 0
		for t, n := range st.Types {
			if !slices.Contains(f.Types, t) && w.typedBy(t) {
				other = max(other, n)
			}
		}
		if other > own {
			continue
		}
		taken[q] = true
		added = append(added, SlotMap{Slot: q, Field: f.Path, Type: sm.Type, Share: sm.Share, Coverage: sm.Coverage, Run: sm.Run,
			Seps: sm.Seps, SepWords: sm.SepWords, Keep: sm.Keep})
	}
	return append(out, added...)
}

// typedBy reports whether entity type t types a field of the SOD.
func (w *State) typedBy(t string) bool {
	for _, f := range w.FieldSpecs {
		if slices.Contains(f.Types, t) {
			return true
		}
	}
	return false
}
