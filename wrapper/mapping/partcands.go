package mapping

import (
	"github.com/objectrunner/objectrunner/recognizers"
)

// partWeight scales a part candidate's score: an instance among other
// words is weaker evidence than a value that is mainly one.
const partWeight = 0.5

// hasPattern returns the set of the paths of valid (fields with a pattern
// recognizer).
func hasPattern(valid map[string]recognizers.Recognizer) map[string]bool {
	out := make(map[string]bool, len(valid))
	for p := range valid {
		out[p] = true
	}
	return out
}

// partCands returns the part candidates of the single patterned fields of
// the root: slots in scope, outside sets below the scope (depth 0), where
// none of the field's candidates (has: field -> slots) is, whose values the
// field's types touch (slotStats.some) in minCnt and GeneraliseThres of
// them.
func partCands(w *State, stats []*slotStats, valid map[string]bool, has map[int]map[int]bool, minCnt int, inScope func(int) (bool, int)) []cand {
	var out []cand
	for fi, f := range w.FieldSpecs {
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
			if n < minCnt || float64(n) < w.Options.GeneraliseThres*float64(st.Occ) {
				continue
			}
			share := float64(n) / float64(st.Occ)
			score := partWeight * float64(n) * share * st.Variation()
			out = append(out, cand{Field: fi, Slot: s, Cnt: n, Share: share, Cov: share, Score: score, Part: true, Sc: ruleScore("part", score)})
		}
	}
	return out
}

// withPartCands adds the part candidates (partCands) to cands.
func withPartCands(w *State, cands []cand, stats []*slotStats, valid map[string]bool, minCnt int, inScope func(int) (bool, int)) []cand {
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
func waitParts(w *State, out []SlotMap, pending []cand, s int, stats []*slotStats, valid map[string]recognizers.Recognizer, done, waits map[int]bool) {
	for _, p := range pending {
		if p.Slot == s && !done[p.Field] && !waits[p.Field] && sharesTaken(w, out, p, stats, valid) {
			waits[p.Field] = true
		}
	}
}
