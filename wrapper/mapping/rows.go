package mapping

import (
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// rowLabelAt returns, for the text node holding word token x, the label
// right before it (pageLabel) and the token of the label's last word when
// that token lies in [a, x); y is -1 otherwise.
func rowLabelAt(toks []Token, a, x int) (label []string, y int) {
	n := toks[x].Node
	for x > a && toks[x-1].Kind == KindWord && toks[x-1].Node == n {
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

// otherRows reports whether [a, b) holds another label than the one
// ending at token y, whose row's value is [x, end): a word at the label's
// DOM path outside that row.
func otherRows(toks []Token, y, x, end, a, b int) bool {
	for z := a; z < b; z++ {
		if (z < y || z >= end) && toks[z].Kind == KindWord && toks[z].Path == toks[y].Path && toks[z].Node != toks[y].Node && toks[z].Node != toks[x].Node {
			return true
		}
	}
	return false
}

// LearnRows sets SlotMap.Row and RowSlots (see above) for single fields
// (of the root or of a single nested tuple) whose label is the same on at
// least GeneraliseThres of the sample pages (records) where their
// instances follow a label inside a slot's value that holds another row
// (otherRows), and at least two, and whose own slot is one of those.
func (w *State) LearnRows(pages [][]Token) {
	for i := range w.SlotMaps {
		sm := &w.SlotMaps[i]
		f := w.fieldSpec(sm.Field)
		if f == nil || f.Many || f.Tuple || (f.Parent != "" && !nestedSingle(w.FieldSpecs, *f)) || sm.Label != nil || w.rowMap(sm.Field) != nil || sm.Item {
			// A field read from item slots (SlotMap.Item) takes its
			// pattern's instance after its label already.
			continue
		}
		pagesBy := map[string]int{}
		slotsBy := map[string][]int{}
		seen := 0
		for _, toks := range pages {
			root, fit := w.matchRoot(toks)
			if !fit {
				continue
			}
			here := map[string]bool{}
			Collect(root, -1, func(v sval) {
				for x := v.A; x < v.B; x++ {
					if toks[x].Kind != KindWord || !anyOf(toks[x].AnnTypes(), f.Types) {
						continue
					}
					label, y := rowLabelAt(toks, v.A, x)
					if y < 0 || !otherRows(toks, y, x, rowEnd(toks, y, x, v.B), v.A, v.B) {
						continue
					}
					k := strings.Join(label, " ")
					here[k] = true
					if !slices.Contains(slotsBy[k], v.Slot) {
						slotsBy[k] = append(slotsBy[k], v.Slot)
					}
				}
			})
			if len(here) > 0 {
				seen++
			}
			for k := range here {
				pagesBy[k]++
			}
		}
		best, bestN := "", 0
		for k, n := range pagesBy {
			if n > bestN || (n == bestN && k < best) {
				best, bestN = k, n
			}
		}
		if bestN < 2 || float64(bestN) < w.Options.GeneraliseThres*float64(seen) || !slices.Contains(slotsBy[best], sm.Slot) {
			continue
		}
		sm.Row = strings.Fields(best)
		sm.RowSlots = slotsBy[best]
		slices.Sort(sm.RowSlots)
	}
}

// rowMap returns the slot mapping of field path read by its row label
// (SlotMap.Row), nil when none.
func (w *State) rowMap(path string) *SlotMap {
	for i := range w.SlotMaps {
		if sm := &w.SlotMaps[i]; sm.Field == path && sm.Row != nil {
			return sm
		}
	}
	return nil
}

// rowValue finds the value of field f after its row label (SlotMap.Row)
// in the values of r's slots of sm.RowSlots (not inside iterations of set
// skip): the first such row gives it.
func (w *State) rowValue(toks []Token, r *mrec, skip int, sm *SlotMap, f FieldSpec) (Value, bool) {
	var out Value
	found := false
	Collect(r, skip, func(v sval) {
		if found || !slices.Contains(sm.RowSlots, v.Slot) {
			return
		}
		for x := v.A; x < v.B && !found; x++ {
			if toks[x].Kind != KindWord || (x > v.A && toks[x-1].Kind == KindWord && toks[x-1].Node == toks[x].Node) {
				continue // not the first word of a text node
			}
			label, y := rowLabelAt(toks, v.A, x)
			if y < 0 || !slices.Equal(label, sm.Row) {
				continue
			}
			a, b := x, rowEnd(toks, y, x, v.B)
			if sm.Cut != nil {
				// The sample's instances fill one segment of the slot
				// (SlotMap.Cut): in the row, the one of their shape, or
				// the first, where the instance starts.
				if sg := segments(toks, a, b); len(sg) > 0 {
					i := max(w.pickSegment(toks, sg, sm.Slot), 0)
					a, b = sg[i][0], sg[i][1]
				}
			}
			if val, ok := w.value(toks, a, b, sm, f); ok {
				out, found = val, true
			}
		}
	})
	return out, found
}
