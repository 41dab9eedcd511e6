package mapping

import (
	"strings"
	"unicode"
)

// A dictionary field's value may share its text node with a number that
// opens it: a jersey number the SOD does not ask for before the position
// ("80 F", "12 G-F"), a rank before a name ("3 Ashford State"). The
// field's values are the slot's text, so the number would stay in every
// value. When the field's annotations touch GeneraliseThres of the slot's
// values but hardly ever the whole of them, and GeneraliseThres of the
// annotated values and of all the values open with a word without
// letters (digits, "#12") followed by more words, the slot drops that
// opening number (SlotMap.LeadNum): the name starts after it.

// leadNumberRule reports whether the values of a dictionary field's slot
// open with a number the field's annotations leave out (see above).
func leadNumberRule(st *slotStats, f FieldSpec, thres float64) bool {
	return leadNumberOf(st, f, thres, true)
}

// leadNumberOf is leadNumberRule; without share, the field's annotations
// need not touch GeneraliseThres of the slot's annotated values (a slot a
// review answer gave the field, pinnedInstance: a dictionary that knows
// only some of the values, other types' instances in the rest).
func leadNumberOf(st *slotStats, f FieldSpec, thres float64, share bool) bool {
	if st.Occ == 0 {
		return false
	}
	ann, full := 0, 0
	typed := map[string]bool{}
	for _, t := range f.Types {
		ann = max(ann, st.Types[t])
		full = max(full, st.Full[t])
		for v := range st.TypeVals[t] {
			typed[v] = true
		}
	}
	if ann == 0 || share && float64(ann) < thres*float64(st.AnnOcc) || float64(full) > (1-thres)*float64(ann) {
		return false
	}
	leadAll, leadTyped, nTyped := 0, 0, 0
	for v, c := range st.Values {
		lead := opensWithNumber(v)
		if lead {
			leadAll += c
		}
		if typed[v] {
			nTyped += c
			if lead {
				leadTyped += c
			}
		}
	}
	return nTyped > 0 && float64(leadTyped) >= thres*float64(nTyped) && float64(leadAll) >= thres*float64(st.Occ)
}

// opensWithNumber reports whether text's first word has a digit and no
// letter and more words follow.
func opensWithNumber(text string) bool {
	ws := strings.Fields(text)
	return len(ws) >= 2 && numberWord(ws[0])
}

// numberWord reports whether w has a digit and no letter.
func numberWord(w string) bool {
	return strings.ContainsFunc(w, unicode.IsDigit) && !strings.ContainsFunc(w, unicode.IsLetter)
}

// skipLeadNumber returns the start of value [a, b) past its opening
// number (SlotMap.LeadNum): the first word token with a letter when every
// word before it, in the same text node, is a number word or punctuation;
// a unchanged otherwise.
func skipLeadNumber(toks []Token, a, b int) int {
	x := a
	for x < b && toks[x].Kind != KindWord {
		x++
	}
	if x >= b || !numberWord(toks[x].Text()) {
		return a
	}
	n := toks[x].Node()
	for y := x + 1; y < b; y++ {
		if toks[y].Kind != KindWord || toks[y].Node() != n {
			return a
		}
		if strings.ContainsFunc(toks[y].Text(), unicode.IsLetter) {
			return y
		}
		if !numberWord(toks[y].Text()) && alnum(toks[y].Text()) != "" {
			return a
		}
	}
	return a
}
