package mapping

// Values written over several lines: a single field whose value is split
// by line breaks ("3410 Valencia St<br>Seattle, WA 98128") fills two
// adjacent slots. When, on the sample pages, the slot after (or before)
// the field's slot is unmapped, its values follow (precede) the field's
// values across line-break or inline tags only, inside the same element,
// and they carry the field's type on most pages, the two lines form one
// value joined with ", " (SlotMap.Join, SlotMap.JoinPrev): the field's
// slot may hold either line, whichever the recognizers told apart better.

import (
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"golang.org/x/net/html"
)

// lineTags are the tags that may separate two lines of one value: line
// breaks and inline formatting.
var lineTags = map[string]bool{"br": true, "span": true, "b": true, "i": true, "em": true, "strong": true, "small": true}

// BlockOf returns the nearest ancestor of a text node that is not an
// inline element of lineTags.
func BlockOf(n *html.Node) *html.Node {
	p := n.Parent
	for p != nil && p.Type == html.ElementNode && lineTags[p.Data] {
		p = p.Parent
	}
	return p
}

// LineGap reports whether the tokens [b, a) between two values (trimmed
// ranges, b the end of the first, a the start of the second) are line-break
// or inline tags, with at least one line break, and separator punctuation,
// and the two values sit in the same element.
func LineGap(toks []Token, b, a int) bool {
	if b <= 0 || a >= len(toks) || b > a {
		return false
	}
	br := false
	for x := b; x < a; x++ {
		t := &toks[x]
		switch t.Kind {
		case KindStart, KindEnd:
			if !lineTags[t.Text] && t.Text != "br" {
				return false
			}
			br = br || t.Text == "br"
		case KindWord:
			if !exalg.EdgeToken(t) {
				return false
			}
		default:
			return false
		}
	}
	n1, n2 := toks[b-1].Node, toks[a].Node
	if !br || n1 == nil || n2 == nil || toks[b-1].Kind != KindWord || toks[a].Kind != KindWord {
		return false
	}
	p := BlockOf(n1)
	return p != nil && p == BlockOf(n2)
}

// OtherLine finds, among the values of r (not inside iterations of set
// skip), the first value of slot other that continues the value [a, b)
// (trimmed) on a following line (prev false) or that it continues from a
// preceding line (prev true): it returns the value's trimmed range.
func OtherLine(toks []Token, r *Mrec, skip, other, a, b int, prev bool) (int, int, bool) {
	var ra, rb int
	found := false
	Collect(r, skip, func(v Sval) {
		if found || v.Slot != other {
			return
		}
		txt, a2, b2 := ValueText(toks, v.A, v.B)
		if txt == "" {
			return
		}
		if (!prev && a2 >= b && LineGap(toks, b, a2)) || (prev && b2 <= a && LineGap(toks, b2, a)) {
			ra, rb, found = a2, b2, true
		}
	})
	return ra, rb, found
}

// WholeInstance reports whether r's longest instance in text is all of
// it.
func WholeInstance(r recognizers.Recognizer, text string) bool {
	m, ok := LongestMatch(r, text)
	return ok && m[0] == 0 && m[1] == len(text)
}

// AbbrevDot returns "." when token x is a period written against the word
// before it (x the end of a trimmed value), "" otherwise.
func AbbrevDot(toks []Token, x int) string {
	if x <= 0 || x >= len(toks) {
		return ""
	}
	t, p := &toks[x], &toks[x-1]
	if t.Kind == KindWord && t.Text == "." && p.Kind == KindWord && p.Node == t.Node && p.End == t.Start {
		return "."
	}
	return ""
}

// AnyOf reports whether some element of a is in b.
func AnyOf(a, b []string) bool {
	for _, x := range a {
		if Contains(b, x) {
			return true
		}
	}
	return false
}
