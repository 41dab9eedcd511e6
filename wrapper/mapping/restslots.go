package mapping

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
	"strings"
)

// restStats counts, for one patterned type P of a slot, the values'
// words that P's annotations do not cover (the rest; words holding a
// letter or a digit, so brackets and separators are left out).
type restStats struct {
	Occ  int            // values with a rest
	Sets map[string]int // rests mainly covered (half of their words), by their sorted types joined by "\x00"
}

// CountRests adds the rests of value toks[a:b] to st, for each patterned
// type of patTypes.
func CountRests(st *SlotStats, toks []Token, a, b int, patTypes map[string]bool) {
	for p := range patTypes {
		words := 0
		cover := map[string]int{}
		for x := a; x < b; x++ {
			t := &toks[x]
			if t.Kind != KindWord || !HasWord(t.Text) || t.HasType(p) {
				continue
			}
			words++
			for _, typ := range OwnTypes(t) {
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
		var main []string
		for typ, c := range cover {
			if 2*c >= words {
				main = append(main, typ)
			}
		}
		if len(main) > 0 {
			slices.Sort(main)
			rs.Sets[strings.Join(main, "\x00")]++
		}
	}
}

// OwnShare counts, among rests by their sets of types (restStats.sets,
// labRun.sets), those f's types cover (c) and those f's types or types
// not in gone cover (ann).
func OwnShare(sets map[string]int, f FieldSpec, gone map[string]bool) (c, ann int) {
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
