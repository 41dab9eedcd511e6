package mapping

import (
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/recognizers"
)

// otherCut finds the first ";" or "(" of tokens [a, b) after the first
// word such that the rest holds an instance of the predefined recognizer of
// a field other than skip: it returns the separator's position and that
// field's path, or b and "".
func otherCut(toks []Token, a, b int, fields []FieldSpec, valid map[string]recognizers.Recognizer, skip string) (int, string) {
	for x := a + 1; x < b; x++ {
		t := &toks[x]
		if t.Kind != KindWord || !slices.Contains(cutSeps, t.Text()) {
			continue
		}
		rest, _, _ := ValueText(toks, x, b)
		for _, g := range fields {
			r := valid[g.Path]
			if g.Path == skip || r == nil {
				continue
			}
			if _, ok := Validate(r, rest); ok {
				return x, g.Path
			}
		}
	}
	return b, ""
}

// cutAtRule learns SlotMap.CutAt for single field f mapped to the slot of
// candidate c: the separators at which, together, at least thres of the
// values (those c's label precedes, when it has one) were cut for another
// field's instance.
func cutAtRule(st *slotStats, c cand, f FieldSpec, thres float64) []string {
	occ := st.Occ
	if c.Label != "" {
		occ = labelled(st, c.Label).Occ
	}
	tally := map[string]int{}
	for k, n := range st.CutAt {
		sep, g, _ := strings.Cut(k, "\x00")
		if g != f.Path {
			tally[sep] += n
		}
	}
	var out []string
	n := 0
	for _, sep := range cutSeps {
		if tally[sep] >= 2 {
			out = append(out, sep)
			n += tally[sep]
		}
	}
	if occ == 0 || float64(n) < thres*float64(occ) {
		return nil
	}
	return out
}
