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

import (
	"sort"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// learnPlaceholders sets SlotMap.NA for the mapped slots of w from the
// sample's slot statistics (see the file comment).
func (w *Wrapper) learnPlaceholders(stats []*mapping.SlotStats) {
	for i := range w.slots {
		sm := &w.slots[i]
		fi := mapping.IndexOf(w.fields, sm.Field)
		if fi < 0 || sm.Slot >= len(stats) {
			continue
		}
		f := w.fields[fi]
		st := stats[sm.Slot]
		var na []string
		for txt, n := range st.Values {
			if n < 2 || txt == "" || mapping.AnnotatedText(st, txt) {
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
func (w *Wrapper) amongOtherKind(stats []*mapping.SlotStats, slot int, f FieldSpec, txt string) bool {
	for s, st := range stats {
		// A slot of instances (most of its values annotated) where
		// the text stands out unannotated.
		if s == slot || st.Values[txt] == 0 || st.AnnOcc < 2 || float64(st.AnnOcc) < w.opt.GeneraliseThres*float64(st.Occ) || mapping.AnnotatedText(st, txt) {
			continue
		}
		for _, g := range w.fields {
			if g.Tuple || g.Path == f.Path || mapping.SameKind(f, g) {
				continue
			}
			if float64(st.Count(g.Types)) >= w.opt.GeneraliseThres*float64(st.AnnOcc) {
				return true
			}
		}
	}
	return false
}
