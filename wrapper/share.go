package wrapper

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
	"math"
	"strings"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// coFields returns the other fields mapped to the slot of sm.
func (w *Wrapper) coFields(sm *SlotMap) []FieldSpec {
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
func (w *Wrapper) carve(txt string, sm *SlotMap, f FieldSpec) (string, bool) {
	if len(f.Attrs) > 0 || sm.Item {
		// An attribute's value is whole (a resolved URL); so is an item
		// that is wholly an instance of the field's pattern.
		return txt, true
	}
	others := w.coFields(sm)
	r := w.valid[f.Path]
	own, hasOwn := [2]int{}, false
	if r != nil && !f.Many {
		own, hasOwn = mapping.LongestMatch(r, txt)
	}
	var spans [][2]int
	for _, o := range others {
		if or := w.valid[o.Path]; or != nil {
			if m, ok := mapping.LongestMatch(or, txt); ok {
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
		m, ok := mapping.FirstMatch(r, mapping.Blank(txt, spans))
		if !ok {
			return txt, len(others) == 0
		}
		return strings.TrimSpace(txt[m[0]:m[1]]), true
	}
	if len(spans) == 0 {
		return txt, true
	}
	out := mapping.RemoveSpans(txt, spans)
	return out, mapping.HasWord(out)
}

// learnParts maps single fields left without slot to a slot of another
// single field that they share (SlotMap.Part; see the file comment). valid
// holds the fields' pattern recognizers, minCnt the least number of sample
// values the field must be found in.
func learnParts(w *Wrapper, out []SlotMap, stats []*mapping.SlotStats, valid map[string]recognizers.Recognizer, done map[int]bool, minCnt int) []SlotMap {
	var labels [][]string
	for fi, f := range w.fields {
		if f.Tuple || f.Many || done[fi] {
			continue
		}
		best, bestN := -1, 0
		total := mapping.AnnotatedValues(stats, f.Types)
		for i, host := range out {
			hf := w.fieldSpec(host.Field)
			if hf == nil || hf.Parent != f.Parent || host.Slot >= len(stats) {
				continue
			}
			st := stats[host.Slot]
			n := 0
			need := mapping.SharePartShare * float64(st.Occ)
			if hf.Many {
				// A set field's items: f's instance is an item of its
				// own ("Chinese · $$$"), unless the host's items are
				// instances of the same pattern.
				if r := valid[f.Path]; r != nil && !mapping.SamePattern(*hf, f) {
					n = st.ItemInst[f.Path]
				}
			} else if float64(st.Broken) > (1-w.opt.GeneraliseThres)*float64(st.Occ) {
				continue // the fields of one line, not page parts
			} else if r := valid[f.Path]; r != nil {
				hr := valid[hf.Path]
				vals := st.Values
				if len(host.Label) > 0 && hr == nil {
					// A labelled host's rows: the slot's other
					// labels' values are other fields' (labelpart.go).
					vals, need = mapping.LabelledValues(st, host.Label)
				}
				for text, c := range vals {
					m, ok := mapping.LongestMatch(r, text)
					if !ok {
						continue
					}
					rest := mapping.Blank(text, [][2]int{m})
					if hr != nil {
						if _, ok := mapping.LongestMatch(hr, rest); !ok {
							continue
						}
					} else if !mapping.HasWord(rest) {
						continue
					}
					n += c
				}
			} else if valid[hf.Path] != nil {
				n = mapping.AnnotatedValues([]*mapping.SlotStats{st}, f.Types)
				// A dictionary that knows few of the field's values:
				// the slot is still its place when most of the field's
				// annotations fall there.
				if n >= minCnt && float64(n) >= w.opt.GeneraliseThres*float64(total) {
					need = 0
				}
				// The rest of the values beside the host's instance
				// weighed as a slot of its own (restslots.go).
				if labels == nil {
					labels = mapping.SlotLabels(w.tmpl)
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
// weaker candidate of its own.
func sharesTaken(w *Wrapper, out []SlotMap, c mapping.Cand, stats []*mapping.SlotStats, valid map[string]recognizers.Recognizer) bool {
	f := w.fields[c.Field]
	r := valid[f.Path]
	if r == nil || c.Slot >= len(stats) {
		return false
	}
	st := stats[c.Slot]
	if c.Label != "" {
		st = mapping.Labelled(st, c.Label)
	}
	if st.Occ == 0 || float64(st.Broken) > (1-w.opt.GeneraliseThres)*float64(st.Occ) {
		return false
	}
	for _, host := range out {
		hf := w.fieldSpec(host.Field)
		if host.Slot != c.Slot || strings.Join(host.Label, " ") != c.Label || hf == nil || hf.Many || hf.Parent != f.Parent || host.Part {
			continue
		}
		hr := valid[hf.Path]
		if hr == nil || mapping.SamePattern(*hf, f) {
			continue
		}
		n := 0
		for text, k := range st.Values {
			m, ok := mapping.LongestMatch(r, text)
			if !ok {
				continue
			}
			if _, ok := mapping.LongestMatch(hr, mapping.Blank(text, [][2]int{m})); ok {
				n += k
			}
		}
		if float64(n) >= w.opt.GeneraliseThres*float64(st.Occ) {
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
func learnInstances(w *Wrapper, out []SlotMap, stats []*mapping.SlotStats, valid map[string]recognizers.Recognizer, done map[int]bool, sets [][]int, scope, minCnt int) []SlotMap {
	used := map[int]bool{}
	for _, m := range out {
		used[m.Slot] = true
	}
	thres := w.opt.GeneraliseThres
	for fi, f := range w.fields {
		r := valid[f.Path]
		if f.Tuple || f.Many || f.Parent != "" || done[fi] || r == nil || !f.WholeByPattern() {
			continue
		}
		best, bestN, bestV := -1, 0, 0.0
		for s, st := range stats {
			if used[s] || st.Occ == 0 || !mapping.SameScope(sets[s], scope) || float64(st.Tagged) > (1-thres)*float64(st.Occ) {
				continue
			}
			n, touched := 0, 0
			for t, c := range st.Some {
				if mapping.Contains(f.Types, t) {
					n = max(n, c)
				} else {
					touched = max(touched, c)
				}
			}
			v := mapping.ValidShare(st, r)
			if n < mapping.FieldMin(f, st, minCnt, w.opt.MinAnnotated) || float64(touched) > (1-thres)*float64(n+touched) || v < thres*float64(n)/float64(st.Occ) || n <= bestN {
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
func learnItems(w *Wrapper, out []SlotMap, stats []*mapping.SlotStats, valid map[string]recognizers.Recognizer, done map[int]bool, minCnt, nPages int, sets [][]int) []SlotMap {
	// Slots other fields hold: only a field without slot looks for its
	// items there; several fields' items may share a slot.
	mapped := map[int]bool{}
	for _, sm := range out {
		mapped[sm.Slot] = true
	}
	for fi, f := range w.fields {
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
		if len(slots) == 0 || (!done[fi] && float64(total) < mapping.SharePartShare*float64(nPages)) {
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
		if done[fi] && mapping.LabelAffinity(label, f) < mapping.AffinityName {
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
