package mapping

import (
	"slices"
	"strings"
	"unicode"
)

// Labels that are values: the words right before a value on a page
// (pageLabel) are its label only when they are template text naming a
// row. Two kinds of page text stand there without being one:
//
//   - words without a letter: the price or the date of the row or record
//     before ("$26.99" before a sidebar record's date, "03/10/2000" before
//     the next record's title) names nothing (labelLetters);
//   - a name an entity type knows as a whole: the value of the row before
//     ("Bellweather Publishers" before the date row when the publisher
//     row precedes it) is data, not a label, whatever words it shares
//     with a field's name ("publishers" and pub_date; entityLabel).

// labelLetters reports whether a label run holds a letter.
func labelLetters(run []string) bool {
	for _, w := range run {
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			return true
		}
	}
	return false
}

// labelRunTypes returns the annotation types that cover every word of the
// label run before token x (the words pageLabel reads: the last text node
// before x).
func labelRunTypes(toks []Token, x int) []string {
	y := wordBefore(toks, x)
	if y < 0 {
		return nil
	}
	var out []string
	first := true
	for n := toks[y].Node(); y >= 0 && toks[y].Kind == KindWord && toks[y].Node() == n; y-- {
		if alnum(toks[y].Text()) == "" {
			continue
		}
		ts := ownTypes(&toks[y])
		if first {
			out, first = ts, false
			continue
		}
		out = slices.DeleteFunc(out, func(t string) bool { return !slices.Contains(ts, t) })
		if len(out) == 0 {
			return nil
		}
	}
	return out
}

// countLabelEntity records, for page label k before the value at token a
// of sample page pg, the types that know the label's words as a whole
// (slotStats.labEnt).
func countLabelEntity(st *slotStats, toks []Token, a int, k string, pg int) {
	ts := labelRunTypes(toks, a)
	if len(ts) == 0 {
		return
	}
	if st.labEnt == nil {
		st.labEnt = map[string]map[string]map[int]bool{}
	}
	if st.labEnt[k] == nil {
		st.labEnt[k] = map[string]map[int]bool{}
	}
	for _, t := range ts {
		if st.labEnt[k][t] == nil {
			st.labEnt[k][t] = map[int]bool{}
		}
		st.labEnt[k][t][pg] = true
	}
}

// entityLabel reports whether page label k of a slot is a value rather
// than a label for field f: on more than half of the pages where it
// precedes the slot's values, a type that is not f's knows its words as
// a whole (a publisher's name before the date row). A label is template
// text; a name a dictionary knows is another row's value.
func entityLabel(st *slotStats, k string, f FieldSpec) bool {
	pgs := len(st.LabPages[k])
	for t, on := range st.labEnt[k] {
		if !slices.Contains(f.Types, t) && 2*len(on) > pgs {
			return true
		}
	}
	return false
}

// labelDigits reports whether the digits of a row label's text (trimmed,
// without its colon) belong to the name of a kind ("ISBN13", "ISBN-10",
// "EAN 13": digits after a word of two letters or more, at most two
// such numbers) rather than to a value ("12:30", "2 bedrooms", "$12",
// "Top 10 of 2020"): every word holding a digit is letters then digits,
// optionally joined by "-", or digits alone right after a word of
// letters.
func labelDigits(t string) bool {
	nums := 0
	prev := "" // the word before w ("" for the first)
	for w := range strings.FieldsSeq(t) {
		before := prev
		prev = w
		if strings.IndexFunc(w, unicode.IsDigit) < 0 {
			continue
		}
		nums++
		d := strings.IndexFunc(w, unicode.IsDigit)
		letters, digits := strings.TrimSuffix(w[:d], "-"), w[d:]
		if strings.Trim(digits, "0123456789") != "" || len(digits) > 3 {
			return false
		}
		if letters == "" {
			if !onlyLetters(before) { // "" for the first word: not letters
				return false
			}
			continue
		}
		if len(letters) < 2 || !onlyLetters(letters) {
			return false
		}
	}
	return nums <= 2
}

// onlyLetters reports whether w is made of letters only.
func onlyLetters(w string) bool {
	return w != "" && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}
