package mapping

// Patterned values and slots shared by several fields.
//
// A field whose type has a pattern — a predefined recognizer (date, price,
// phone, …) or the user's regular expression — has values that the pattern
// delimits: when its slot validates (the pattern finds an instance in most
// sample values), the value is the longest instance in the slot's text
// (SlotMap.Match), so "Jun 2, 1980 in St. Louis, MO" gives the date and
// "(321) 555-3933 Details" the phone number. A dictionary field's value is
// the slot's variable text instead: names are open-ended.
//
// One text node often holds several fields ("Mon, Aug 8 at 8:00 pm" for a
// date and a time, "Vantage Point House ; December 8, 1988" for a
// publisher and a date, "37 Goalie" for a number and a position). ExAlg
// gives such a node one slot, which the mapping gives to one field. A
// single field left without slot then shares it (SlotMap.Part) when the
// slot's values are mostly one line (inline tags such as a link around the
// date may be there, not a line break or a block) and, in the sample,
// its pattern finds an instance there that leaves the host
// field's instance in the rest (or, for a field without pattern, its
// annotations fall there and the host has a pattern), in sharePartShare of
// the slot's values, or in fewer when they are GeneraliseThres of all the
// field's annotations (a dictionary that knows few publishers), or when
// the rest of the values beside the host's instance, weighed as a slot of
// its own, is the field's (restslots.go). A single
// patterned field whose best candidate slot another single patterned field
// takes first, with both instances side by side in GeneraliseThres of its
// values (sharesTaken), is left for that: it does not take a weaker slot of
// its own ("Sunday, May 23 @ 9:00 pm" under "When" goes to the time, and
// an "On sale" row's date would otherwise be the event's). A set field's slot
// is shared likewise when one of its values' items (patternItems) is, as
// a whole, an instance of the single field's pattern
// in sharePartShare of the sample values and the set field has not that
// pattern: cuisine links followed by a price range ("<a>Thai</a> ·
// <a>$$$</a>") give the price range its item and the cuisines lose it
// (itemInstances). At extraction every
// field of a shared slot takes its own part: a patterned field its
// instance once the other fields' instances are blanked out; a field
// without pattern the text without the other fields' instances, brackets
// left empty and separators at the edges.
//
// A patterned field's instance may also sit among words the SOD does not
// ask for ("Born: 07/08/1987 in Boston"), under less than half of the
// words of every value, so that no slot is mapped on its annotations. A
// slot no field has, whose values the field's annotations touch, then
// gives the field its instance (learnInstances).

import (
	"strings"
	"unicode"

	"github.com/objectrunner/objectrunner/recognizers"
)

// SharePartShare is the least share of a slot's sample values in which a
// field must be found to share the slot.
const SharePartShare = 0.3

// LongestMatch returns the span of the longest instance r finds in text.
func LongestMatch(r recognizers.Recognizer, text string) ([2]int, bool) {
	ms, err := r.Find(text)
	if err != nil || len(ms) == 0 {
		return [2]int{}, false
	}
	best := ms[0]
	for _, m := range ms[1:] {
		if m.End-m.Start > best.End-best.Start {
			best = m
		}
	}
	return [2]int{best.Start, best.End}, true
}

