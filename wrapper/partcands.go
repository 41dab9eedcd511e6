package wrapper

// A single patterned field written in one node with another single field
// ("37 Goalie" for a jersey number and a position, "66 Left Wing") is, in
// most of those values, a minority of the words: its annotations touch
// every value of the slot but cover half of the words in few, so the slot
// is no candidate of its (mapSlots counts values mainly annotated), the
// other field takes it, and the field takes whatever weak slot of its own
// is left (a "Round 2" row, its one-digit values nearly constant) instead
// of sharing (learnParts). Part candidates (cand.part) give such a field
// the slot's evidence for sharing only: a slot where its instances touch
// GeneraliseThres of the values (and minCnt) is never mapped to it
// directly, but once another single field has it and the values hold both
// instances side by side (sharesTaken), the field waits for its part
// there, as when its own candidate slot is taken. A part candidate
// weighs partWeight of a candidate counted on whole values.

import (
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// partCands returns the part candidates of the single patterned fields of
// the root: slots in scope, outside sets below the scope (depth 0), where
// none of the field's candidates (has: field -> slots) is, whose values the
// field's types touch (slotStats.some) in minCnt and GeneraliseThres of
// them.
func partCands(w *Wrapper, stats []*mapping.SlotStats, valid map[string]bool, has map[int]map[int]bool, minCnt int, inScope func(int) (bool, int)) []mapping.Cand {
	var out []mapping.Cand
	for fi, f := range w.fields {
		if f.Tuple || f.Many || f.Parent != "" || !valid[f.Path] {
			continue
		}
		for s, st := range stats {
			if st.Occ == 0 || has[fi][s] {
				continue
			}
			if ok, depth := inScope(s); !ok || depth > 0 {
				continue
			}
			n := 0
			for _, t := range f.Types {
				n = max(n, st.Some[t])
			}
			if n < minCnt || float64(n) < w.opt.GeneraliseThres*float64(st.Occ) {
				continue
			}
			share := float64(n) / float64(st.Occ)
			score := mapping.PartWeight * float64(n) * share * st.Variation()
			out = append(out, mapping.Cand{Field: fi, Slot: s, Cnt: n, Share: share, Cov: share, Score: score, Part: true, Sc: mapping.RuleScore("part", score)})
		}
	}
	return out
}

// withPartCands adds the part candidates (partCands) to cands.
func withPartCands(w *Wrapper, cands []mapping.Cand, stats []*mapping.SlotStats, valid map[string]bool, minCnt int, inScope func(int) (bool, int)) []mapping.Cand {
	has := map[int]map[int]bool{}
	for _, c := range cands {
		if has[c.Field] == nil {
			has[c.Field] = map[int]bool{}
		}
		has[c.Field][c.Slot] = true
	}
	return append(cands, partCands(w, stats, valid, has, minCnt, inScope)...)
}

// waitParts marks as waiting for their part (learnParts) the fields of the
// part candidates met so far (pending) on slot s, just taken by another
// field (the last of out), when the slot's values hold both instances
// side by side (sharesTaken).
func waitParts(w *Wrapper, out []SlotMap, pending []mapping.Cand, s int, stats []*mapping.SlotStats, valid map[string]recognizers.Recognizer, done, waits map[int]bool) {
	for _, p := range pending {
		if p.Slot == s && !done[p.Field] && !waits[p.Field] && sharesTaken(w, out, p, stats, valid) {
			waits[p.Field] = true
		}
	}
}
