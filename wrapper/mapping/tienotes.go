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
	}, closeScore, func(field string, win *CandidateExplain, rivals string) string {
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
	}, 1, func(field string, win *CandidateExplain, rivals string) string {
		return fmt.Sprintf("set field %s: slot %d (score %s, e.g. %q) was chosen over %s, as high a score, by a tie-break: check its values, or name the one you want with a label in the regex",
			field, win.Slot, FmtFactor(win.Total), firstSample(win), rivals)
	})
}

// tieNotes gives a NoteCloseRival for each field of the explanation that
// pick accepts whose chosen candidate (weighed by annotations, not placed
// by a label) has rivals no field took scoring ratio of its total or more
// and holding other sample values (compareSamples: differShare of two
// common pages or more); message words the note.
func (w *State) tieNotes(pick func(*FieldSpec) bool, ratio float64, message func(field string, win *CandidateExplain, rivals string) string) []Note {
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
			if c.Chosen || taken[c.Slot] || c.Total < ratio*win.Total {
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
