package mapping

import (
	"golang.org/x/net/html"
)

// rowLabelAt returns, for the text node holding word token x, the label
// right before it (pageLabel) and the token of the label's last word when
// that token lies in [a, x); y is -1 otherwise.
func rowLabelAt(toks []Token, a, x int) (label []string, y int) {
	n := toks[x].Node()
	for x > a && toks[x-1].Kind == KindWord && toks[x-1].Node() == n {
		x--
	}
	y = x - 1
	for y >= a && (toks[y].Kind != KindWord || alnum(toks[y].Text()) == "") {
		y--
	}
	if y < a {
		return nil, -1
	}
	label = pageLabel(toks, x)
	if len(label) == 0 {
		return nil, -1
	}
	return label, y
}

// rowEnd returns the end of the row whose label's last word is token y
// and whose value starts at x: the first word at the label's DOM path in
// another text node after x, or the end of the element holding both the
// label and the value (a last row's <div> ends before the page's next
// part), or b.
func rowEnd(toks []Token, y, x, b int) int {
	anc := map[*html.Node]bool{}
	for n := toks[y].Node(); n != nil; n = n.Parent {
		anc[n] = true
	}
	row := toks[x].Node()
	for row != nil && !anc[row] {
		row = row.Parent
	}
	for z := x; z < b; z++ {
		if toks[z].Node() == toks[x].Node() {
			continue // the value's first text node may sit at the label's path
		}
		if toks[z].Kind == KindWord && toks[z].Path == toks[y].Path && toks[z].Node() != toks[y].Node() {
			return z
		}
		if row != nil && (toks[z].Node() == row || !holds(row, toks[z].Node())) {
			return z
		}
	}
	return b
}
