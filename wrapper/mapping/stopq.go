package mapping

import (
	"fmt"
	"slices"

	"github.com/objectrunner/objectrunner/annotate"
)

// Questions when learning stopped (issue 24). A mandatory field that got
// no slot stops the mapping (StopError), and no wrapper is learned: no
// wrapper, no questions, and a user could not say where the field is.
// The StopError of the mapping keeps what it knew (the explanation so
// far: the field's weighed candidates, its parts and the other slots
// holding varying values), and Questions asks each mandatory field
// without slot where it is, as the "no-slot" question of a learned
// wrapper does. An answer (a pin to a slot, or "not on these pages")
// lets the mapping go on: a field a pin places stops nothing
// (pinsPlacing), applyPins gives it the slot.

// Questions returns the questions of a stopped mapping: one "no-slot"
// question per mandatory field without slot, offering its candidates,
// the parts of slots holding its instances and the other slots holding
// varying values (nil when the stop is not the mapping's, or when none
// of them has a candidate to offer).
func (e *StopError) Questions() []Question {
	if e == nil {
		return nil
	}
	var qs []Question
	for _, fe := range e.explain {
		if !slices.Contains(e.ask, fe.Field) {
			continue
		}
		q := Question{Field: fe.Field, Kind: QuestionNoSlot, Why: fmt.Sprintf(
			"learning stopped: %s got no slot (%d candidate slot(s) weighed): which slot holds it?", fe.Field, len(fe.Candidates))}
		fi := IndexOf(e.fields, fe.Field)
		if fi < 0 {
			continue
		}
		parts := offeredParts(fe, e.fields[fi], e.taken)
		for _, c := range slices.Concat(fe.Candidates, parts, fe.Others) {
			if len(q.Candidates) == MaxCandidates {
				break
			}
			if len(c.Samples) == 0 || slices.ContainsFunc(q.Candidates, func(k QuestionCandidate) bool { return sameValues(k.Samples, c.Samples) }) {
				continue
			}
			qc := QuestionCandidate{CandidateExplain: c}
			if o := e.taken[c.Slot]; o != "" && o != fe.Field {
				qc.TakenBy = o
			}
			q.Candidates = append(q.Candidates, qc)
		}
		if len(q.Candidates) > 0 {
			qs = append(qs, q)
		}
	}
	return qs
}

// NameSamples gives the samples of the stop's explanation their page
// paths (State.NameSamples).
func (e *StopError) NameSamples(pages []*annotate.Page) {
	if e != nil {
		nameSamples(e.explain, pages)
	}
}

// asks is the number of fields the stop asks about (0: it asks nothing).
func (e *StopError) asks() int {
	if e == nil || len(e.explain) == 0 {
		return 0
	}
	return len(e.ask)
}

// Nearer returns whichever of stops a and b left fewer mandatory fields
// without slot (a on a tie; the one that asks when only one does): the
// mapping closest to a wrapper, whose questions are asked.
func Nearer(a, b *StopError) *StopError {
	switch {
	case a == nil:
		return b
	case b == nil || a.asks() == 0 && b.asks() == 0:
		return a
	case a.asks() == 0:
		return b
	case b.asks() == 0 || a.asks() <= b.asks():
		return a
	}
	return b
}

// pinsPlacing returns the fields an answer places in the scope being
// mapped: a pin to a slot pinSlot finds (with its piece reading
// something), or "not on these pages".
func (w *State) pinsPlacing(cands []cand, stats []*slotStats, labels [][]string, inScope func(int) (bool, int)) map[string]bool {
	placed := map[string]bool{}
	for _, p := range w.Options.Pins {
		fi := IndexOf(w.FieldSpecs, p.Field)
		if fi < 0 || p.Drop || p.Add {
			continue
		}
		if p.Absent {
			placed[p.Field] = true
			continue
		}
		slot, _ := w.pinSlot(p, fi, cands, stats, labels, inScope)
		if slot >= 0 && (p.Piece == nil || pieceFound(stats[slot], p.Piece)) {
			placed[p.Field] = true
		}
	}
	return placed
}
