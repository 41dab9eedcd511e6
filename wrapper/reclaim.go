package wrapper

import (
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// reclaimMandatory returns cands with a candidate added for each mandatory
// single field of the root that has none, on the slot it reclaims (see
// above). Only for a detail page's object (one object per page).
func reclaimMandatory(w *Wrapper, cands []mapping.Cand, stats []*mapping.SlotStats, nPages, minCnt int, inScope func(int) (bool, int)) []mapping.Cand {
	if !mapping.Reclaiming {
		return cands
	}
	has := map[int]bool{}
	for _, c := range cands {
		has[c.Field] = true
	}
	var added []mapping.Cand
	for fi, f := range w.fields {
		if f.Tuple || f.Many || f.Optional || has[fi] || (f.Parent != "" && !mapping.MandatoryNested(w.fields, f)) {
			continue
		}
		best, bestN := -1, 0
		for s, st := range stats {
			if ok, depth := inScope(s); !ok || depth > 0 || st.Occ == 0 || st.Variation() < 1 {
				continue
			}
			if n := st.Count(f.Types); n > bestN {
				best, bestN = s, n
			}
		}
		if best < 0 || bestN < minCnt {
			continue
		}
		st := stats[best]
		if st.AnnOcc == 0 || (float64(bestN) < mapping.ReclaimShare*float64(st.AnnOcc) && mapping.DistinctShare(st, f.Types) < mapping.ReclaimShare) || len(st.PerPage) < nPages {
			continue
		}
		top, ok := 0.0, true
		holders := map[int]float64{}
		for _, c := range cands {
			if c.Slot != best || c.Part {
				continue
			}
			g := w.fields[c.Field]
			if g.Tuple || g.Parent != "" || c.Label != "" {
				ok = false
				break
			}
			holders[c.Field] = max(holders[c.Field], c.Score)
			top = max(top, c.Score)
		}
		if !ok || len(holders) == 0 {
			continue
		}
		// Every field giving the slot up has a slot of its own: an
		// optional or a set field any other candidate, a mandatory single
		// field a better one (it would not take this slot anyway).
		for g, sc := range holders {
			gf := w.fields[g]
			elsewhere := false
			for _, c := range cands {
				if c.Field == g && c.Slot != best && !c.Part && (gf.Optional || gf.Many || c.Score > sc) {
					elsewhere = true
					break
				}
			}
			ok = ok && elsewhere
		}
		if !ok {
			continue
		}
		share := float64(bestN) / float64(st.AnnOcc)
		added = append(added, mapping.Cand{Field: fi, Slot: best, Cnt: bestN, Share: share, Cov: float64(bestN) / float64(st.Occ), Score: top*1.01 + 1e-9, Sc: mapping.RuleScore("reclaim", top*1.01+1e-9)})
	}
	return append(cands, added...)
}
