package mapping

// A set field's value is a list ("The Lonesome Owls, X. X. Greaves,
// Paper Kites", "Diner and Chinese ($)", "Tex-Mex, Cajun/Creole, Wine Bar
// | $$") of which a sparse dictionary knows one item or none. The
// value-level count (gather: the type's annotations cover half the value's
// words) misses a list of three with one known name, so a set field's slot
// is counted by items: a value counts as the field's when one of its items
// is wholly an instance of the field's types (a known name, not a sentence
// of which a noisy dictionary knows one word). Items are cut for counting
// (countingItems) at tags, at ", ; |" and the weak separators "& / +", at
// a short lower-case word between two capitalised words ("and" in "Diner
// and Chinese"), and before and after a bracket pair, whose inside is a
// remark, not an item ("Boneyard (Elena Ortega)"). In a value of several
// items, an item that is an instance of a patterned field's type with no
// neighbouring item of that type ("$$" beside the cuisines) is that
// field's part of the value (learnParts) and does not count as annotated;
// a pattern's instance cut in pieces ("June 9, 1989") does. Values with a
// block element inside (rows of several kinds) are counted as a whole
// only. mapSlots uses the item counts for a set field without a pattern
// when they are higher than the value counts, with the same GeneraliseThres
// or plurality rule (itemPlurality) and the items' confidence.

import (
	"slices"
	"unicode"

	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// countItems adds a value [a, b) to st's item-level counts; seen holds the
// types that cover half the value's words (an item-level instance too),
// patTypes the types of the SOD's patterned fields (see the file comment).
func countItems(st *slotStats, toks []Token, a, b int, seen, patTypes map[string]bool) {
	hit := map[string]float64{}
	for t := range seen {
		hit[t] = bestConf(toks, a, b, t)
	}
	if its := countingItems(toks, a, b); len(its) > 0 && !blockInside(toks, a, b) {
		mains := make([]map[string]bool, len(its))
		for i, it := range its {
			mains[i] = wholeTypes(toks, it[0], it[1])
		}
		for i, it := range its {
			for typ := range mains[i] {
				if patTypes[typ] && (i == 0 || !mains[i-1][typ]) && (i+1 == len(its) || !mains[i+1][typ]) {
					continue // another field's part (a price range)
				}
				hit[typ] = max(hit[typ], bestConf(toks, it[0], it[1], typ))
			}
		}
	}
	if len(hit) > 0 {
		st.itemAnnOcc++
	}
	for t, c := range hit {
		st.itemTypes[t]++
		st.itemConf[t] += c
	}
}

// blockInside reports whether tokens [a, b) hold the start or end of a
// block element: page parts (rows of several kinds), not one line's items.
func blockInside(toks []Token, a, b int) bool {
	for x := a; x < b; x++ {
		if t := &toks[x]; t.Kind != KindWord && t.Text() != "br" && !inlineTags[t.Text()] {
			return true
		}
	}
	return false
}

// wholeTypes returns the types whose annotations cover every word of
// tokens [a, b) (separator punctuation aside).
func wholeTypes(toks []Token, a, b int) map[string]bool {
	words := 0
	cover := map[string]int{}
	for x := a; x < b; x++ {
		if toks[x].Kind != KindWord || exalg.EdgeToken(&toks[x]) {
			continue
		}
		words++
		for _, typ := range toks[x].AnnTypes() {
			cover[typ]++
		}
	}
	out := map[string]bool{}
	for typ, c := range cover {
		if c == words {
			out[typ] = true
		}
	}
	return out
}

// bestConf is the best confidence of typ's annotations on tokens [a, b).
func bestConf(toks []Token, a, b int, typ string) float64 {
	best := 0.0
	for x := a; x < b; x++ {
		for _, an := range toks[x].Ann() {
			if an.Type == typ {
				best = max(best, an.Confidence)
			}
		}
	}
	return best
}

// countingItems cuts tokens [a, b) into items for counting (see the file
// comment); the insides of bracket pairs are left out.
func countingItems(toks []Token, a, b int) [][2]int {
	var out [][2]int
	start, depth := a, 0
	cut := func(x int) {
		if x > start && depth == 0 {
			out = append(out, [2]int{start, x})
		}
		start = x + 1
	}
	for x := a; x < b; x++ {
		t := &toks[x]
		switch {
		case sepToken(t, "(["):
			cut(x)
			depth++
		case sepToken(t, ")]"):
			depth = max(0, depth-1)
			start = x + 1
		case t.Kind != KindWord, sepToken(t, itemSeps+weakSeps):
			cut(x)
		case x > a && x+1 < b && len(t.Text()) <= 4 && lowerInitial(t.Text()) && capitalWord(&toks[x-1]) && capitalWord(&toks[x+1]):
			cut(x)
		}
	}
	cut(b)
	return out
}

// capitalWord reports whether t is a word starting with an upper-case
// letter.
func capitalWord(t *Token) bool {
	if t.Kind != KindWord {
		return false
	}
	for _, r := range t.Text() {
		return unicode.IsUpper(r)
	}
	return false
}

// ItemCount is the number of values with an item that is an instance of
// one of types, and its share of the values with an annotated item.
func (st *slotStats) ItemCount(types []string) (int, float64) {
	n := sumOf(st.itemTypes, types)
	if st.itemAnnOcc == 0 {
		return n, 0
	}
	return n, min(1, float64(n)/float64(st.itemAnnOcc))
}

// ItemMeanConf is the mean confidence of the values counted by itemCount
// (1 when there are none).
func (st *slotStats) ItemMeanConf(types []string) float64 {
	return meanConfOf(st.itemTypes, st.itemConf, types)
}

// ItemPlurality is plurality counted on items (itemTypes).
func (st *slotStats) ItemPlurality(types []string) bool { return st.ItemPluralityAmong(types, nil) }

// ItemPluralityAmong is ItemPlurality where the types in settled are no
// rivals (settledTypes).
func (st *slotStats) ItemPluralityAmong(types, settled []string) bool {
	mine, _ := st.ItemCount(types)
	for t, n := range st.itemTypes {
		if !slices.Contains(types, t) && !slices.Contains(settled, t) && n >= mine {
			return false
		}
	}
	return mine > 0
}

// patternTypes returns the types of the fields that have a pattern.
func patternTypes(fields []FieldSpec) map[string]bool {
	out := map[string]bool{}
	for _, f := range fields {
		if f.Patterned() {
			for _, t := range f.Types {
				out[t] = true
			}
		}
	}
	return out
}

// settledTypes returns, for slot s, the types of the single root fields
// that a slot of their own holds more often, as whole values, than s
// holds them as items. The mapping is one assignment: a single field
// takes one slot per object, its best, and its annotations on the items
// of another slot's lists are then a dictionary knowing a word of them
// (a restaurant dictionary that knows "Mexican" and "Seafood"), not a
// rival of a set field for the slot. Counted as rivals they tied with a
// sparse cuisine dictionary in the cuisines' own slot, and the cuisines
// had no slot at all (zoo s40139, cuisine F1 0).
func settledTypes(fields []FieldSpec, stats []*slotStats, s int) []string {
	var out []string
	for _, g := range fields {
		if g.Tuple || g.Many || g.Parent != "" {
			continue
		}
		here, _ := stats[s].ItemCount(g.Types)
		if here == 0 {
			continue
		}
		for b, st := range stats {
			if b != s && st.Count(g.Types) >= here {
				out = append(out, g.Types...)
				break
			}
		}
	}
	return out
}
