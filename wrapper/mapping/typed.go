package mapping

import (
	"github.com/objectrunner/objectrunner/recognizers"
)

// Rejection is a value the wrapper read for a field and did not write
// because it fails the field's own type (issue 20: values agree with their
// types): Object.Rejected lists them, the run report counts them.
type Rejection struct {
	// Field is the dotted field path ("where.phone" for a nested field).
	Field string `json:"field"`
	// Text is the value as it was read.
	Text string `json:"text"`
	// Reason says why it was not written.
	Reason string `json:"reason"`
}

// Recognized reports whether r finds an instance in txt. A search that
// cannot complete (a regex timeout) keeps the value, as validate does.
func Recognized(r recognizers.Recognizer, txt string) bool {
	_, ok := ValidateValue(r, txt) // a regex's "value" group is an instance too
	return ok
}

// MostlyValid is the least share of a candidate slot's sample values in
// which a delimited field's recognizer must find an instance for the slot
// to be the field's (typedCands).
const MostlyValid = 0.5

// TypedShare is the share of a slot's sample values that are instances of
// r, as a value extracted from the slot is judged (validateValue: a
// regex's "value" group is an instance too).
func TypedShare(st *SlotStats, r recognizers.Recognizer) float64 {
	return shareBy(st, r, ValidateValue)
}
