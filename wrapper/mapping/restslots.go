package mapping

import (
	"slices"
	"strings"
)

// restStats counts, for one patterned type P of a slot, the values'
// words that P's annotations do not cover (the rest; words holding a
// letter or a digit, so brackets and separators are left out).
type restStats struct {
	Occ  int            // values with a rest
	Sets map[string]int // rests mainly covered (half of their words), by their sorted types joined by "\x00"
}

// countRests adds the rests of value toks[a:b] to st, for each patterned
// type of patTypes.
func countRests(st *slotStats, toks []Token, a, b int, patTypes map[string]bool) {
	for p := range patTypes {
		words := 0
		cover := map[string]int{}
		for x := a; x < b; x++ {
			t := &toks[x]
			if t.Kind != KindWord || !hasWord(t.Text()) || t.HasType(p) {
				continue
			}
			words++
			for _, typ := range ownTypes(t) {
				if typ != p {
					cover[typ]++
				}
			}
		}
		if words == 0 {
			continue
		}
		if st.Rest == nil {
			st.Rest = map[string]*restStats{}
		}
		rs := st.Rest[p]
		if rs == nil {
			rs = &restStats{Sets: map[string]int{}}
			st.Rest[p] = rs
		}
		rs.Occ++
		if k := strings.Join(mainTypes(cover, words), "\x00"); k != "" {
			rs.Sets[k]++
		}
	}
}

// mainTypes returns the types of cover (words by type) that cover half of
// the words or more, sorted (nil when none does).
func mainTypes(cover map[string]int, words int) []string {
	var main []string
	for typ, c := range cover {
		if 2*c >= words {
			main = append(main, typ)
		}
	}
	slices.Sort(main)
	return main
}

// ownShare counts, among rests by their sets of types (restStats.sets,
// labRun.sets), those f's types cover (c) and those f's types or types
// not in gone cover (ann).
func ownShare(sets map[string]int, f FieldSpec, gone map[string]bool) (c, ann int) {
	for set, k := range sets {
		own, other := false, false
		for _, t := range strings.Split(set, "\x00") {
			switch {
			case slices.Contains(f.Types, t):
				own = true
			case !gone[t]:
				other = true
			}
		}
		if own {
			c += k
		}
		if own || other {
			ann += k
		}
	}
	return c, ann
}

// restPart returns how many of the slot's values have a rest beside host
// field hf's instances when that rest is field f's place (see the file
// comment), 0 when it is not. gone holds the types of the fields placed
// in other slots: their annotations in the rest are their dictionaries'
// noise (a publisher "N. R. Sørensen & Co." that the author dictionary
// knows), not another field's values. The rest is f's when f's types
// mainly cover fieldMin of the rests and GeneraliseThres of the rests
// other types than gone cover, or, under a label naming f, one of them
// and the rest is there in sharePartShare of the values.
func (w *State) restPart(st *slotStats, f, hf FieldSpec, label []string, gone map[string]bool, minCnt int) int {
	for _, p := range hf.Types {
		rs := st.Rest[p]
		if rs == nil {
			continue
		}
		c, ann := ownShare(rs.Sets, f, gone)
		if c == 0 || float64(c) < w.Options.GeneraliseThres*float64(ann) {
			continue
		}
		if c >= fieldMin(f, st, minCnt, w.Options.MinAnnotated) ||
			labelAffinity(label, f) >= affinityKind && float64(rs.Occ) >= sharePartShare*float64(st.Occ) {
			return rs.Occ
		}
	}
	return 0
}

// placedTypes returns the types of the fields of out placed in another
// slot than slot, f's own types left out.
func placedTypes(w *State, out []SlotMap, slot int, f FieldSpec) map[string]bool {
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