// Blank replaces the bytes of text in spans with spaces.
func Blank(text string, spans [][2]int) string {
	if len(spans) == 0 {
		return text
	}
	b := []byte(text)
	for _, s := range spans {
		for i := s[0]; i < s[1] && i < len(b); i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

// partSeps are the characters trimmed from the edges of what is left of a
// value once other fields' instances are removed.
const partSeps = " \t,;:|·•-–—/@"

// RemoveSpans removes spans from text, then brackets left empty, and trims
// separators at the edges: "Bellweather Publishing (1999-02-11)" less the
// date gives "Bellweather Publishing".
func RemoveSpans(text string, spans [][2]int) string {
	t := strings.Join(strings.Fields(Blank(text, spans)), " ")
	for _, e := range []string{"( )", "()", "[ ]", "[]"} {
		t = strings.ReplaceAll(t, e, "")
	}
	t = strings.Join(strings.Fields(t), " ")
	for {
		u := strings.Trim(t, partSeps)
		u = strings.TrimSuffix(strings.TrimSpace(u), " at")
		u = strings.TrimSuffix(u, " in")
		if u == t {
			return t
		}
		t = u
	}
}

// HasWord reports whether s holds a letter or a digit.
func HasWord(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// AnnotatedValues counts the values of the slots of stats that the
// types annotate (wholly, or in some of their words).
func AnnotatedValues(stats []*SlotStats, types []string) int {
	total := 0
	for _, st := range stats {
		n := st.Count(types)
		for _, t := range types {
			n = max(n, st.Some[t])
		}
		total += n
	}
	return total
}

// maxItemWords is the most words an item may have to be counted as an
// instance of another field's pattern (itemInstances).
const maxItemWords = 6

// ItemInstances counts, in st.itemInst, the fields whose pattern (valid,
// by field path) is, wholly, one of the items of the value [a, b) when the
// value holds several (patternItems).
func ItemInstances(st *SlotStats, toks []Token, a, b int, valid map[string]recognizers.Recognizer) {
	if len(valid) == 0 || len(Items(toks, a, b, nil))+len(bracketInsides(toks, a, b)) < 2 {
		return
	}
	for path, r := range valid {
		if its := PatternItems(toks, a, b, r); len(its) > 0 {
			st.ItemInst[path]++
			if st.ItemLab[path] == nil {
				st.ItemLab[path] = map[string]int{}
			}
			st.ItemLab[path][strings.Join(PageLabel(toks, its[0][0]), " ")]++
		}
	}
}

// PatternItems returns the items of tokens [a, b) that are, as a whole,
// instances of r: a run of words between tags that is one, or, in a
// longer run, the item (split at separator punctuation, as a set field's
// items are, or the inside of a bracket pair) that is the run's longest
// instance: "$$$" in "Wine Bar | $$$" and in "Greek ($$$)", but not
// "March 26" in "March 26, 2018", a date as a whole.
func PatternItems(toks []Token, a, b int, r recognizers.Recognizer) [][2]int {
	var out [][2]int
	for _, rn := range Runs(toks, a, b) {
		t, ta, tb := ValueText(toks, rn[0], rn[1])
		m, ok := LongestMatch(r, t)
		if t == "" || !ok {
			continue
		}
		if m[0] == 0 && m[1] == len(t) {
			if len(strings.Fields(t)) <= maxItemWords {
				out = append(out, [2]int{ta, tb})
			}
			continue
		}
		for _, it := range append(Items(toks, rn[0], rn[1], nil), bracketInsides(toks, rn[0], rn[1])...) {
			if txt, ia, ib := ValueText(toks, it[0], it[1]); txt == t[m[0]:m[1]] {
				out = append(out, [2]int{ia, ib})
				break
			}
			// An inline row "Online: www.x.example" (rowlabel.go).
			if la := afterInlineLabel(toks, it[0], it[1]); la > it[0] {
				if txt, ia, ib := ValueText(toks, la, it[1]); txt == t[m[0]:m[1]] {
					out = append(out, [2]int{ia, ib})
					break
				}
			}
		}
	}
	return out
}

// bracketInsides returns the insides of the bracket pairs among tokens [a, b):
// a remark written after an item ("Greek ($$$)") is an item of its own
// for a patterned field.
func bracketInsides(toks []Token, a, b int) [][2]int {
	var out [][2]int
	for x := a; x < b; x++ {
		if toks[x].Kind != KindWord || toks[x].Text != "(" {
			continue
		}
		for y := x + 1; y < b && toks[y].Kind == KindWord && toks[y].Text != "("; y++ {
			if toks[y].Text == ")" {
				if y > x+1 {
					out = append(out, [2]int{x + 1, y})
				}
				break
			}
		}
	}
	return out
}

// SamePattern reports whether two fields are recognised by the same
// predefined recognizer or regular expression.
func SamePattern(f, g FieldSpec) bool {
	if f.Predefined != "" && f.Predefined == g.Predefined {
		return true
	}
	return f.Regex != nil && g.Regex != nil && *f.Regex == *g.Regex
}

// SameScope reports whether a slot inside the sets ss (outermost first)
// is at the object's level: outside every set on a detail page (scope
// -1), right inside the object's set otherwise.
func SameScope(ss []int, scope int) bool {
	if scope < 0 {
		return len(ss) == 0
	}
	return len(ss) > 0 && ss[len(ss)-1] == scope
}

// PatternItem returns the first of patternItems that label, if any,
// precedes.
func PatternItem(toks []Token, a, b int, r recognizers.Recognizer, label []string) (int, int, bool) {
	for _, it := range PatternItems(toks, a, b, r) {
		if label == nil || LabelBefore(toks, it[0], label) {
			return it[0], it[1], true
		}
	}
	return 0, 0, false
}
