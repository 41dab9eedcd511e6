package mapping

import (
	"fmt"
	"sort"
	"strings"
)

// Abstention (issue 20: abstain rather than guess). A single field whose
// chosen slot won by a hair over another candidate slot holding other
// values is left without slot: the wrapper cannot tell which is the
// field's, and an empty field with a diagnostic is worth more than a
// value that is wrong on every page.
const (
	// closeScore: a rival within this ratio of the winner's score is as
	// good as the winner.
	closeScore = 0.9
	// differShare: the rival's values differ from the winner's on at
	// least this share of the sample pages where both have one.
	differShare = 0.5
	// minCommon: pages where both slots have a value, for their values
	// to be compared.
	minCommon = 2
	// weakSupport: a winner whose field's instances are counted on fewer
	// than this share of the sample pages is supported by too little
	// evidence to be taken over a close rival.
	weakSupport = 0.5
)

// compareFirst compares two slots' first values page by page: common is
// the number of sample pages where both have one, differ those where
// they differ.
func compareFirst(a, b *slotStats) (common, differ int) {
	for p, va := range a.FirstVal {
		vb, ok := b.FirstVal[p]
		if !ok {
			continue
		}
		common++
		if va != vb {
			differ++
		}
	}
	return common, differ
}

// Example is one of the slot's sample values: the first one of the
// lowest-numbered page.
func Example(st *slotStats) string {
	pages := make([]int, 0, len(st.FirstVal))
	for p := range st.FirstVal {
		pages = append(pages, p)
	}
	if len(pages) == 0 {
		return ""
	}
	sort.Ints(pages)
	v := st.FirstVal[pages[0]]
	if len(v) > 40 {
		v = v[:40] + "…"
	}
	return v
}

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
func (w *State) abstain(out []SlotMap, cands []cand, stats []*slotStats, scope, nPages int) []SlotMap {
	if w.Abstained == nil {
		w.Abstained = map[int][]Note{}
	}
	delete(w.Abstained, scope)
	taken := map[int]bool{}
	perField := map[string]int{}
	for _, sm := range out {
		taken[sm.Slot] = true
		perField[sm.Field]++
	}
	drop := map[string]bool{}
	for fi, f := range w.FieldSpecs {
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
		others := singleSlots(w.FieldSpecs, out, f.Path)
		for _, c := range cands {
			if c.Field != fi || c.Slot == wc.Slot || c.Part || taken[c.Slot] || c.Score < closeScore*wc.Score {
				continue
			}
			if scope < 0 && (w.Mult == "1" || w.Mult == "?") && !f.Patterned() && copiesAny(stats, c.Slot, others, w.Options.GeneraliseThres) {
				continue // another field's value repeated (copytaken.go)
			}
			common, differ := compareFirst(stats[wc.Slot], stats[c.Slot])
			if common < minCommon || float64(differ) < differShare*float64(common) {
				continue
			}
			rivals = append(rivals, fmt.Sprintf("slot %d (score %.3g, e.g. %q; values differ on %d of %d sample pages)",
				c.Slot, c.Score, Example(stats[c.Slot]), differ, common))
		}
		if len(rivals) == 0 {
			continue
		}
		if float64(wc.Cnt) >= weakSupport*float64(nPages) {
			// Both well supported: the winner is kept (its small
			// edge is evidence), and the doubt said.
			w.Abstained[scope] = append(w.Abstained[scope], Note{Kind: NoteAmbiguous, Field: f.Path, Message: fmt.Sprintf(
				"field %s: slot %d (score %.3g, e.g. %q) was chosen over %s, within %.0f%% of its score: check its values",
				f.Path, wc.Slot, wc.Score, Example(stats[wc.Slot]), strings.Join(rivals, ", "), 100*(1-closeScore))})
			continue
		}
		drop[f.Path] = true
		w.Abstained[scope] = append(w.Abstained[scope], Note{Kind: NoteAbstained, Field: f.Path, Message: fmt.Sprintf(
			"field %s left empty: no candidate slot is clearly best: slot %d (score %.3g, e.g. %q, supported by %d of %d sample values) against %s, within %.0f%% of its score",
			f.Path, wc.Slot, wc.Score, Example(stats[wc.Slot]), wc.Cnt, nPages, strings.Join(rivals, ", "), 100*(1-closeScore))})
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
