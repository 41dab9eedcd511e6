package wrapper

// Placeholders for a missing value.
//
// A site writes the same placeholder wherever a value is missing: "N/A"
// where a show has no guests, where its doors time or its price is not
// known. A price's recognizer turns the placeholder away
// (SlotMap.Validate); a dictionary field has no such check and takes "N/A"
// or "Not available" as a guest. The template shows what it is: the text
// is the whole value of the field's slot twice or more in the sample,
// never annotated there, and the whole value, unannotated again, of
// another slot whose values are mostly instances of another kind of field
// (the dates of "On sale", the times of "Doors"): a text written both among
// dates and among names is neither. learnPlaceholders lists such texts in SlotMap.NA; Wrapper.value
// drops a value equal to one.

import "sort"

// learnPlaceholders sets SlotMap.NA for the mapped slots of w from the
// sample's slot statistics (see the file comment).
func (w *Wrapper) learnPlaceholders(stats []*slotStats) {
	for i := range w.slots {
		sm := &w.slots[i]
		fi := indexOf(w.fields, sm.Field)
		if fi < 0 || sm.Slot >= len(stats) {
			continue
		}
		f := w.fields[fi]
		st := stats[sm.Slot]
		var na []string
		for txt, n := range st.values {
			if n < 2 || txt == "" || annotatedText(st, txt) {
				continue
			}
			if w.amongOtherKind(stats, sm.Slot, f, txt) {
				na = append(na, txt)
			}
		}
		sort.Strings(na)
		sm.NA = na
	}
}

// annotatedText reports whether an annotation touches some of the slot's
// values with text txt.
func annotatedText(st *slotStats, txt string) bool {
	for _, vals := range st.someVals {
		if vals[txt] > 0 {
			return true
		}
	}
	return false
}

// amongOtherKind reports whether txt is the whole value, never annotated,
// of another slot whose values are mostly annotated (GeneraliseThres of
// them), GeneraliseThres of the annotated ones instances of the types of a
// field of another kind than f.
func (w *Wrapper) amongOtherKind(stats []*slotStats, slot int, f FieldSpec, txt string) bool {
	for s, st := range stats {
		// A slot of instances (most of its values annotated) where
		// the text stands out unannotated.
		if s == slot || st.values[txt] == 0 || st.annOcc < 2 || float64(st.annOcc) < w.opt.GeneraliseThres*float64(st.occ) || annotatedText(st, txt) {
			continue
		}
		for _, g := range w.fields {
			if g.Tuple || g.Path == f.Path || sameKind(f, g) {
				continue
			}
			if float64(st.count(g.Types)) >= w.opt.GeneraliseThres*float64(st.annOcc) {
				return true
			}
		}
	}
	return false
}
