package wrapper

// Separators of a set's items confirmed by items seen alone.
//
// A set written as plain text separates its items with words or weak
// punctuation ("Indian and Pizza", "Wine Bar & Korean", "Japanese /
// Korean") that also occur inside single items ("Breakfast & Brunch",
// "Cajun/Creole"). gather and refineSets learn such a separator from the
// annotations: between two annotated items, or between an annotated item
// and a capitalised word, on two pages or more. A dictionary that knows
// few items rarely gives that evidence, but the sample shows most items
// alone somewhere: as the only item of another value of the slot, or as a
// whole text node of a sample page (a link in a list of cuisines).
// learnAloneSeps therefore also counts, for each set field's slot, an
// occurrence of a candidate word (a short lower-case word, or "&", "/",
// "+") between two words of one text node when the piece on one side is
// known — annotated with the field's types, or seen alone — and the piece
// on the other side starts with a capital letter. A candidate seen so on
// two sample pages or more separates items (SlotMap.SepWords). A longer
// item the field's types annotate as a whole across the separator
// ("Breakfast & Brunch" in the dictionary) is kept whole (SlotMap.Keep).

import (
	"sort"
	"strings"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// learnAloneSeps adds, for the set fields' slots of w, the separators
// confirmed by items seen alone (see the file comment). toks are the
// sample pages (records in record mode), pageOf gives each one's page.
func (w *Wrapper) learnAloneSeps(toks [][]mapping.Token, pageOf []int) {
	for i := range w.slots {
		sm := &w.slots[i]
		fi := mapping.IndexOf(w.fields, sm.Field)
		if fi < 0 {
			continue
		}
		f := w.fields[fi]
		if !f.Many || f.Patterned() || sm.Item || sm.Part {
			continue
		}
		alone := w.aloneTexts(toks, sm.Slot)
		confirm := map[string]map[int]bool{}
		keep := map[string]map[string]bool{}
		for r, tk := range toks {
			root, ok := w.matchRoot(tk)
			if !ok {
				continue
			}
			mapping.Collect(root, -1, func(v mapping.Sval) {
				if v.Slot != sm.Slot {
					return
				}
				for x := v.A + 1; x+1 < v.B; x++ {
					if !mapping.SepCandidate(tk, x) && !mapping.SepShape(tk, x) {
						continue
					}
					l, r2 := mapping.Piece(tk, x, v.A, -1), mapping.Piece(tk, x, v.B, 1)
					if l[0] >= l[1] || r2[0] >= r2[1] {
						continue
					}
					if mapping.Typed(tk, l[0], r2[1], f.Types) {
						// One item the field's types know across the
						// separator.
						if keep[tk[x].Text] == nil {
							keep[tk[x].Text] = map[string]bool{}
						}
						keep[tk[x].Text][mapping.PieceText(tk, l[0], r2[1])] = true
						continue
					}
					if !mapping.SepCandidate(tk, x) || mapping.InLink(&tk[x]) {
						continue // inside an annotation, or a link's text: one item
					}
					known := func(p [2]int) bool {
						return mapping.Typed(tk, p[0], p[1], f.Types) || alone[strings.ToLower(mapping.PieceText(tk, p[0], p[1]))]
					}
					if (known(l) && mapping.CapitalWord(&tk[r2[0]])) || (known(r2) && mapping.CapitalWord(&tk[l[0]])) {
						if confirm[tk[x].Text] == nil {
							confirm[tk[x].Text] = map[int]bool{}
						}
						confirm[tk[x].Text][pageOf[r]] = true
					}
				}
			})
		}
		for wd, pgs := range confirm {
			if len(pgs) < 2 {
				continue
			}
			if !mapping.Contains(sm.SepWords, wd) {
				sm.SepWords = append(sm.SepWords, wd)
			}
			for k := range keep[wd] {
				if !mapping.Contains(sm.Keep, k) {
					sm.Keep = append(sm.Keep, k)
				}
			}
		}
		sort.Strings(sm.SepWords)
		sort.Strings(sm.Keep)
	}
}

// aloneTexts returns the lower-cased texts seen alone in the sample: the
// items of the slot's values (split at tags, separator punctuation and
// brackets) and the whole text nodes of the sample, of at most
// maxAloneWords words and without a separator candidate inside.
func (w *Wrapper) aloneTexts(toks [][]mapping.Token, slot int) map[string]bool {
	out := map[string]bool{}
	add := func(tk []mapping.Token, a, b int) {
		for x := a; x < b; x++ {
			if tk[x].Kind == KindWord && x > a && x+1 < b && mapping.SepCandidate(tk, x) {
				return
			}
		}
		if txt := mapping.PieceText(tk, a, b); txt != "" && len(strings.Fields(txt)) <= mapping.MaxAloneWords {
			out[strings.ToLower(txt)] = true
		}
	}
	for _, tk := range toks {
		// Whole text nodes.
		for x := 0; x < len(tk); {
			if tk[x].Kind != KindWord {
				x++
				continue
			}
			y := x
			for y < len(tk) && tk[y].Kind == KindWord && tk[y].Node == tk[x].Node {
				y++
			}
			for _, it := range mapping.Items(tk, x, y, nil) {
				add(tk, it[0], it[1])
			}
			x = y
		}
		root, ok := w.matchRoot(tk)
		if !ok {
			continue
		}
		mapping.Collect(root, -1, func(v mapping.Sval) {
			if v.Slot != slot {
				return
			}
			for _, it := range mapping.Items(tk, v.A, v.B, nil) {
				add(tk, it[0], it[1])
			}
		})
	}
	return out
}
