package mapping

import (
	"strings"

	"golang.org/x/net/html"
)

// Rows of other roles beside a set field's place.
//
// A detail page's set field comes from one place, and slots near it
// belong to it (samePlace: the optional second author of a byline). A
// slot near the place that sits in a row of its own, under a label of its
// own, is another role: "Written by: A" and "Foreword by: B" are two rows
// whose values the author dictionary both knows, and the foreword's
// writer is no author. A row is the smallest element that holds a
// value's label and the value; "by <a>A</a> and <a>B</a>" keeps both
// names in one row (the span around them), so the second name stays the
// field's.

// rowOf is the label right before a value (pageLabel, joined by spaces)
// and the row: the smallest element holding the label's text and the
// value's first token.
type rowOf struct {
	Label string
	Row   *html.Node
	// lab is the label's own element (labelElement), nil when the label
	// is text beside the value inside one element.
	lab *html.Node
}

// valueRow returns the row of the value starting at token a; ok is false
// when the value has no label.
func valueRow(toks []Token, a int) (rowOf, bool) {
	pl := pageLabel(toks, a)
	if pl == nil {
		return rowOf{}, false
	}
	y := wordBefore(toks, a)
	if y < 0 || toks[y].Node() == nil || toks[a].Node() == nil {
		return rowOf{}, false
	}
	row := commonAncestor(toks[y].Node(), toks[a].Node())
	if row == nil {
		return rowOf{}, false
	}
	return rowOf{Label: strings.Join(pl, " "), Row: row, lab: labelElement(toks[y].Node(), toks[a].Node())}, true
}

// commonAncestor returns the innermost element holding both a and b (a
// node holds itself); nil when there is none.
func commonAncestor(a, b *html.Node) *html.Node {
	in := map[*html.Node]bool{}
	for n := a; n != nil; n = n.Parent {
		in[n] = true
	}
	for n := b; n != nil; n = n.Parent {
		if in[n] && n.Type == html.ElementNode {
			return n
		}
	}
	return nil
}

// otherRow reports whether the values of slot s sit, on most of the
// sample pages where both slots have labelled values, in another row
// than those of slot p, under another label.
func otherRow(p, s *slotStats) bool {
	both, other := 0, 0
	for pg, rp := range p.Rows {
		rs, ok := s.Rows[pg]
		if !ok {
			continue
		}
		both++
		if rp.Label != rs.Label && ((rp.Row != rs.Row && !holds(rp.Row, rs.Row) && !holds(rs.Row, rp.Row)) || (otherLabelElement(rp, rs) && steadyLabel(s))) {
			other++
		}
	}
	return both > 0 && 2*other > both
}

// holds reports whether a is b or one of its ancestors (a node holds
// itself).
func holds(a, b *html.Node) bool {
	for n := b; n != nil; n = n.Parent {
		if n == a {
			return true
		}
	}
	return false
}
