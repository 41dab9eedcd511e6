package mapping

import "fmt"

// NoteLabelOnly names a dictionary field whose chosen slot was nominated
// by a label naming the field (Score.Basis "label") though none of the
// slot's sample values is an instance of the field's dictionary
// (Score.Untyped): the label is the field's only evidence ("All BMW
// Models" above a list of body styles, for a model field typed by car
// makes). A label alone nominates a slot so that a dictionary that knows
// few of the values still finds its field; knowing none of them, it no
// longer confirms the label, which may name something else. A doubt
// (doubtKinds): the values' confidence is capped.
const NoteLabelOnly = "label-only"

// labelOnlyNotes finds the dictionary fields placed by a label alone.
func (w *State) labelOnlyNotes() []Note {
	var out []Note
	for _, fe := range w.Explain {
		f := w.fieldSpec(fe.Field)
		if f == nil || f.Tuple || !f.Dictionary {
			continue
		}
		for _, c := range fe.Candidates {
			if !c.Chosen || !c.Score.Untyped || c.Score.Basis != "label" {
				continue
			}
			out = append(out, Note{Kind: NoteLabelOnly, Field: fe.Field, Message: fmt.Sprintf(
				"field %s: slot %d was chosen for its label %q alone (e.g. %q): none of its %s sample values is an instance of the field's dictionary, so the label may name something else",
				fe.Field, c.Slot, c.Label, firstSample(&c), FmtFactor(c.Score.Annotation))})
			break
		}
	}
	return out
}
