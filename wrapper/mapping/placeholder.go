package mapping

import (
	"sort"
)

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
//
// The other slot must be of another kind only: when the field's own types
// also annotate its values on two sample pages or more, it holds the
// field's kind too (a sidebar's list of makes that a noisy product
// dictionary knows as well as the makes' dictionary does), and a text
// standing unannotated there is a value of the field that neither
// dictionary knows, not a placeholder. Without this, the makes the brand
// dictionary does not know ("Kaito" on eight pages) were each learned as a
// placeholder and the field was left empty on every page that has them.

// annotatedText reports whether an annotation touches some of the slot's
// values with text txt.
func annotatedText(st *slotStats, txt string) bool {
	for _, vals := range st.SomeVals {
		if vals[txt] > 0 {
			return true
		}
	}
	return false
}

// LearnPlaceholders sets SlotMap.NA for the mapped slots of w from the
// sample's slot statistics (see the file comment).
func (w *State) LearnPlaceholders(stats []*slotStats) {
	for i := range w.SlotMaps {
		sm := &w.SlotMaps[i]
		fi := IndexOf(w.FieldSpecs, sm.Field)
		if fi < 0 || sm.Slot >= len(stats) {
			continue
		}
		f := w.FieldSpecs[fi]
		st := stats[sm.Slot]
		var na []string
		for txt, n := range st.Values {
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

// amongOtherKind reports whether txt is the whole value, never annotated,
// of another slot whose values are mostly annotated (GeneraliseThres of
// them), GeneraliseThres of the annotated ones instances of the types of a
// field of another kind than f.
func (w *State) amongOtherKind(stats []*slotStats, slot int, f FieldSpec, txt string) bool {
	for s, st := range stats {
		// A slot of instances (most of its values annotated) where
		// the text stands out unannotated.
		if s == slot || st.Values[txt] == 0 || st.AnnOcc < 2 || float64(st.AnnOcc) < w.Options.GeneraliseThres*float64(st.Occ) || annotatedText(st, txt) {
			continue
		}
		if ownKindPages(st, f) >= 2 {
			continue // the field's kind is there too (see the file comment)
		}
		for _, g := range w.FieldSpecs {
			if g.Tuple || g.Path == f.Path || sameKind(f, g) {
				continue
			}
			if float64(st.Count(g.Types)) >= w.Options.GeneraliseThres*float64(st.AnnOcc) {
				return true
			}
		}
	}
	return false
}

// ownKindPages is the number of sample pages (records) on which f's types
// annotate values of the slot.
func ownKindPages(st *slotStats, f FieldSpec) int {
	pages := map[int]bool{}
	for _, t := range f.Types {
		for pg := range st.AnnRecs[t] {
			pages[pg] = true
		}
	}
	return len(pages)
}
