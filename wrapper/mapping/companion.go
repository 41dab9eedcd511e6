package mapping

import "slices"

// Companions in a slot (record mode). companionMin is the least share of
// a slot's values another type must annotate to be the field's
// companion there; companionOwn the least share of them the field's own
// instances must fill.
const (
	companionMin = 0.8
	companionOwn = 1.0 / 3
)

// companionShare is the Annotation factor's share for an optional
// patterned field in record mode. The share is the part of the slot's
// annotated values that the field's types annotate; but when another type
// annotates nearly every value of the slot (companionMin, counting values
// where it is a part: slotStats.Some) and the field's instances fill a
// good part of them (companionOwn), the field rides beside that type: a
// time written after its date in one cell ("2009-04-15 | 8:00 PM", the
// time optional). The values holding the companion alone are then the
// records without the optional field, not rival values, and they count
// only once, in the Recognized factor (the share of the slot's values in
// which the recognizer finds the field), so the share is 1. Counted twice
// they made an optional "Doors" column of other times outweigh the
// event's own time (zoo s40026, time F1 0.29).
func companionShare(st *slotStats, f FieldSpec, c int) float64 {
	plain := 0.0
	if st.AnnOcc > 0 {
		plain = float64(c) / float64(st.AnnOcc)
	}
	if !f.Optional || f.Many || !f.Patterned() || c == 0 || float64(c) < companionOwn*float64(st.Occ) {
		return plain
	}
	for t, n := range st.Some {
		if !slices.Contains(f.Types, t) && float64(n) >= companionMin*float64(st.Occ) {
			return 1
		}
	}
	return plain
}
