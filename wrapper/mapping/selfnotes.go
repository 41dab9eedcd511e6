package mapping

import (
	"fmt"
)

// Self-checks (branch diag7): notes that hold for any template, read from
// the explanation of the slot choice (State.Explain) rather than from one
// symptom's markup. Each names the field and says why; none lowers the
// confidence of the field's values (not in doubtKinds: measured, a cap
// did not keep values with confidence >= 0.9 right more often).

// Kinds of the self-check notes.
const (
	// NoteMixedSlot: the field's recognizer finds its instance in only
	// part of the chosen slot's sample values: on the other pages the slot
	// holds another row, and the field's own value (if any) is elsewhere.
	NoteMixedSlot = "mixed-slot"
)

// MixedSlotShare: a chosen slot whose sample values the field's
// recognizer finds an instance in, on fewer than this share of them, is
// mixed (NoteMixedSlot). Rejecting the failing values (typed.go) empties
// the field on those pages; slots below GeneraliseThres are not chosen at
// all (typedCands).
const MixedSlotShare = 0.8

// selfNotes returns the self-check notes (see above).
func (w *State) selfNotes() []Note {
	var out []Note
	for _, fe := range w.Explain {
		f := w.fieldSpec(fe.Field)
		if f == nil || f.Tuple {
			continue
		}
		for i := range fe.Candidates {
			c := &fe.Candidates[i]
			if !c.Chosen || c.Score.Valid < 0 || c.Score.Valid >= MixedSlotShare {
				continue
			}
			out = append(out, Note{Kind: NoteMixedSlot, Field: fe.Field, Message: fmt.Sprintf(
				"field %s: its recognizer finds an instance in only %.0f%% of the sample values of its slot %d (e.g. %q): on the other pages the slot holds another row, and the field's own value, where there is one, is elsewhere or missed",
				fe.Field, 100*c.Score.Valid, c.Slot, firstSample(c))})
			break
		}
	}
	return out
}

// rivalSelfNotes: EXPERIMENT kinds xr-<bucket>-<basis>: any single
// field, a chosen slot with an untaken candidate holding other values.
func (w *State) rivalSelfNotes() []Note {
	taken := map[int]bool{}
	for _, sm := range w.SlotMaps {
		taken[sm.Slot] = true
	}
	var out []Note
	for _, fe := range w.Explain {
		f := w.fieldSpec(fe.Field)
		if f == nil || f.Tuple {
			continue
		}
		var win *CandidateExplain
		for i := range fe.Candidates {
			if c := &fe.Candidates[i]; c.Chosen && (win == nil || c.Total > win.Total) {
				win = c
			}
		}
		if win == nil || win.Total <= 0 {
			continue
		}
		best := 0.0
		for _, c := range fe.Candidates {
			if c.Chosen || taken[c.Slot] {
				continue
			}
			common, differ := compareSamples(win.Samples, c.Samples)
			if common < minCommon || float64(differ) < differShare*float64(common) {
				continue
			}
			best = max(best, c.Total/win.Total)
		}
		if best < 0.5 {
			continue
		}
		b := "50"
		switch {
		case best >= 0.9:
			b = "90"
		case best >= 0.7:
			b = "70"
		}
		lab := "nolab"
		if win.Label != "" {
			lab = "lab"
		}
		many := "one"
		if f.Many {
			many = "many"
		}
		out = append(out, Note{Kind: "xr-" + b + "-" + win.Score.Basis + "-" + lab + "-" + many, Field: fe.Field, Message: fmt.Sprintf("field %s: rival at %.2f", fe.Field, best)})
	}
	return out
}
