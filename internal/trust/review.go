package trust

import (
	"slices"

	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/wrapper"
)

// AutoAnswer is the automatic reviewer of issue 24's measurement
// (docs/review.md): it answers the wrapper's questions qs from truth, at
// most one answer per question (one question per field), none on a field
// truth does not label (truth.Attributes). The answer is
// the best-scored candidate whose first value on each of its sample
// pages that truth labels is a true value of the field there (one such
// page at least); "not on these pages" when no candidate is and truth
// labels some of the candidates' sample pages but the field on none;
// otherwise none.
func AutoAnswer(qs []wrapper.Question, truth *eval.Truth) []wrapper.Pin {
	var pins []wrapper.Pin
	for _, q := range qs {
		if !slices.Contains(truth.Attributes, q.Field) {
			continue // the truth does not label the field: no answer
		}
		var pin *wrapper.Pin
		labelled, known := false, false
		for _, c := range q.Candidates {
			right, judged := true, 0
			for _, s := range c.Samples {
				if p := truth.Page(s.Page); p != nil {
					known = true
					labelled = labelled || len(p.Values(q.Field)) > 0
				}
				if len(s.Values) == 0 {
					continue
				}
				switch truth.Judge(s.Page, q.Field, s.Values[0]) {
				case eval.ValueRight:
					judged++
				case eval.ValueWrong:
					judged++
					right = false
				}
			}
			if right && judged > 0 {
				p := c.Pin(q.Field)
				pin = &p
				break
			}
		}
		if pin == nil && known && !labelled {
			pin = &wrapper.Pin{Field: q.Field, Absent: true}
		}
		if pin != nil {
			pins = append(pins, *pin)
		}
	}
	return pins
}
