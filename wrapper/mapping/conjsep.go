package mapping

import "unicode"

// Conjunctions between the items of a detail page's set field.
//
// A set field's items written as text ("A, B and C", "A & B", "A / B,
// C") are split at itemSeps always, and at a conjunction ("and", or the
// weakSeps "&", "/", "+") only with evidence that it separates items:
// SepWord and SepHalf count it between annotated words. A dictionary that
// knows a fifth of the names (the usual case) rarely annotates both sides
// of a conjunction, or one side of it, on two sample pages; the slot's
// values then came out merged ("A and B" as one author) on every page
// with two items or more.
//
// The set field's declaration is the evidence the annotations lack: the
// SOD says the object has several such values, and a conjunction standing
// between two capitalised words inside the field's value on two sample
// pages or more is the list's separator ("and" only: see conjToken). A
// conjunction inside a name is followed by a lower-case word ("Kendrick
// Brennan and the Rivers"), or is
// annotated as part of an instance somewhere in the slot (AnnWord, and
// then no separator), or is kept whole by the sample's annotations
// (SlotMap.Keep). Only on detail pages (page mode, one object a page),
// where a set slot holds the object's own list; record mode keeps the
// annotated evidence.

// conjToken reports whether t is a conjunction that may separate the items
// of a list: the word "and". The weakSeps ("&", "/", "+") are left to the
// annotations' evidence: they stand between capitalised words inside
// category names ("Breakfast & Brunch", "Cajun/Creole"), and counted here
// they split the cuisines of zoo seeds s20314 and s20334 (1.00 -> 0.91).
func conjToken(t *Token) bool {
	return t.Kind == KindWord && len(t.Ann()) == 0 && t.Text() == "and"
}

// conjSeps returns the conjunctions seen between two capitalised words of
// one text node of the slot's values on two sample pages or more, and
// never annotated in the slot.
func conjSeps(st *slotStats) []string {
	var out []string
	for wd, pgs := range st.SepConj {
		if len(pgs) >= 2 && !st.AnnWord[wd] {
			out = append(out, wd)
		}
	}
	return out
}

// capitalNear reports whether the nearest word with a letter from token x
// in direction dir (±1), within x's text node and tokens [a, b), starts
// with a capital letter ("Jr" of "Jr. / Dario", skipping the ".").
func capitalNear(toks []Token, x, a, b, dir int) bool {
	n := toks[x].Node()
	for y := x + dir; y >= a && y < b && toks[y].Node() == n; y += dir {
		if toks[y].Kind != KindWord {
			continue
		}
		for _, r := range toks[y].Text() {
			if unicode.IsLetter(r) {
				return unicode.IsUpper(r)
			}
		}
	}
	return false
}
