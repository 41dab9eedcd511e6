package mapping

import "strings"

// Another row's label (part of the Label factor, score.go).
//
// On a detail page a label-value row belongs to its label. When a label
// that is, as a whole, a single field's name ("Number" for number)
// nominated one of the field's candidate slots, the field's own row is on
// the page; a candidate whose template label is a label that names
// neither the field nor its kind ("Years pro" before a one- or two-digit
// number) is another row's value, whatever its recognizer finds there.
// The Label factor already weighs ×0.5 a slot whose label names another
// field; otherRowLabel extends that to any other row label once the
// field's own row is known. Without it a number field with a loose regex
// ("\b\d{1,2}\b") took the years-pro row, whose values are whole numbers,
// over the "Number" row, whose values hold the number beside the
// position ("15 Center": half the annotations' weight), and wrote a wrong
// number on every page with no diagnostic.
//
// A label that names the field only by a stem ("List price" for price)
// does not count as the field's own row: a stem is shared by look-alikes
// (a list price beside the price).

// otherRowLabel applies the ×0.5 to the candidates of root single fields
// on a detail page (see the file comment); labels are the slots' template
// labels (slotLabels). Rule candidates keep their value.
func otherRowLabel(fields []FieldSpec, cands []cand, labels [][]string) {
	own := map[int]bool{}
	for _, c := range cands {
		f := fields[c.Field]
		if c.Label != "" && f.Parent == "" && !f.Many && !f.Tuple && labelAffinity(strings.Fields(c.Label), f) == affinityWhole {
			own[c.Field] = true
		}
	}
	for i := range cands {
		c := &cands[i]
		if !own[c.Field] || c.Label != "" || c.Sc.Basis == "rule" || c.Part || c.Sc.Label != 1 {
			continue
		}
		lab := labels[c.Slot]
		if len(lab) == 0 || labelAffinity(lab, fields[c.Field]) > affinityNone {
			continue
		}
		c.Sc.Label = otherRowFactor
		c.Score *= otherRowFactor
	}
}

// otherRowFactor is the Label factor of another row's slot: the ×0.5 of a
// label naming another field.
const otherRowFactor = 0.5
