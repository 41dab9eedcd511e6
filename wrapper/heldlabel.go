package wrapper

import "strings"

// A label held by the field's own slot. A field keyed by a label
// (SlotMap.Label) whose slot gives no value on a page takes the first
// value of an unmapped slot with that label right before it (byLabel: an
// optional row shifted the rows after it). But a page's label skips tags
// and punctuation, so where the field's own slot is there, right after
// its label, and empty or a placeholder of punctuation only
// ("<dt>School</dt><dd>-</dd>"), the words after it (a summary block
// after the list) read as labelled too: the field is then missing on
// the page, not shifted (emptyAfterLabel).

// emptyAfterLabel reports whether slot sm.Slot has a value on the page
// (record) r right after its label sm.Label, with no words in it.
func emptyAfterLabel(toks []token, r *mrec, sm *SlotMap) bool {
	empty := false
	collect(r, -1, func(v sval) {
		if v.slot != sm.Slot || empty {
			return
		}
		if _, a, b := valueText(toks, v.a, v.b); a >= b && labelBefore(toks, v.a, sm.Label) {
			empty = true
		}
	})
	return empty
}

// labelHeldBy reports whether label (words joined by spaces), which a
// slot's values follow on some pages, is the template label right
// before another slot than s (slotLabels) and not s's own: the label is
// that slot's row, and the words after it on s are what follows that row
// where its value is empty. Such a label does not name s.
func labelHeldBy(labels [][]string, s int, label string) bool {
	if s < len(labels) && strings.Join(labels[s], " ") == label {
		return false
	}
	for s2, l := range labels {
		if s2 != s && len(l) > 0 && strings.Join(l, " ") == label {
			return true
		}
	}
	return false
}
