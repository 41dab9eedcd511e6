package mapping

// Rows. Label-value rows in an order that varies from page to page
// ("<dt>Address:</dt><dd>…</dd><dt>Date:</dt><dd>…</dd>" on one page,
// Date before Address on the next) cannot be aligned by ExAlg: several
// rows fall into one slot, and a field's row sits in one slot or another.
// When, on most sample pages, the field's annotated instances come right
// after the same label (pageLabel) inside a slot's value that holds other
// rows too (another label written at the same DOM path), the field is
// read by that label (SlotMap.Row): at extraction the value is the text
// after the label, up to the next label at the same path, inside the
// values of the slots where the sample had it (SlotMap.RowSlots).

import (
	"golang.org/x/net/html"
)

// RowLabelAt returns, for the text node holding word token x, the label
// right before it (pageLabel) and the token of the label's last word when
// that token lies in [a, x); y is -1 otherwise.
func RowLabelAt(toks []Token, a, x int) (label []string, y int) {
	n := toks[x].Node
	for x > a && toks[x-1].Kind == KindWord && toks[x-1].Node == n {
		x--
	}
	y = x - 1
	for y >= a && (toks[y].Kind != KindWord || alnum(toks[y].Text) == "") {
		y--
	}
	if y < a {
		return nil, -1
	}
	label = PageLabel(toks, x)
	if len(label) == 0 {
		return nil, -1
	}
	return label, y
}

// RowEnd returns the end of the row whose label's last word is token y
// and whose value starts at x: the first word at the label's DOM path in
// another text node after x, or the end of the element holding both the
// label and the value (a last row's <div> ends before the page's next
// part), or b.
func RowEnd(toks []Token, y, x, b int) int {
	anc := map[*html.Node]bool{}
	for n := toks[y].Node; n != nil; n = n.Parent {
		anc[n] = true
	}
	row := toks[x].Node
	for row != nil && !anc[row] {
		row = row.Parent
	}
	for z := x; z < b; z++ {
		if toks[z].Node == toks[x].Node {
			continue // the value's first text node may sit at the label's path
		}
		if toks[z].Kind == KindWord && toks[z].Path == toks[y].Path && toks[z].Node != toks[y].Node {
			return z
		}
		if row != nil && !insideNode(toks[z].Node, row) {
			return z
		}
	}
	return b
}

// insideNode reports whether n is a descendant of row (not row itself).
func insideNode(n, row *html.Node) bool {
	if n == nil || n == row {
		return false
	}
	for p := n.Parent; p != nil; p = p.Parent {
		if p == row {
			return true
		}
	}
	return false
}

// OtherRows reports whether [a, b) holds another label than the one
// ending at token y, whose row's value is [x, end): a word at the label's
// DOM path outside that row.
func OtherRows(toks []Token, y, x, end, a, b int) bool {
	for z := a; z < b; z++ {
		if (z < y || z >= end) && toks[z].Kind == KindWord && toks[z].Path == toks[y].Path && toks[z].Node != toks[y].Node && toks[z].Node != toks[x].Node {
			return true
		}
	}
	return false
}
