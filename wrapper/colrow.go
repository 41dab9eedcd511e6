package wrapper

import (
	"strings"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
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
func columnRow(toks []mapping.Token, a int) (mapping.RowOf, bool) {
	n := toks[a].Node
	var cell *html.Node
	for ; n != nil; n = n.Parent {
		if n.Type == html.ElementNode && (n.DataAtom == atom.Td || n.DataAtom == atom.Th) {
			cell = n
			break
		}
		if n.Type == html.ElementNode && n.DataAtom == atom.Table {
			return mapping.RowOf{}, false
		}
	}
	if cell == nil || cell.Parent == nil || cell.Parent.DataAtom != atom.Tr {
		return mapping.RowOf{}, false
	}
	tr := cell.Parent
	idx, ok := mapping.CellIndex(tr, cell)
	if !ok {
		return mapping.RowOf{}, false
	}
	head := mapping.HeaderRow(tr)
	if head == nil || head == tr {
		return mapping.RowOf{}, false
	}
	k := 0
	for c := head.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || (c.DataAtom != atom.Th && c.DataAtom != atom.Td) {
			continue
		}
		if mapping.Spans(c) {
			return mapping.RowOf{}, false
		}
		if k == idx {
			ws := mapping.LabelWords(nodeText(c))
			if len(ws) == 0 || len(ws) > 4 {
				return mapping.RowOf{}, false
			}
			return mapping.RowOf{Label: strings.Join(ws, " "), Row: cell}, true
		}
		k++
	}
	return mapping.RowOf{}, false
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
