package wrapper

// The rest of a shared text node as a slot of its own.
//
// One text node may hold two fields, a patterned one and a name
// ("Midriver Publishing (1988-07-12)", "Quillon Group, 9 May 2001"),
// either of them absent on some pages. The pattern's recognizer finds the
// date wherever it is written, so the date's field takes the slot; the
// name's dictionary knows few of the names, and the slot's annotations
// are mostly the date's, so the name's field never reaches
// GeneraliseThres there and gets no slot. What the name's field has is
// the rest of the slot's values: the words the host's pattern does not
// cover, once the template's punctuation around it ("(", ")", ", ") is
// left out. That rest is weighed as if it were a slot of its own
// (restStats, gathered per patterned type): the field's annotations
// there, against the rest's annotated values, must reach fieldMin and
// GeneraliseThres, as a slot's must (a dictionary knowing three of the
// sample's publishers, nothing else known there). A label before the
// slot that names the field ("Published by" before the imprint,
// "Publisher:" before "Quillon Group, 9 May 2001") is evidence enough
// with one annotated rest, when the rest has words in sharePartShare of
// the slot's values. The field then shares the host's slot (learnParts,
// SlotMap.Part) and at extraction takes the value less the host's
// instance (carve).

import (
	"slices"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// restPart returns how many of the slot's values have a rest beside host
// field hf's instances when that rest is field f's place (see the file
// comment), 0 when it is not. gone holds the types of the fields placed
// in other slots: their annotations in the rest are their dictionaries'
// noise (a publisher "N. R. Sørensen & Co." that the author dictionary
// knows), not another field's values. The rest is f's when f's types
// mainly cover fieldMin of the rests and GeneraliseThres of the rests
// other types than gone cover, or, under a label naming f, one of them
// and the rest is there in sharePartShare of the values.
func (w *Wrapper) restPart(st *mapping.SlotStats, f, hf FieldSpec, label []string, gone map[string]bool, minCnt int) int {
	for _, p := range hf.Types {
		rs := st.Rest[p]
		if rs == nil {
			continue
		}
		c, ann := mapping.OwnShare(rs.Sets, f, gone)
		if c == 0 || float64(c) < w.opt.GeneraliseThres*float64(ann) {
			continue
		}
		if c >= mapping.FieldMin(f, st, minCnt, w.opt.MinAnnotated) ||
			mapping.LabelAffinity(label, f) >= mapping.AffinityKind && float64(rs.Occ) >= mapping.SharePartShare*float64(st.Occ) {
			return rs.Occ
		}
	}
	return 0
}

// placedTypes returns the types of the fields of out placed in another
// slot than slot, f's own types left out.
func placedTypes(w *Wrapper, out []SlotMap, slot int, f FieldSpec) map[string]bool {
	gone := map[string]bool{}
	for _, sm := range out {
		if sm.Slot == slot {
			continue
		}
		if g := w.fieldSpec(sm.Field); g != nil {
			for _, t := range g.Types {
				if !slices.Contains(f.Types, t) {
					gone[t] = true
				}
			}
		}
	}
	return gone
}
