package mapping

// Labels of a row whose text node holds several fields' slots.
//
// A labelled row's value node may hold two fields, one optional
// ("Published by: North Fork Press (1 December 2007)" and "Published by:
// (12 May 2002)"): ExAlg gives each its slot in the one text node. When
// the mapping gives the second field the row's label (SlotMap.Label, from
// the pages where the first field is missing), the label is not right
// before its value on the pages that have the first field: the first
// field's words are. The label is then looked for before the value's text
// node (labelBeforeNode). Conversely, a field read by its label from
// another field's slot (byLabel) takes no value that is wholly an instance
// of the pattern of a field mapped to that slot (otherInstance): the
// date alone in the row is the date's, not the publisher's.

// labelBeforeNode reports whether label is right before the value at x,
// or, when x is inside a text node (words of the same node before it),
// right before that node's first word.
func labelBeforeNode(toks []Token, x int, label []string) bool {
	if labelBefore(toks, x, label) {
		return true
	}
	if x <= 0 || x >= len(toks) || toks[x].Kind != KindWord || toks[x].Node() == nil {
		return false
	}
	n := toks[x].Node()
	y := x
	for y > 0 && toks[y-1].Node() == n {
		y--
	}
	return y < x && labelBefore(toks, y, label)
}

// otherInstance reports whether txt, a value of slot read for field f, is
// wholly an instance of the pattern of another field mapped to the slot
// that f has not.
func (w *State) otherInstance(slot int, f FieldSpec, txt string) bool {
	for _, x := range w.bySlot[slot] {
		if x.Field == f.Path {
			continue
		}
		g := w.fieldSpec(x.Field)
		r := w.Valid[x.Field]
		if g == nil || r == nil || samePattern(*g, f) {
			continue
		}
		if wholeInstance(r, txt) {
			return true
		}
	}
	return false
}
