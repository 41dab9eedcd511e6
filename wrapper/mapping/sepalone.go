package mapping

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
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"golang.org/x/net/html"
)

// MaxAloneWords bounds the words of a text seen alone that can confirm a
// separator (an item, not a sentence).
const MaxAloneWords = 5

// SepCandidate reports whether word x may separate two items of its text
// node: a short lower-case word or weak separator punctuation, not
// annotated, with a word of the same text node on both sides.
func SepCandidate(tk []Token, x int) bool {
	return len(tk[x].Ann) == 0 && SepShape(tk, x)
}

// SepShape is sepCandidate, annotated or not.
func SepShape(tk []Token, x int) bool {
	t := &tk[x]
	if t.Kind != KindWord {
		return false
	}
	if !SepToken(t, WeakSeps) && !(LowerInitial(t.Text) && len(t.Text) <= 4 && !exalg.EdgeToken(t)) {
		return false
	}
	l, r := &tk[x-1], &tk[x+1]
	return l.Kind == KindWord && r.Kind == KindWord && l.Node == t.Node && r.Node == t.Node && !exalg.EdgeToken(l) && !exalg.EdgeToken(r)
}

// Piece returns the words next to separator x in direction dir (±1), up
// to lim, to the edge of x's text node, separator punctuation, a bracket
// or another separator candidate: [a, b) in token order.
func Piece(tk []Token, x, lim, dir int) [2]int {
	end := x
	for y := x + dir; y >= 0 && y < len(tk) && (dir < 0 && y >= lim || dir > 0 && y < lim); y += dir {
		t := &tk[y]
		if t.Kind != KindWord || t.Node != tk[x].Node || SepToken(t, ItemSeps+"()[]") || SepCandidate(tk, y) {
			break
		}
		end = y
	}
	if dir < 0 {
		return [2]int{end, x}
	}
	return [2]int{x + 1, end + 1}
}

// PieceText is the text of words [a, b), separator punctuation at the
// edges left out.
func PieceText(tk []Token, a, b int) string {
	txt, _, _ := ValueText(tk, a, b)
	return txt
}

// Typed reports whether every word of [a, b) is annotated with one of
// types by one annotation covering them all.
func Typed(tk []Token, a, b int, types []string) bool {
	var common []*annotate.Annotation
	first := true
	for x := a; x < b; x++ {
		if tk[x].Kind != KindWord || exalg.EdgeToken(&tk[x]) {
			continue
		}
		var ids []*annotate.Annotation
		for _, an := range tk[x].Ann {
			if Contains(types, an.Type) {
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
	if len(keep) == 0 || t.Node == nil {
		return false
	}
	data := t.Node.Data
	for _, k := range keep {
		for off := 0; ; {
			i := strings.Index(data[off:], k)
			if i < 0 {
				break
			}
			s := off + i
			if s <= t.Start && t.End <= s+len(k) {
				return true
			}
			off = s + 1
		}
	}
	return false
}

// InLink reports whether word t is in the text of a link: a link names
// one thing, so a separator word inside it is part of an item ("<a>Breakfast
// &amp; Brunch</a> / <a>Tex-Mex</a>").
func InLink(t *Token) bool {
	for n := t.Node; n != nil; n = n.Parent {
		if n.Type == html.ElementNode && n.Data == "a" {
			return true
		}
	}
	return false
}
