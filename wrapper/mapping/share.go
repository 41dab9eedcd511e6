package mapping

import (
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/objectrunner/objectrunner/recognizers"
)

// sharePartShare is the least share of a slot's sample values in which a
// field must be found to share the slot.
const sharePartShare = 0.3

// longestMatch returns the span of the longest instance r finds in text.
func longestMatch(r recognizers.Recognizer, text string) ([2]int, bool) {
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

// blank replaces the bytes of text in spans with spaces.
func blank(text string, spans [][2]int) string {
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

// removeSpans removes spans from text, then brackets left empty, and trims
// separators at the edges: "Bellweather Publishing (1999-02-11)" less the
// date gives "Bellweather Publishing".
func removeSpans(text string, spans [][2]int) string {
	t := strings.Join(strings.Fields(blank(text, spans)), " ")
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

// hasWord reports whether s holds a letter or a digit.
func hasWord(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// annotatedValues counts the values of the slots of stats that the
// types annotate (wholly, or in some of their words).
func annotatedValues(stats []*slotStats, types []string) int {
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

// itemInstances counts, in st.itemInst, the fields whose pattern (valid,
// by field path) is, wholly, one of the items of the value [a, b) when the
// value holds several (patternItems).
func itemInstances(st *slotStats, toks []Token, a, b int, valid map[string]recognizers.Recognizer) {
	if len(valid) == 0 || len(items(toks, a, b))+len(bracketInsides(toks, a, b)) < 2 {
		return
	}
	for path, r := range valid {
		if its := patternItems(toks, a, b, r); len(its) > 0 {
			st.ItemInst[path]++
			if st.ItemLab[path] == nil {
				st.ItemLab[path] = map[string]int{}
			}
			st.ItemLab[path][strings.Join(pageLabel(toks, its[0][0]), " ")]++
		}
	}
}

// patternItems returns the items of tokens [a, b) that are, as a whole,
// instances of r: a run of words between tags that is one, or, in a
// longer run, the item (split at separator punctuation, as a set field's
// items are, or the inside of a bracket pair) that is the run's longest
// instance: "$$$" in "Wine Bar | $$$" and in "Greek ($$$)", but not
// "March 26" in "March 26, 2018", a date as a whole.
func patternItems(toks []Token, a, b int, r recognizers.Recognizer) [][2]int {
	var out [][2]int
	for _, rn := range runs(toks, a, b) {
		t, ta, tb := ValueText(toks, rn[0], rn[1])
		m, ok := longestMatch(r, t)
		if t == "" || !ok {
			continue
		}
		if m[0] == 0 && m[1] == len(t) {
			if len(strings.Fields(t)) <= maxItemWords {
				out = append(out, [2]int{ta, tb})
			}
			continue
		}
		for _, it := range append(items(toks, rn[0], rn[1]), bracketInsides(toks, rn[0], rn[1])...) {
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
		if toks[x].Kind != KindWord || toks[x].Text() != "(" {
			continue
		}
		for y := x + 1; y < b && toks[y].Kind == KindWord && toks[y].Text() != "("; y++ {
			if toks[y].Text() == ")" {
				if y > x+1 {
					out = append(out, [2]int{x + 1, y})
				}
				break
			}
		}
	}
	return out
}

// samePattern reports whether two fields are recognised by the same
// predefined recognizer or regular expression.
func samePattern(f, g FieldSpec) bool {
	if f.Predefined != "" && f.Predefined == g.Predefined {
		return true
	}
	return f.Regex != nil && g.Regex != nil && *f.Regex == *g.Regex
}

// sameScope reports whether a slot inside the sets ss (outermost first)
// is at the object's level: outside every set on a detail page (scope
// -1), right inside the object's set otherwise.
func sameScope(ss []int, scope int) bool {
	if scope < 0 {
		return len(ss) == 0
	}
	return len(ss) > 0 && ss[len(ss)-1] == scope
}

// patternItem returns the first of patternItems that label, if any,
// precedes.
func patternItem(toks []Token, a, b int, r recognizers.Recognizer, label []string) (int, int, bool) {
	for _, it := range patternItems(toks, a, b, r) {
		if label == nil || labelBefore(toks, it[0], label) {
			return it[0], it[1], true
		}
	}
	return 0, 0, false
}

// coFields returns the other fields mapped to the slot of sm.
func (w *State) coFields(sm *SlotMap) []FieldSpec {
	var out []FieldSpec
	for _, x := range w.bySlot[sm.Slot] {
		if x.Field == sm.Field {
			continue
		}
		if f := w.fieldSpec(x.Field); f != nil {
			out = append(out, *f)
		}
	}
	return out
}

// carve returns the part of a slot value's text that is f's (see the file
// comment); ok is false when f has no part in it.
func (w *State) carve(txt string, sm *SlotMap, f FieldSpec) (string, bool) {
	if len(f.Attrs) > 0 || sm.Item {
		// An attribute's value is whole (a resolved URL); so is an item
		// that is wholly an instance of the field's pattern.
		return txt, true
	}
	others := w.coFields(sm)
	r := w.Valid[f.Path]
	own, hasOwn := [2]int{}, false
	if r != nil && !f.Many {
		own, hasOwn = longestMatch(r, txt)
	}
	var spans [][2]int
	for _, o := range others {
		if or := w.Valid[o.Path]; or != nil {
			if m, ok := longestMatch(or, txt); ok {
				// An instance that holds the field's own (a date with
				// its time) is the other field's to carve, not a part
				// to leave out.
				if hasOwn && m[0] <= own[0] && own[1] <= m[1] && m != own {
					continue
				}
				spans = append(spans, m)
			}
		}
	}
	if r != nil && !f.Many {
		if !sm.Match && len(others) == 0 {
			return txt, true
		}
		m, ok := firstMatch(r, blank(txt, spans))
		if !ok {
			return txt, len(others) == 0
		}
		return strings.TrimSpace(txt[m[0]:m[1]]), true
	}
	if len(spans) == 0 {
		return txt, true
	}
	out := removeSpans(txt, spans)
	return out, hasWord(out)
}

// learnParts maps single fields left without slot to a slot of another
// single field that they share (SlotMap.Part; see the file comment). valid
// holds the fields' pattern recognizers, minCnt the least number of sample
// values the field must be found in.
func learnParts(w *State, out []SlotMap, stats []*slotStats, valid map[string]recognizers.Recognizer, done map[int]bool, minCnt int) []SlotMap {
	var labels [][]string
	for fi, f := range w.FieldSpecs {
		if f.Tuple || f.Many || done[fi] {
			continue
		}
		best, bestN := -1, 0
		total := annotatedValues(stats, f.Types)
		for i, host := range out {
			hf := w.fieldSpec(host.Field)
			if hf == nil || hf.Parent != f.Parent || host.Slot >= len(stats) {
				continue
			}
			st := stats[host.Slot]
			n := 0
			need := sharePartShare * float64(st.Occ)
			if hf.Many {
				// A set field's items: f's instance is an item of its
				// own ("Chinese · $$$"), unless the host's items are
				// instances of the same pattern.
				if r := valid[f.Path]; r != nil && !samePattern(*hf, f) {
					n = st.ItemInst[f.Path]
				}
			} else if len(host.Label) == 0 && float64(st.Broken) > (1-w.Options.GeneraliseThres)*float64(st.Occ) &&
				!sharesTaken(w, out, cand{Field: fi, Slot: host.Slot}, stats, valid) {
				// The fields of one line, not page parts. A labelled
				// host's value is its row (the text after its label),
				// one line whatever the slot's other rows hold; values
				// over a line break that hold both fields' instances
				// are the two fields' too (sharesTaken).
				continue
			} else if r := valid[f.Path]; r != nil {
				hr := valid[hf.Path]
				vals := st.Values
				if len(host.Label) > 0 {
					// A labelled host's rows: the slot's other
					// labels' values are other fields' (labelpart.go),
					// whatever the host's type (a time in a "Show
					// date" row among price and genre rows).
					vals, need = labelledValues(st, host.Label)
				}
				alone := 0
				for text, c := range vals {
					m, ok := longestMatch(r, text)
					if !ok {
						continue
					}
					rest := blank(text, [][2]int{m})
					if hr != nil {
						if _, ok := longestMatch(hr, rest); !ok {
							continue
						}
					} else if !hasWord(rest) {
						alone += c
						continue
					}
					n += c
				}
				if n >= minCnt {
					// The host's rows that hold f's value alone
					// ("Published by: Apr 2008" beside "Published by:
					// Penrose Press, Oct 2000") are f's too: its share
					// of the rows counts them (the host's part then
					// leaves them empty, carve).
					n += alone
				}
			} else if valid[hf.Path] != nil {
				n = annotatedValues([]*slotStats{st}, f.Types)
				// A dictionary that knows few of the field's values:
				// the slot is still its place when most of the field's
				// annotations fall there.
				if n >= minCnt && float64(n) >= w.Options.GeneraliseThres*float64(total) {
					need = 0
				}
				// The rest of the values beside the host's instance
				// weighed as a slot of its own (restslots.go).
				if labels == nil {
					labels = slotLabels(w.Template)
				}
				label := host.Label
				if len(label) == 0 {
					label = labels[host.Slot]
				}
				if c := w.restPart(st, f, *hf, label, placedTypes(w, out, host.Slot, f), minCnt); c > 0 {
					n, need = max(n, c), 0
				}
			}
			if n >= minCnt && float64(n) >= need && n > bestN {
				best, bestN = i, n
			}
		}
		if best < 0 {
			continue
		}
		st := stats[out[best].Slot]
		// A labelled host's part comes from the host's rows.
		out = append(out, SlotMap{Slot: out[best].Slot, Field: f.Path, Type: f.Types[0], Share: 1,
			Coverage: float64(bestN) / float64(st.Occ), Part: true, Label: out[best].Label})
		done[fi] = true
	}
	return out
}

// sharesTaken reports whether candidate c of a single patterned field,
// whose slot a single patterned field of the same tuple already has, is
// that field's slot as well: in GeneraliseThres of the slot's one-line
// values the field's pattern finds an instance that leaves the host's
// instance in the rest ("Sunday, May 23 @ 9:00 pm" for a date and a
// time). The field then shares the slot (learnParts) instead of taking a
// weaker candidate of its own. The values may cross a line break
// ("<span>11/12</span><br><span>20:00</span>" in one cell, the time left
// out on some rows so that ExAlg made the cell one slot): both instances
// in GeneraliseThres of them say the slot is the two fields', not page
// parts (a doors time or an on-sale date elsewhere is the look-alike).
func sharesTaken(w *State, out []SlotMap, c cand, stats []*slotStats, valid map[string]recognizers.Recognizer) bool {
	f := w.FieldSpecs[c.Field]
	r := valid[f.Path]
	if r == nil || c.Slot >= len(stats) {
		return false
	}
	st := stats[c.Slot]
	if c.Label != "" {
		st = labelled(st, c.Label)
	}
	if st.Occ == 0 {
		return false
	}
	for _, host := range out {
		hf := w.fieldSpec(host.Field)
		if host.Slot != c.Slot || strings.Join(host.Label, " ") != c.Label || hf == nil || hf.Many || hf.Parent != f.Parent || host.Part {
			continue
		}
		hr := valid[hf.Path]
		if hr == nil || samePattern(*hf, f) {
			continue
		}
		n := 0
		for text, k := range st.Values {
			m, ok := longestMatch(r, text)
			if !ok {
				continue
			}
			if _, ok := longestMatch(hr, blank(text, [][2]int{m})); ok {
				n += k
			}
		}
		if float64(n) >= w.Options.GeneraliseThres*float64(st.Occ) {
			return true
		}
	}
	return false
}

// learnInstances maps single fields whose pattern delimits values, left
// without slot, to a slot no field has whose values hold their instance
// among other words ("07/08/1987 in Boston" under "Born:", a birthplace
// the SOD does not ask for): the field's annotations touch fieldMin of its
// values and GeneraliseThres of the values they touch, which are runs of
// text without tags, outside the sets below the object scope (sets holds
// each slot's enclosing sets, scope the object's set or -1), and its
// recognizer finds an instance in them. The slot gives the instance
// (SlotMap.Match), and nothing where it finds none.
func learnInstances(w *State, out []SlotMap, stats []*slotStats, valid map[string]recognizers.Recognizer, done map[int]bool, sets [][]int, scope, minCnt int) []SlotMap {
	used := map[int]bool{}
	for _, m := range out {
		used[m.Slot] = true
	}
	thres := w.Options.GeneraliseThres
	for fi, f := range w.FieldSpecs {
		r := valid[f.Path]
		if f.Tuple || f.Many || f.Parent != "" || done[fi] || r == nil || !f.WholeByPattern() {
			continue
		}
		best, bestN, bestV := -1, 0, 0.0
		for s, st := range stats {
			if used[s] || st.Occ == 0 || !sameScope(sets[s], scope) || float64(st.Tagged) > (1-thres)*float64(st.Occ) {
				continue
			}
			n, touched := 0, 0
			for t, c := range st.Some {
				if slices.Contains(f.Types, t) {
					n = max(n, c)
				} else {
					touched = max(touched, c)
				}
			}
			v := validShare(st, r)
			if n < fieldMin(f, st, minCnt, w.Options.MinAnnotated) || float64(touched) > (1-thres)*float64(n+touched) || v < thres*float64(n)/float64(st.Occ) || n <= bestN {
				continue
			}
			best, bestN, bestV = s, n, v
		}
		if best < 0 {
			continue
		}
		used[best] = true
		done[fi] = true
		out = append(out, SlotMap{Slot: best, Field: f.Path, Type: f.Types[0], Share: 1,
			Coverage: float64(bestN) / float64(stats[best].Occ), Run: stats[best].Tagged == 0,
			Valid: math.Round(bestV*1000) / 1000, Validate: true, Match: true})
	}
	return out
}

// learnItems maps single patterned fields left without slot to the
// slots outside every set (unmapped ones, or, for a field without any
// slot, one another field holds: an optional time row left in the date
// row's slot) whose values hold, as one of their items
// (patternItems), an instance of the field's pattern on sharePartShare of
// the nPages sample pages (records) together, and on minCnt in each: rows of several kinds
// ("<dt>Area:</dt><dd>Uptown</dd><dt>Online:</dt><dd>www.x.example</dd>")
// whose number varies so that ExAlg left them in one slot, or in the slots
// on both sides of a row kept as template. The field's value is that item
// (SlotMap.Item), from the first of those slots that holds one. A field
// that has a slot of its own gets item slots as well, read when its slot
// gives no value (byItem), when one label that names the field precedes
// most of the items (the row is sometimes where ExAlg kept it, sometimes
// not).
func learnItems(w *State, out []SlotMap, stats []*slotStats, valid map[string]recognizers.Recognizer, done map[int]bool, minCnt, nPages int, sets [][]int) []SlotMap {
	// Slots other fields hold: only a field without slot looks for its
	// items there; several fields' items may share a slot.
	mapped := map[int]bool{}
	for _, sm := range out {
		mapped[sm.Slot] = true
	}
	for fi, f := range w.FieldSpecs {
		if f.Tuple || f.Many || valid[f.Path] == nil {
			continue
		}
		var slots []int
		total := 0
		for s, st := range stats {
			if (mapped[s] && done[fi]) || len(sets[s]) > 0 || st.Occ == 0 {
				continue
			}
			if n := st.ItemInst[f.Path]; n >= minCnt {
				slots = append(slots, s)
				total += n
			}
		}
		if len(slots) == 0 || (!done[fi] && float64(total) < sharePartShare*float64(nPages)) {
			continue
		}
		// The rows' order varies: the item may be in any of the slots
		// around a row ExAlg kept as template; the first that holds it
		// on a page gives it. When one label precedes most instances
		// ("Show date:", not "Tickets on sale:"), only items after it.
		labs, all := map[string]int{}, 0
		for _, s := range slots {
			for k, n := range stats[s].ItemLab[f.Path] {
				labs[k] += n
				all += n
			}
		}
		var label []string
		top := 0
		for k, n := range labs {
			if k != "" && (n > top || (n == top && k < strings.Join(label, " "))) {
				label, top = strings.Fields(k), n
			}
		}
		if top < minCnt || 2*top < all {
			label = nil
		}
		if done[fi] && labelAffinity(label, f) < affinityName {
			// A field with a slot of its own takes rows left over
			// only after a label that most of them have and that
			// names it ("Website", not "Fax" for a phone).
			continue
		}
		for _, s := range slots {
			st := stats[s]
			out = append(out, SlotMap{Slot: s, Field: f.Path, Type: f.Types[0], Share: 1,
				Coverage: float64(st.ItemInst[f.Path]) / float64(st.Occ), Item: true, ItemLabel: label})
		}
		done[fi] = true
	}
	return out
}
