package mapping

import "slices"

// Reclaiming a contested slot for a mandatory field. Two noisy
// dictionaries that each know some values of the other's field (a college
// dictionary that knows a few team names, a team dictionary that knows a
// college) annotate the slot of one field with both types. When the
// optional field's type happens to be the more frequent there, that field
// takes the slot and the mandatory one, left with no candidate at all,
// goes without a slot (a lenient mapping) or stops the induction — while
// the optional field has a slot of its own elsewhere (its row, after its
// label). A mandatory field must be on every page; an optional one can do
// without: when a mandatory single field has no candidate, the slot where
// its types are annotated the most, filled on every sample page, whose
// candidates are all optional single fields that have a candidate slot
// elsewhere, is given to the mandatory field (a candidate scored just above
// the slot's best). The optional fields then take their other slots.

// reclaimShare is the least share of a slot's annotated values the
// mandatory field's types need to reclaim it: contested, not a stray hit.
const reclaimShare = 1.0 / 3

// Reclaiming turns reclaimMandatory on (a switch for the test that shows
// what it does).
var Reclaiming = true

// mandatoryNested reports whether f is a field of a nested tuple that every
// object has exactly once, at every level (a venue's name under a venue of
// multiplicity "1"): such a field must be on every page like a mandatory
// field of the root.
func mandatoryNested(fields []FieldSpec, f FieldSpec) bool {
	for f.Parent != "" {
		i := IndexOf(fields, f.Parent)
		if i < 0 {
			return false
		}
		f = fields[i]
		if f.Many || f.Optional {
			return false
		}
	}
	return true
}

// distinctShare is the share of the distinct annotated values of st that
// carry one of types. A dictionary that wrongly knows a value annotates it
// on every page it recurs on (a venue name in the artists' dictionary, a
// venue the site lists often): counted per distinct value, one wrong entry
// weighs once.
func distinctShare(st *slotStats, types []string) float64 {
	all, mine := map[string]bool{}, map[string]bool{}
	for t, vs := range st.TypeVals {
		for v := range vs {
			all[v] = true
			if slices.Contains(types, t) {
				mine[v] = true
			}
		}
	}
	if len(all) == 0 {
		return 0
	}
	return float64(len(mine)) / float64(len(all))
}

// reclaimMandatory returns cands with a candidate added for each mandatory
// single field of the root that has none, on the slot it reclaims (see
// above). Only for a detail page's object (one object per page).
func reclaimMandatory(w *State, cands []cand, stats []*slotStats, nPages, minCnt int, inScope func(int) (bool, int)) []cand {
	if !Reclaiming {
		return cands
	}
	has := map[int]bool{}
	for _, c := range cands {
		has[c.Field] = true
	}
	var added []cand
	for fi, f := range w.FieldSpecs {
		if f.Tuple || f.Many || f.Optional || has[fi] || (f.Parent != "" && !mandatoryNested(w.FieldSpecs, f)) {
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
		if st.AnnOcc == 0 || (float64(bestN) < reclaimShare*float64(st.AnnOcc) && distinctShare(st, f.Types) < reclaimShare) || len(st.PerPage) < nPages {
			continue
		}
		top, ok := 0.0, true
		holders := map[int]float64{}
		for _, c := range cands {
			if c.Slot != best || c.Part {
				continue
			}
			g := w.FieldSpecs[c.Field]
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
			gf := w.FieldSpecs[g]
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
		added = append(added, cand{Field: fi, Slot: best, Cnt: bestN, Share: share, Cov: float64(bestN) / float64(st.Occ), Score: top*1.01 + 1e-9, Sc: ruleScore("reclaim", top*1.01+1e-9)})
	}
	return append(cands, added...)
}
