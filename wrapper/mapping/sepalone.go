package mapping

import (
	"slices"
	"sort"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"golang.org/x/net/html"
)

// maxAloneWords bounds the words of a text seen alone that can confirm a
// separator (an item, not a sentence).
const maxAloneWords = 5

// sepCandidate reports whether word x may separate two items of its text
// node: a short lower-case word or weak separator punctuation, not
// annotated, with a word of the same text node on both sides.
func sepCandidate(tk []Token, x int) bool {
	return len(tk[x].Ann()) == 0 && sepShape(tk, x)
}

// sepShape is sepCandidate, annotated or not.
func sepShape(tk []Token, x int) bool {
	t := &tk[x]
	if t.Kind != KindWord {
		return false
	}
	if !sepToken(t, weakSeps) && !(lowerInitial(t.Text()) && len(t.Text()) <= 4 && !exalg.EdgeToken(t)) {
		return false
	}
	l, r := &tk[x-1], &tk[x+1]
	return l.Kind == KindWord && r.Kind == KindWord && l.Node() == t.Node() && r.Node() == t.Node() && !exalg.EdgeToken(l) && !exalg.EdgeToken(r)
}

// piece returns the words next to separator x in direction dir (±1), up
// to lim, to the edge of x's text node, separator punctuation, a bracket
// or another separator candidate: [a, b) in token order.
func piece(tk []Token, x, lim, dir int) [2]int {
	end := x
	for y := x + dir; y >= 0 && y < len(tk) && (dir < 0 && y >= lim || dir > 0 && y < lim); y += dir {
		t := &tk[y]
		if t.Kind != KindWord || t.Node() != tk[x].Node() || sepToken(t, itemSeps+"()[]") || sepCandidate(tk, y) {
			break
		}
		end = y
	}
	if dir < 0 {
		return [2]int{end, x}
	}
	return [2]int{x + 1, end + 1}
}

// pieceText is the text of words [a, b), separator punctuation at the
// edges left out.
func pieceText(tk []Token, a, b int) string {
	txt, _, _ := ValueText(tk, a, b)
	return txt
}

// typed reports whether every word of [a, b) is annotated with one of
// types by one annotation covering them all.
func typed(tk []Token, a, b int, types []string) bool {
	var common []*annotate.Annotation
	first := true
	for x := a; x < b; x++ {
		if tk[x].Kind != KindWord || exalg.EdgeToken(&tk[x]) {
			continue
		}
		var ids []*annotate.Annotation
		for _, an := range tk[x].Ann() {
			if slices.Contains(types, an.Type) {
				ids = append(ids, an)
			}
		}
		if first {
			common, first = ids, false
			continue
		}
		var both []*annotate.Annotation
		for _, id := range common {
			if slices.Contains(ids, id) {
				both = append(both, id)
			}
		}
		common = both
	}
	return !first && len(common) > 0
}

// keptAt reports whether word x lies inside an occurrence of one of keep
// in its text node: a longer item known whole across a separator.
func keptAt(tk []Token, x int, keep []string) bool {
	t := &tk[x]
	if len(keep) == 0 || t.Node() == nil {
		return false
	}
	data := t.Node().Data
	for _, k := range keep {
		for off := 0; ; {
			i := strings.Index(data[off:], k)
			if i < 0 {
				break
			}
			s := off + i
			if s <= int(t.Start) && int(t.End) <= s+len(k) {
				return true
			}
			off = s + 1
		}
	}
	return false
}

// inLink reports whether word t is in the text of a link: a link names
// one thing, so a separator word inside it is part of an item ("<a>Breakfast
// &amp; Brunch</a> / <a>Tex-Mex</a>").
func inLink(t *Token) bool {
	for n := t.Node(); n != nil; n = n.Parent {
		if n.Type == html.ElementNode && n.Data == "a" {
			return true
		}
	}
	return false
}

// LearnAloneSeps adds, for the set fields' slots of w, the separators
// confirmed by items seen alone (see the file comment). toks are the
// sample pages (records in record mode), pageOf gives each one's page.
func (w *State) LearnAloneSeps(toks [][]Token, pageOf []int) {
	for i := range w.SlotMaps {
		sm := &w.SlotMaps[i]
		f := w.fieldSpec(sm.Field)
		if f == nil || !f.Many || f.Patterned() || sm.Item || sm.Part {
			continue
		}
		alone := w.aloneTexts(toks, sm.Slot)
		confirm := map[string]map[int]bool{}
		keep := map[string]map[string]bool{}
		w.slotValues(toks, sm.Slot, func(r int, tk []Token, v sval) {
			for x := v.A + 1; x+1 < v.B; x++ {
				if !sepCandidate(tk, x) && !sepShape(tk, x) {
					continue
				}
				l, r2 := piece(tk, x, v.A, -1), piece(tk, x, v.B, 1)
				if l[0] >= l[1] || r2[0] >= r2[1] {
					continue
				}
				if typed(tk, l[0], r2[1], f.Types) {
					// One item the field's types know across the
					// separator.
					if keep[tk[x].Text()] == nil {
						keep[tk[x].Text()] = map[string]bool{}
					}
					keep[tk[x].Text()][pieceText(tk, l[0], r2[1])] = true
					continue
				}
				if !sepCandidate(tk, x) || inLink(&tk[x]) {
					continue // inside an annotation, or a link's text: one item
				}
				known := func(p [2]int) bool {
					return typed(tk, p[0], p[1], f.Types) || alone[strings.ToLower(pieceText(tk, p[0], p[1]))]
				}
				if (known(l) && capitalWord(&tk[r2[0]])) || (known(r2) && capitalWord(&tk[l[0]])) {
					if confirm[tk[x].Text()] == nil {
						confirm[tk[x].Text()] = map[int]bool{}
					}
					confirm[tk[x].Text()][pageOf[r]] = true
				}
			}
		})
		for wd, pgs := range confirm {
			if len(pgs) < 2 {
				continue
			}
			if !slices.Contains(sm.SepWords, wd) {
				sm.SepWords = append(sm.SepWords, wd)
			}
			for k := range keep[wd] {
				if !slices.Contains(sm.Keep, k) {
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
func (w *State) aloneTexts(toks [][]Token, slot int) map[string]bool {
	out := map[string]bool{}
	add := func(tk []Token, a, b int) {
		for x := a; x < b; x++ {
			if tk[x].Kind == KindWord && x > a && x+1 < b && sepCandidate(tk, x) {
				return
			}
		}
		if txt := pieceText(tk, a, b); txt != "" && len(strings.Fields(txt)) <= maxAloneWords {
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
			for y < len(tk) && tk[y].Kind == KindWord && tk[y].Node() == tk[x].Node() {
				y++
			}
			for _, it := range items(tk, x, y) {
				add(tk, it[0], it[1])
			}
			x = y
		}
		root, ok := w.matchRoot(tk)
		if !ok {
			continue
		}
		Collect(root, -1, func(v sval) {
			if v.Slot != slot {
				return
			}
			for _, it := range items(tk, v.A, v.B) {
				add(tk, it[0], it[1])
			}
		})
	}
	return out
}
