package mapping

// labelItems turns byLabelItem on (a switch for the tests).
var labelItems = true

// A single patterned field keyed by its row label (SlotMap.Label) whose
// row, on some pages, ExAlg left inside another slot's value: table rows
// shuffled from page to page that the template could not put in one
// order ("<tr><td>Publisher</td>…</tr><tr><td>ISBN-13</td><td>978…</td>
// </tr>" in one untyped slot). When neither its slot nor byLabel gave a
// value, the first item of any slot's value that is wholly an instance of
// the field's pattern right after the field's label is the value. The
// label (which names the field: namedLabel) and the whole instance after
// it are the evidence; a bare instance elsewhere (the ISBN-10 of another
// row) is not taken. Only for recognizers that find whole values
// (FieldSpec.delimited): the first line of an address is an instance of
// its own, not the value.

// byLabelItem finds the value of a labelled single patterned field inside
// the page's slot values (see above).
func (w *State) byLabelItem(toks []Token, r *mrec, f FieldSpec) []Value {
	if !labelItems {
		return nil
	}
	rec := w.Valid[f.Path]
	if rec == nil || !f.WholeByPattern() {
		// Only a recognizer that finds whole values: an address's first
		// line is an instance, its value goes on over the next lines.
		return nil
	}
	sm := w.labelledSlot(f.Path)
	if sm == nil {
		return nil
	}
	var out []Value
	Collect(r, -1, func(v sval) {
		if len(out) > 0 {
			return
		}
		if a, b, ok := patternItem(toks, v.A, v.B, rec, sm.Label); ok {
			if val, ok := w.value(toks, a, b, sm, f); ok {
				out = append(out, val)
			}
		}
	})
	return out
}
