package wrapper

import (
	"fmt"
	"strings"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// abstain removes from out the slot of every single root field whose
// winning candidate is not clearly best: another candidate of the field,
// on a slot no field took, scores within closeScore of it and holds
// different values on most sample pages, and the winner is supported by
// too little evidence (weakSupport of the nPages sample pages). A well
// supported winner is kept, with a NoteAmbiguous naming the rivals: on
// the zoo's templates such ties (two number slots a loose regex types)
// were won by the right slot, and abstaining lost the field. A winner nominated by a label
// naming the field is clearly best (the label is evidence the rival
// lacks). Each abstention is recorded in w.abstained[scope] (NoteAbstained)
// with the candidates and why none won: Notes reports those of the scope
// the wrapper kept.
func (w *Wrapper) abstain(out []SlotMap, cands []mapping.Cand, stats []*mapping.SlotStats, scope, nPages int) []SlotMap {
	if w.abstained == nil {
		w.abstained = map[int][]Note{}
	}
	delete(w.abstained, scope)
	taken := map[int]bool{}
	perField := map[string]int{}
	for _, sm := range out {
		taken[sm.Slot] = true
		perField[sm.Field]++
	}
	drop := map[string]bool{}
	for fi, f := range w.fields {
		if f.Many || f.Tuple || f.Parent != "" || perField[f.Path] != 1 {
			continue
		}
		var sm *SlotMap
		for i := range out {
			if out[i].Field == f.Path {
				sm = &out[i]
			}
		}
		if sm.Label != nil || sm.Row != nil || sm.Part || sm.Item {
			continue
		}
		win := -1
		for i, c := range cands {
			if c.Field == fi && c.Slot == sm.Slot && !c.Part && c.Label == "" {
				win = i
				break
			}
		}
		if win < 0 {
			continue
		}
		wc := cands[win]
		var rivals []string
		for _, c := range cands {
			if c.Field != fi || c.Slot == wc.Slot || c.Part || taken[c.Slot] || c.Score < mapping.CloseScore*wc.Score {
				continue
			}
			common, differ := mapping.CompareFirst(stats[wc.Slot], stats[c.Slot])
			if common < mapping.MinCommon || float64(differ) < mapping.DifferShare*float64(common) {
				continue
			}
			rivals = append(rivals, fmt.Sprintf("slot %d (score %.3g, e.g. %q; values differ on %d of %d sample pages)",
				c.Slot, c.Score, mapping.Example(stats[c.Slot]), differ, common))
		}
		if len(rivals) == 0 {
			continue
		}
		if float64(wc.Cnt) >= mapping.WeakSupport*float64(nPages) {
			// Both well supported: the winner is kept (its small
			// edge is evidence), and the doubt said.
			w.abstained[scope] = append(w.abstained[scope], Note{Kind: NoteAmbiguous, Field: f.Path, Message: fmt.Sprintf(
				"field %s: slot %d (score %.3g, e.g. %q) was chosen over %s, within %.0f%% of its score: check its values",
				f.Path, wc.Slot, wc.Score, mapping.Example(stats[wc.Slot]), strings.Join(rivals, ", "), 100*(1-mapping.CloseScore))})
			continue
		}
		drop[f.Path] = true
		w.abstained[scope] = append(w.abstained[scope], Note{Kind: NoteAbstained, Field: f.Path, Message: fmt.Sprintf(
			"field %s left empty: no candidate slot is clearly best: slot %d (score %.3g, e.g. %q, supported by %d of %d sample values) against %s, within %.0f%% of its score",
			f.Path, wc.Slot, wc.Score, mapping.Example(stats[wc.Slot]), wc.Cnt, nPages, strings.Join(rivals, ", "), 100*(1-mapping.CloseScore))})
	}
	if len(drop) == 0 {
		return out
	}
	kept := out[:0]
	for _, sm := range out {
		if !drop[sm.Field] {
			kept = append(kept, sm)
		}
	}
	return kept
}
