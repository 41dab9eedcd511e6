package mapping

import (
	"slices"
)

// explainedSlots gives a single dictionary field (of the root, or of a
// single nested tuple: where = {name, address}) left without slot a free
// slot where its values are mainly its instances once the values
// annotated only with the types of fields mapped to other slots are set
// aside: a noisy dictionary of another field that knows some of its values
// ("Korvel" among product names as well as brands) explains them away,
// since that field has its own slot. A slot whose value hardly varies
// across pages weighs less, as in mapSlots, and one value on every page
// is template text (a menu entry "Home" a noisy dictionary knows), never
// the field's slot.
func explainedSlots(w *State, out []SlotMap, stats []*slotStats, done map[int]bool, used map[int]bool, minCnt int, inScope func(int) (bool, int), detail bool) []SlotMap {
	for fi, f := range w.FieldSpecs {
		if done[fi] || f.Tuple || f.Many || (f.Parent != "" && !nestedSingle(w.FieldSpecs, f)) || f.Patterned() {
			continue
		}
		best, bestScore := -1, 0.0
		var bestSM SlotMap
		for s, st := range stats {
			if used[s] || st.Occ == 0 {
				continue
			}
			if ok, depth := inScope(s); !ok || depth > 0 {
				continue
			}
			c := st.Count(f.Types)
			if c < minCnt || detail && headingWord(st, f) {
				continue // a heading's word is no candidate (score.go)
			}
			gone := map[string]bool{}
			for _, m := range out {
				g := w.fieldSpec(m.Field)
				if m.Slot == s || g == nil || anyOf(g.Types, f.Types) {
					continue
				}
				for _, t := range g.Types {
					gone[t] = true
				}
			}
			for _, t := range w.elsewhere {
				if !slices.Contains(f.Types, t) {
					gone[t] = true
				}
			}
			rest := st.AnnOcc - explainedAway(st, gone)
			share := float64(c) / float64(max(1, rest))
			if share < w.Options.GeneraliseThres {
				continue
			}
			sc := float64(c) * share * st.Variation() // a menu entry the dictionary knows weighs little
			if sc > bestScore {
				best, bestScore = s, sc
				bestSM = SlotMap{Slot: s, Field: f.Path, Type: f.Types[0], Share: share, Coverage: float64(c) / float64(st.Occ), Run: st.Tagged == 0}
			}
		}
		if best >= 0 {
			used[best], done[fi] = true, true
			out = append(out, bestSM)
		}
	}
	return out
}
