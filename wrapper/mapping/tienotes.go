package mapping

import (
	"fmt"
	"strings"
)

// Close-rival notes (doubt.go's NoteAmbiguous kind) for the fields
// abstain.go does not weigh: nested single fields and a detail page's
// root set fields. Split from trustnotes.go.

// nestedTieNotes gives the close-rival note, abstain.go's ambiguous one, for nested single
// fields: the chosen candidate (the best of the field's chosen ones,
// weighed, not placed by a label or rule) has a rival no field took whose
// total is within closeScore of its own and whose sample values differ
// from its on at least differShare of the sample pages both show (two at
// least).
func (w *State) nestedTieNotes() []Note {
	return w.tieNotes(func(f *FieldSpec) bool {
		return f.Parent != "" && !f.Many && !f.Tuple && w.singleChain(f)
	}, closeScore, nil, func(field string, win *CandidateExplain, rivals string) string {
		return fmt.Sprintf("field %s: slot %d (score %s, e.g. %q) was chosen over %s, within %.0f%% of its score: check its values",
			field, win.Slot, FmtFactor(win.Total), firstSample(win), rivals, 100*(1-closeScore))
	})
}

// setTieNotes gives the close-rival note for a detail page's root set
// field whose chosen slot (weighed by annotations, not placed by a label)
// has a rival no field took with as high a score, whose sample values
// differ from the winner's on at least differShare of the sample pages
// both show (two at least): the place was decided by a tie-break (the
// slot nearer the object's single fields, detailPlaces), not by evidence.
// Two sibling prices, "MSRP: $36,200" and "Invoice: $33,305", both
// annotated on every page, gave `price = "*"` the invoice only, at
// confidence 1 (a real car site, issue 20). Only an exact tie: a set's
// sidebar look-alikes score within closeScore of the object's own list
// often enough (the single fields' rule would flag them).
func (w *State) setTieNotes() []Note {
	if w.Records != nil || w.Scope >= 0 || (w.Mult != "1" && w.Mult != "?") {
		return nil
	}
	return w.tieNotes(func(f *FieldSpec) bool {
		return f.Parent == "" && f.Many && !f.Tuple
	}, 1, nil, func(field string, win *CandidateExplain, rivals string) string {
		return fmt.Sprintf("set field %s: slot %d (score %s, e.g. %q) was chosen over %s, as high a score, by a tie-break: check its values, or name the one you want with a label in the regex",
			field, win.Slot, FmtFactor(win.Total), firstSample(win), rivals)
	})
}

// tieNotes gives a NoteCloseRival for each field of the explanation that
// pick accepts whose chosen candidate (weighed by annotations, not placed
// by a label) has rivals no field took scoring ratio of its total or more
// and holding other sample values (compareSamples: differShare of two
// common pages or more) and that rival accepts (nil: all); message words
// the note.
func (w *State) tieNotes(pick func(*FieldSpec) bool, ratio float64, rival func(win, c *CandidateExplain) bool, message func(field string, win *CandidateExplain, rivals string) string) []Note {
	taken := map[int]bool{}
	for _, sm := range w.SlotMaps {
		taken[sm.Slot] = true
	}
	var out []Note
	for _, fe := range w.Explain {
		f := w.fieldSpec(fe.Field)
		if f == nil || !pick(f) {
			continue
		}
		win := fe.winner()
		if win == nil || win.Score.Basis != "annotations" || win.Label != "" {
			continue
		}
		var rivals []string
		for _, c := range fe.Candidates {
			if c.Chosen || taken[c.Slot] || c.Total < ratio*win.Total || (rival != nil && !rival(win, &c)) {
				continue
			}
			common, differ := compareSamples(win.Samples, c.Samples)
			if common < minCommon || float64(differ) < differShare*float64(common) {
				continue
			}
			rivals = append(rivals, fmt.Sprintf("slot %d (score %s, e.g. %q)", c.Slot, FmtFactor(c.Total), firstSample(&c)))
		}
		if len(rivals) > 0 {
			out = append(out, Note{Kind: NoteCloseRival, Field: fe.Field, Message: message(fe.Field, win, strings.Join(rivals, ", "))})
		}
	}
	return out
}

// patternRival: a patterned single field's rival within this ratio of the
// winner's score is a real alternative (see patternTieNotes).
const patternRival = 0.75

// patternTieNotes gives the close-rival note, on detail pages, for a
// single field typed by a pattern that delimits its instances (a regex, a
// phone, a date: FieldSpec.Delimited), root or nested, whose chosen candidate (weighed by annotations, not
// placed by a label) has a rival no field took, inside the object's
// region and as valid, scoring patternRival of its total or more and
// holding other sample values. A pattern's annotations do not depend on
// a dictionary's coverage, so a rival slot annotated on nearly as many
// pages is another row holding the same kind of value: measured on dev
// zoo seeds 16300-16799, a phone read from the "Fax:" row on the pages
// that have one (13 sample pages against 11 for the phone's own
// unlabelled row, and 16 against 14.3), at confidence 1 with no
// diagnostic, while closeScore (10 %) let both through. Not postal
// addresses (a partial recognizer): on seeds 1-100 three right addresses
// had such a rival (a street line, a sidebar's).
func (w *State) patternTieNotes() []Note {
	if w.Records != nil || w.Scope >= 0 {
		return nil // detail pages only: a list's records are weighed by rules of their own
	}
	return w.tieNotes(func(f *FieldSpec) bool {
		return !f.Many && !f.Tuple && f.Delimited() && w.singleChain(f)
	}, patternRival, func(win, c *CandidateExplain) bool {
		return c.Score.Basis == "annotations" && !c.Outside && c.Score.Valid >= win.Score.Valid && c.Score.Locality >= win.Score.Locality
	}, func(field string, win *CandidateExplain, rivals string) string {
		return fmt.Sprintf("field %s: slot %d (score %s, e.g. %q) was chosen over %s, which holds other instances of the field's type on the sample pages, nearly as often (%.0f%% of its score or more): one of them may be another row's value (a fax beside a phone): check its values",
			field, win.Slot, FmtFactor(win.Total), firstSample(win), rivals, 100*patternRival)
	})
}
