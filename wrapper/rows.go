package wrapper

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
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// learnRows sets SlotMap.Row and RowSlots (see above) for single fields
// (of the root or of a single nested tuple) whose label is the same on at
// least GeneraliseThres of the sample pages (records) where their
// instances follow a label inside a slot's value that holds another row
// (otherRows), and at least two, and whose own slot is one of those.
func (w *Wrapper) learnRows(pages [][]mapping.Token) {
	for i := range w.slots {
		sm := &w.slots[i]
		f := w.fieldSpec(sm.Field)
		if f == nil || f.Many || f.Tuple || (f.Parent != "" && !mapping.NestedSingle(w.fields, *f)) || sm.Label != nil || w.rowMap(sm.Field) != nil || sm.Item {
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
			mapping.Collect(root, -1, func(v mapping.Sval) {
				for x := v.A; x < v.B; x++ {
					if toks[x].Kind != KindWord || !mapping.AnyOf(toks[x].AnnTypes(), f.Types) {
						continue
					}
					label, y := mapping.RowLabelAt(toks, v.A, x)
					if y < 0 || !mapping.OtherRows(toks, y, x, mapping.RowEnd(toks, y, x, v.B), v.A, v.B) {
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
		if bestN < 2 || float64(bestN) < w.opt.GeneraliseThres*float64(seen) || !slices.Contains(slotsBy[best], sm.Slot) {
			continue
		}
		sm.Row = strings.Fields(best)
		sm.RowSlots = slotsBy[best]
		slices.Sort(sm.RowSlots)
	}
}

// rowMap returns the slot mapping of field path read by its row label
// (SlotMap.Row), nil when none.
func (w *Wrapper) rowMap(path string) *SlotMap {
	for i := range w.slots {
		if sm := &w.slots[i]; sm.Field == path && sm.Row != nil {
			return sm
		}
	}
	return nil
}

// rowValue finds the value of field f after its row label (SlotMap.Row)
// in the values of r's slots of sm.RowSlots (not inside iterations of set
// skip): the first such row gives it.
func (w *Wrapper) rowValue(toks []mapping.Token, r *mapping.Mrec, skip int, sm *SlotMap, f FieldSpec) (Value, bool) {
	var out Value
	found := false
	mapping.Collect(r, skip, func(v mapping.Sval) {
		if found || !slices.Contains(sm.RowSlots, v.Slot) {
			return
		}
		for x := v.A; x < v.B && !found; x++ {
			if toks[x].Kind != KindWord || (x > v.A && toks[x-1].Kind == KindWord && toks[x-1].Node == toks[x].Node) {
				continue // not the first word of a text node
			}
			label, y := mapping.RowLabelAt(toks, v.A, x)
			if y < 0 || !slices.Equal(label, sm.Row) {
				continue
			}
			a, b := x, mapping.RowEnd(toks, y, x, v.B)
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
