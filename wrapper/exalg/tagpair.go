package exalg

import "strings"

// Repeated elements with text only.
//
// FINDEQ keeps the classes of SizeThres roles or more (three): one role is
// a word that recurs by chance, two a tag and a word. A list written as
// "<li>Boneyard</li><li>Cosmic Foxes</li>" has only two template roles per
// item, the start and the end tag of <li>, whose occurrence vector (the
// number of items, page after page) no other role shares: the class is
// dropped, the list is no set, and one slot holds the whole list, the
// headliner opening it and the guests after it in one value. A class of
// exactly the start and the end tag of one item element (itemTags),
// repeated (twice or more on some page), is an element's iterations:
// repeatedPair keeps it, unless its iterations are label-value rows
// (labelledIters).

// repeatedPair reports whether class g is the start and end tag of one
// element name, occurring twice or more on some page.
func (e *ecgm) repeatedPair(g *eqClass) bool {
	if len(g.members) != 2 {
		return false
	}
	a, b := &e.base[g.members[0]], &e.base[g.members[1]]
	if a.Kind == KindEnd {
		a, b = b, a
	}
	if a.Kind != KindStart || b.Kind != KindEnd || a.Text != b.Text || !itemTags[a.Text] {
		return false
	}
	rep := false
	for _, c := range g.vec {
		if c >= 2 {
			rep = true
		}
	}
	return rep && !e.labelledIters(g.members[0], g.members[1])
}

// labelledIters reports whether half of the iterations of the element
// whose start and end roles are start and end, or more, open with a label
// (a word ending in ":" among their first iterLabelWords words): label-value
// rows of several kinds ("Publisher: …", "Date: …"), which the row
// mechanisms read, not a list of items of one kind.
func (e *ecgm) labelledIters(start, end int32) bool {
	if e.base[start].Kind != KindStart {
		start, end = end, start
	}
	n, lab := 0, 0
	for pg, s := range e.seqs {
		toks := e.pages[pg]
		for x := 0; x < len(s); x++ {
			if s[x] != start {
				continue
			}
			n++
			words := 0
			for y := x + 1; y < len(s) && s[y] != end && words < iterLabelWords; y++ {
				if toks[y].Kind != KindWord {
					continue
				}
				words++
				if strings.HasSuffix(toks[y].Text(), ":") {
					lab++
					break
				}
			}
		}
	}
	return n > 0 && 2*lab >= n
}

// iterLabelWords is how many words into an iteration a label may end.
const iterLabelWords = 5

// itemTags are the elements whose two-role class repeatedPair keeps: list
// items. Links and spans (a run of cuisine spans with the price range's
// span among them), dt and dd rows, table cells and paragraphs are left
// as they were: made sets, they mixed items of several fields.
var itemTags = map[string]bool{"li": true}
