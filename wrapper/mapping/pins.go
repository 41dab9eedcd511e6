package mapping

import (
	"fmt"
	"strings"
)

// Pins: a user's answers to the wrapper's questions (review.go), honoured
// by induction. A pin says which slot holds a field (Slot, with the slot's
// Context to recognise it when the template is learned again), that the
// field is not on these pages (Absent), or gives one example value of the
// field on one page (Example@Page): the field is then the slot whose value
// on that page is the example. Pins are given to Induce in Options.Pins
// and saved in the wrapper file ("pins"), so a saved wrapper keeps them.
//
// A pin overrides the score: mapSlots weighs the candidates as usual,
// then gives a pinned field its slot (taking it from any field that had
// it) or removes it (Absent). A pin that matches no slot of the template
// learned (the slot is gone: a new template, another site) is not
// ignored: it gives a NotePin note, a diagnostic of the run.

// Pin is one answer.
type Pin struct {
	Field string `json:"field"`
	// Slot is the slot chosen for Field (when neither Absent nor Example).
	Slot int `json:"slot,omitempty"`
	// Context is the template text right before the slot when the
	// answer was given (CandidateExplain.Context): a slot whose number
	// is the same but whose context differs is another slot.
	Context string `json:"context,omitempty"`
	// Label is the page label that keys the slot's values when the slot
	// holds rows of several kinds (CandidateExplain.Label).
	Label string `json:"label,omitempty"`
	// Absent: the field is not on these pages.
	Absent bool `json:"absent,omitempty"`
	// Example and Page: the field's value on the sample page Page (its
	// path relative to the source, or its base name).
	Example string `json:"example,omitempty"`
	Page    string `json:"page,omitempty"`
	// Records, on a list source, names the record segmentation chosen
	// (records.RecordAlternative.At), with no Field (recordq.go).
	Records string `json:"records,omitempty"`

	// page is the index among the sample pages of Page (-1: not in the
	// sample), set by Induce.
	PageIndex int `json:"-"`
}

// String prints the pin as an answer.
func (p Pin) String() string {
	switch {
	case p.Records != "":
		return "records: at " + p.Records
	case p.Absent:
		return p.Field + ": not on these pages"
	case p.Example != "":
		return fmt.Sprintf("%s = %q on %s", p.Field, p.Example, p.Page)
	}
	s := fmt.Sprintf("%s: slot %d", p.Field, p.Slot)
	if p.Context != "" {
		s += fmt.Sprintf(" (after %q)", p.Context)
	}
	if p.Label != "" {
		s += fmt.Sprintf(" label %q", p.Label)
	}
	return s
}

// Check reports an answer that names no field or says two things.
func (p Pin) Check() error {
	if p.Records != "" {
		return p.checkRecords() // recordq.go
	}
	if p.Field == "" {
		return fmt.Errorf("no field")
	}
	n := 0
	if p.Absent {
		n++
	}
	if p.Example != "" || p.Page != "" {
		if p.Example == "" || p.Page == "" {
			return fmt.Errorf("field %s: an example needs both example and page", p.Field)
		}
		n++
	}
	if n > 1 {
		return fmt.Errorf("field %s: absent and example at once", p.Field)
	}
	if n == 0 && p.Slot < 0 {
		return fmt.Errorf("field %s: slot %d is negative", p.Field, p.Slot)
	}
	return nil
}

// OnPage reports whether one of the slot's values on sample page page
// (pageOf maps a stats index to its page) is want (spaces normalised).
func (st *SlotStats) OnPage(pageOf func(int) int, page int, want string) bool {
	for i, vs := range st.PageVals {
		if pageOf(i) != page {
			continue
		}
		for _, v := range vs {
			if NormSpace(v) == want {
				return true
			}
		}
	}
	return false
}

// NormSpace trims s and folds its runs of white space to one space.
func NormSpace(s string) string { return strings.Join(strings.Fields(s), " ") }
