package mapping

import (
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// CellIndex returns the position of cell among the cells of row tr; ok is
// false when a cell before it (or it) spans columns.
func CellIndex(tr, cell *html.Node) (int, bool) {
	k := 0
	for c := tr.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || (c.DataAtom != atom.Th && c.DataAtom != atom.Td) {
			continue
		}
		if Spans(c) {
			return 0, false
		}
		if c == cell {
			return k, true
		}
		k++
	}
	return 0, false
}

// Spans reports whether a cell spans several columns.
func Spans(c *html.Node) bool {
	for _, at := range c.Attr {
		if at.Key == "colspan" && strings.TrimSpace(at.Val) != "1" {
			return true
		}
	}
	return false
}

// HeaderRow returns the header row of the table holding row tr: the first
// row of its <thead>, or else its first row when every cell of it is a
// <th>; nil when it has none.
func HeaderRow(tr *html.Node) *html.Node {
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

// OthersUsed returns the slots of used but those of own: a field's own
// slots do not cut its place in two (samePlace), "<span> A & B </span>"
// before the lineup's other form.
func OthersUsed(used map[int]bool, own []int) map[int]bool {
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
