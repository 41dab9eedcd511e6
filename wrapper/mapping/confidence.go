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
	// Rival is the field's rival term (rival.go): the share of the score
	// its chosen slot holds against a better-scored candidate slot that
	// another field took; 0 when there is none.
	Rival float64 `json:",omitempty"`
	// Complete is, for a field whose predefined recognizer is partial
	// (addresses: recognizers.Info.Partial), the recognizer's confidence
	// in the longest instance it finds in the value, which says how
	// complete the instance is (0.95 for street, city, state and zip,
	// 0.75 for a street line alone); 0 for other fields.
	Complete float64 `json:",omitempty"`
}

// Confidence returns the confidence of a value with evidence e, in [0,1]
// and rounded to three decimals: the product of named terms, each
// standing for a cause of wrong values measured on the zoo and the real
// dev sites (docs/trust.md, "Confidence"), under the ceiling of the
// field's doubt notes:
//
//		confidence = min(SlotTerm × RivalTerm, DoubtCeiling, CompleteCeiling)
//
//	  - SlotTerm: the slot's annotation share, scaled down when few of its
//	    sample values were annotated (Share × min(1, 0.5+Coverage)); a value
//	    holding an annotation of its field's types (on an annotated page)
//	    gets at least that annotation's confidence and at least 0.9.
//	  - RivalTerm: 1, or the field's rival term (Evidence.Rival, rival.go)
//	    when another field took a candidate slot the field's score
//	    preferred.
//	  - DoubtCeiling: 1, or DoubtConfidence (WeakDoubtConfidence for the
//	    weaker signals) when the field has a doubt note on the sample
//	    (Evidence.Doubt, doubt.go).
//	  - CompleteCeiling: 1, or, for a field of a partial recognizer
//	    (addresses), the recognizer's confidence in the value's longest
//	    instance (Evidence.Complete): a street line without its city
//	    line is an incomplete address, most often one whose other line
//	    the slot does not hold (docs/trust.md, "Confidence (branch
//	    conf6)").
//
// SlotTerm is a score, not a calibrated probability (values below 0.5 are
// right far more often than half the time: docs/trust.md); the other two
// lower it where the measured precision is low.
func (e Evidence) Confidence() float64 {
	c := e.SlotTerm() * e.RivalTerm()
	c = min(c, e.DoubtCeiling(), e.CompleteCeiling())
	return float64(int(c*1000+0.5)) / 1000
}

// SlotTerm is the slot's part of a value's confidence (Confidence).
func (e Evidence) SlotTerm() float64 {
	c := e.Share * min(1, 0.5+e.Coverage)
	if e.Annotated {
		c = max(c, e.AnnotationConfidence, 0.9)
	}
	return c
}

// RivalTerm is the rival's part of a value's confidence (Confidence,
// rival.go): 1 without a rival.
func (e Evidence) RivalTerm() float64 {
	if e.Rival <= 0 {
		return 1
	}
	return e.Rival
}

// CompleteCeiling is the highest confidence the completeness of a partial
// recognizer's instance in the value allows (Confidence): 1 when not
// measured.
func (e Evidence) CompleteCeiling() float64 {
	if e.Complete <= 0 {
		return 1
	}
	return min(1, e.Complete)
}

// DoubtCeiling is the highest confidence the field's doubt notes allow
// (Confidence, doubt.go): 1 without any.
func (e Evidence) DoubtCeiling() float64 { return doubtCap(e.Doubt) }

// evidence returns the slot's part of a value's evidence for field f.
func (w *State) evidence(sm *SlotMap, f FieldSpec) Evidence {
	return Evidence{Share: sm.Share, Coverage: sm.Coverage, Recognizer: w.Valid[f.Path] != nil, Valid: sm.Valid,
		Labelled: len(sm.Label) > 0 || len(sm.Row) > 0 || len(sm.ItemLabel) > 0, Dictionary: f.Dictionary,
		Doubt: w.Doubt[f.Path], Rival: w.Rival[f.Path]}
}
