package mapping

// Values that are wholly one instance of a field's pattern.
//
// Slots whose values are whole text nodes are preferred (mapSlots): a
// value cut out of a longer text is more often a sentence's chance words.
// For a field whose pattern delimits values (a regular expression, a
// date, a price) the value is the pattern's instance anyway, and a value
// that is wholly one instance and the first variable text of its node,
// after template text only, is as good as a whole node: "#35", "Number:
// 95 | G" (the number's own slot; the position's follows). The second
// value of a node ("Blue Heron Books (May 1, 1994)", the date after the
// publisher) is not (wholeInstances counts them; mapSlots weighs them as
// whole values).

import (
	"strings"

	"github.com/objectrunner/objectrunner/recognizers"
)

// wholeInstances counts in st.wholeInst, for every field of valid (pattern
// recognizers by field path), whether the value text txt, tokens [a, b)
// of toks, is wholly one instance of the field's pattern and the first
// slot value of its text node (inSlot marks the tokens of slot values).
func wholeInstances(st *slotStats, toks []Token, a int, txt string, inSlot []bool, valid map[string]recognizers.Recognizer) {
	t := strings.TrimSpace(txt)
	if t == "" || len(valid) == 0 {
		return
	}
	for x := a - 1; x >= 0 && toks[x].Kind == KindWord && toks[x].Node() == toks[a].Node(); x-- {
		if inSlot[x] {
			return
		}
	}
	for path, r := range valid {
		if m, ok := longestMatch(r, t); ok && m[0] == 0 && m[1] == len(t) {
			st.WholeInst[path]++
		}
	}
}

// WholeShare is the share of the slot's values that count as whole for
// field f: whole text nodes, or, when f's pattern delimits values, values
// wholly one instance of it if those are more.
func (st *slotStats) WholeShare(f FieldSpec) float64 {
	if st.Occ == 0 {
		return 0
	}
	n := st.Whole
	if f.WholeByPattern() {
		n = max(n, st.WholeInst[f.Path])
	}
	return float64(n) / float64(st.Occ)
}

// slotTokens marks the tokens of a page (n tokens) that lie in a slot value
// of the match rooted at root.
func slotTokens(root *mrec, n int) []bool {
	in := make([]bool, n)
	Collect(root, -1, func(v sval) {
		for x := v.A; x < v.B && x < n; x++ {
			in[x] = true
		}
	})
	return in
}
