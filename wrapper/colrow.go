package wrapper

import (
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Column headers as row labels.
//
// In a table, a cell's label is not the text before it (the previous
// cell's value) but its column's header: the <th> at the same position in
// the table's header row. A list of books written as table rows puts the
// authors under "Author" and the foreword's writer under "Foreword by",
// both names the author dictionary knows; with the headers as labels the
// two cells are two rows of their own (rowplace.go), and the foreword's
// column is no place of the authors.

// columnRow returns the row of the value starting at token a when it lies
// in a table cell under a header: the header's words as the label, the
// cell as the row. ok is false outside a table with a header row, or when
// a cell spans columns.
func columnRow(toks []token, a int) (rowOf, bool) {
	n := toks[a].Node
	var cell *html.Node
	for ; n != nil; n = n.Parent {
		if n.Type == html.ElementNode && (n.DataAtom == atom.Td || n.DataAtom == atom.Th) {
			cell = n
			break
		}
		if n.Type == html.ElementNode && n.DataAtom == atom.Table {
			return rowOf{}, false
		}
	}
	if cell == nil || cell.Parent == nil || cell.Parent.DataAtom != atom.Tr {
		return rowOf{}, false
	}
	tr := cell.Parent
	idx, ok := cellIndex(tr, cell)
	if !ok {
		return rowOf{}, false
	}
	head := headerRow(tr)
	if head == nil || head == tr {
		return rowOf{}, false
	}
	k := 0
	for c := head.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || (c.DataAtom != atom.Th && c.DataAtom != atom.Td) {
			continue
		}
		if spans(c) {
			return rowOf{}, false
		}
		if k == idx {
			ws := labelWords(nodeText(c))
			if len(ws) == 0 || len(ws) > 4 {
				return rowOf{}, false
			}
			return rowOf{label: strings.Join(ws, " "), row: cell}, true
		}
		k++
	}
	return rowOf{}, false
}

// cellIndex returns the position of cell among the cells of row tr; ok is
// false when a cell before it (or it) spans columns.
func cellIndex(tr, cell *html.Node) (int, bool) {
	k := 0
	for c := tr.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || (c.DataAtom != atom.Th && c.DataAtom != atom.Td) {
			continue
		}
		if spans(c) {
			return 0, false
		}
		if c == cell {
			return k, true
		}
		k++
	}
	return 0, false
}

// spans reports whether a cell spans several columns.
func spans(c *html.Node) bool {
	for _, at := range c.Attr {
		if at.Key == "colspan" && strings.TrimSpace(at.Val) != "1" {
			return true
		}
	}
	return false
}

// headerRow returns the header row of the table holding row tr: the first
// row of its <thead>, or else its first row when every cell of it is a
// <th>; nil when it has none.
func headerRow(tr *html.Node) *html.Node {
	var table *html.Node
	for n := tr.Parent; n != nil; n = n.Parent {
		if n.Type == html.ElementNode && n.DataAtom == atom.Table {
			table = n
			break
		}
	}
	if table == nil {
		return nil
	}
	var first *html.Node
	for s := table.FirstChild; s != nil; s = s.NextSibling {
		if s.Type != html.ElementNode {
			continue
		}
		switch s.DataAtom {
		case atom.Thead:
			for r := s.FirstChild; r != nil; r = r.NextSibling {
				if r.Type == html.ElementNode && r.DataAtom == atom.Tr {
					return r
				}
			}
		case atom.Tbody:
			if first == nil {
				for r := s.FirstChild; r != nil; r = r.NextSibling {
					if r.Type == html.ElementNode && r.DataAtom == atom.Tr {
						first = r
						break
					}
				}
			}
		case atom.Tr:
			if first == nil {
				first = s
			}
		}
	}
	if first == nil {
		return nil
	}
	cells := 0
	for c := first.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			if c.DataAtom != atom.Th {
				return nil
			}
			cells++
		}
	}
	if cells == 0 {
		return nil
	}
	return first
}

// nodeText returns the text below n, its text nodes joined by spaces.
func nodeText(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// nestedPlace reports whether slots in sets s and p can be in one place
// (samePlace): in the same sets, or one in a set inside the other's (the
// items after a list's first item, "Spanish | <a>American</a>", are a set
// of their own right after it).
func nestedPlace(s, p []int) bool {
	if len(s) < len(p) {
		s, p = p, s
	}
	return slices.Equal(s[:len(p)], p)
}

// othersUsed returns the slots of used but those of own: a field's own
// slots do not cut its place in two (samePlace), "<span> A & B </span>"
// before the lineup's other form.
func othersUsed(used map[int]bool, own []int) map[int]bool {
	if len(own) == 0 {
		return used
	}
	out := make(map[int]bool, len(used))
	for s, u := range used {
		if u && !slices.Contains(own, s) {
			out[s] = true
		}
	}
	return out
}
