package mapping

// Evidence is what a value's confidence is derived from (Value.Confidence;
// docs/trust.md): what the sample said of its slot, and what the value
// itself shows. It is not written out.
type Evidence struct {
	// Share is the share of the field's types among the slot's annotated
	// sample values, Coverage the share of the slot's sample values
	// annotated with them (SlotMap.Share, SlotMap.Coverage).
	Share, Coverage float64
	// Annotated says the value holds an annotation of one of the field's
	// types; AnnotationConfidence is the highest confidence of one. Only
	// annotated pages have them (the sample, while learning): pages are
	// not annotated at extraction.
	Annotated            bool
	AnnotationConfidence float64
	// Recognizer says the field has a predefined or regex recognizer;
	// Recognized that it finds an instance in the value. Valid is the share
	// of the slot's sample values in which it found one (SlotMap.Valid).
	Recognizer, Recognized bool
	Valid                  float64
	// Labelled says the slot was chosen for a label naming the field
	// (SlotMap.Label, Row or ItemLabel).
	Labelled bool
	// Dictionary says the field is typed by a dictionary.
	Dictionary bool
	// Doubt lists the kinds of the field's doubt notes on the sample
	// (doubt.go: constant-value, partial-value, joined-items, other-type,
	// multiplicity, abstained).
	Doubt []string `json:",omitempty"`
}

// Confidence returns the confidence of a value with evidence e, in [0,1]
// and rounded to three decimals: the slot's annotation share, scaled down
// when few of the slot's sample values were annotated
// (Share × min(1, 0.5+Coverage)); a value that holds an annotation of
// its field's types gets at least that annotation's confidence and at
// least 0.9; the value of a field with a doubt note on the sample
// (Evidence.Doubt, doubt.go) gets at most DoubtConfidence
// (WeakDoubtConfidence for the weaker signals).
//
// It is a score, not a calibrated probability: docs/trust.md measures it
// (values below 0.5 are right more than 99 % of the time on the zoo's
// development seeds) and says why a calibration fitted on the evidence
// was not adopted (it was overconfident on other seeds).
func (e Evidence) Confidence() float64 {
	c := e.Share * min(1, 0.5+e.Coverage)
	if e.Annotated {
		c = max(c, e.AnnotationConfidence, 0.9)
	}
	c = min(c, doubtCap(e.Doubt)) // doubt.go
	return float64(int(c*1000+0.5)) / 1000
}

// evidence returns the slot's part of a value's evidence for field f.
func (w *State) evidence(sm *SlotMap, f FieldSpec) Evidence {
	return Evidence{Share: sm.Share, Coverage: sm.Coverage, Recognizer: w.Valid[f.Path] != nil, Valid: sm.Valid,
		Labelled: len(sm.Label) > 0 || len(sm.Row) > 0 || len(sm.ItemLabel) > 0, Dictionary: f.Dictionary,
		Doubt: w.Doubt[f.Path]}
}
