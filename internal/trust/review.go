package trust

import (
	"regexp"
	"slices"
	"strings"

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
// otherwise none. When no candidate shows true values alone, the best one
// whose first values hold a true value as whole words (holds) is taken,
// when no other field has its slot: the field then reads its own part of
// the slot's text. A drop candidate (one of the field's own slots offered
// for removal, QuestionCandidate.Drop) is chosen when none of its values
// shown is a true value (dropRight).
func AutoAnswer(qs []wrapper.Question, truth *eval.Truth) []wrapper.Pin {
	var pins []wrapper.Pin
	for _, q := range qs {
		if !slices.Contains(truth.Attributes, q.Field) {
			continue // the truth does not label the field: no answer
		}
		var pin *wrapper.Pin
		labelled, known := false, false
		for _, loose := range []bool{false, true} {
			for _, c := range q.Candidates {
				if pin != nil {
					break
				}
				if c.Drop {
					// One of the field's slots offered for removal: chosen
					// when none of its values shown is a true value.
					if !loose && dropRight(truth, q.Field, c) {
						p := c.Pin(q.Field)
						pin = &p
					}
					continue
				}
				if loose && c.TakenBy != "" {
					continue // another field's slot: its text holds that field's values too
				}
				right, judged := true, 0
				for _, s := range c.Samples {
					if p := truth.Page(s.Page); p != nil {
						known = true
						labelled = labelled || len(p.Values(q.Field)) > 0
					}
					if len(s.Values) == 0 {
						continue
					}
					switch j := truth.Judge(s.Page, q.Field, s.Values[0]); {
					case j == eval.ValueRight:
						judged++
					case j == eval.ValueWrong && loose && holds(truth, s.Page, q.Field, s.Values[0]):
						judged++
					case j == eval.ValueWrong:
						judged++
						right = false
					}
				}
				if right && judged > 0 {
					p := c.Pin(q.Field)
					pin = &p
				}
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

// dropRight reports whether the truth says drop candidate c holds none of
// field's values: one value shown at least, and none of them true.
func dropRight(truth *eval.Truth, field string, c wrapper.QuestionCandidate) bool {
	judged := 0
	for _, s := range c.Samples {
		for _, v := range s.Values {
			switch truth.Judge(s.Page, field, v) {
			case eval.ValueRight:
				return false
			case eval.ValueWrong:
				judged++
			}
		}
	}
	return judged > 0
}

// holds reports whether value holds one of field's true values on page as
// whole words ("Eastlake Books" in "£31.99, Eastlake Books (Jun 1, 2005)"):
// the second choice of AutoAnswer, a user picking the candidate whose text
// shows the value when none shows it alone.
func holds(truth *eval.Truth, page, field, value string) bool {
	p := truth.Page(page)
	if p == nil {
		return false
	}
	words := func(s string) string { return strings.Join(wordRe.FindAllString(eval.Normalize(s), -1), " ") }
	n := " " + words(value) + " "
	for _, v := range p.Values(field) {
		if t := words(v); t != "" && strings.Contains(n, " "+t+" ") {
			return true
		}
	}
	return false
}

// wordRe finds the words of a value: letters and digits, with the
// punctuation inside them ("12.50", "O'Connell").
var wordRe = regexp.MustCompile(`[\p{L}\p{N}]+(?:[.,'’][\p{L}\p{N}]+)*`)
