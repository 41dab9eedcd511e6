package mapping

// Kept by the issue 21 ablation (zoo seeds 1-100, 15000-15149): an
// extraction-time rule, page by page, after the score chose the slots;
// off, s15110 publisher_name falls from 1.00 to 0.98.

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
func emptyAfterLabel(toks []Token, r *mrec, sm *SlotMap) bool {
	empty := false
	Collect(r, -1, func(v sval) {
		if v.Slot != sm.Slot || empty {
			return
		}
		if _, a, b := ValueText(toks, v.A, v.B); a >= b && labelBefore(toks, v.A, sm.Label) {
			empty = true
		}
	})
	return empty
}
