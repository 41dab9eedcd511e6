package mapping

import "golang.org/x/net/html"

// otherParent reports whether slot s's values sit in another element than
// the values of slot p, the place chosen for a detail page's set field
// (detailPlaces), on more than half of the sample pages where both are
// filled: the elements holding their first values have different parents
// and neither parent holds the other. A set's items are siblings ("<a>A
// </a>, <a>B</a>", an unrolled first item with a slot of its own, lines
// of one <p>); a slot a few slots away in another block (the second
// editor in the "Edited by:" row after the authors' <div>) is another
// row's, whatever its annotations. A part of samePlace's "one place",
// which counted slots, not elements.
func otherParent(p, s *slotStats) bool {
	both, other := 0, 0
	for pg, x := range p.Nodes {
		y := s.Nodes[pg]
		if x == nil || y == nil {
			continue
		}
		a, b := elementParent(x), elementParent(y)
		if a == nil || b == nil {
			continue
		}
		both++
		if a != b && !holds(a, b) && !holds(b, a) {
			other++
		}
	}
	return both > 0 && 2*other > both
}

// elementParent is the parent of the element holding node n (n itself
// when it is an element).
func elementParent(n *html.Node) *html.Node {
	if n.Type != html.ElementNode {
		n = n.Parent
	}
	if n == nil {
		return nil
	}
	return n.Parent
}
