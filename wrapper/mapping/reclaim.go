package mapping

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

// ReclaimShare is the least share of a slot's annotated values the
// mandatory field's types need to reclaim it: contested, not a stray hit.
const ReclaimShare = 1.0 / 3

// Reclaiming turns reclaimMandatory on (a switch for the test that shows
// what it does).
var Reclaiming = true

// MandatoryNested reports whether f is a field of a nested tuple that every
// object has exactly once, at every level (a venue's name under a venue of
// multiplicity "1"): such a field must be on every page like a mandatory
// field of the root.
func MandatoryNested(fields []FieldSpec, f FieldSpec) bool {
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

// DistinctShare is the share of the distinct annotated values of st that
// carry one of types. A dictionary that wrongly knows a value annotates it
// on every page it recurs on (a venue name in the artists' dictionary, a
// venue the site lists often): counted per distinct value, one wrong entry
// weighs once.
func DistinctShare(st *SlotStats, types []string) float64 {
	all, mine := map[string]bool{}, map[string]bool{}
	for t, vs := range st.TypeVals {
		for v := range vs {
			all[v] = true
			if Contains(types, t) {
				mine[v] = true
			}
		}
	}
	if len(all) == 0 {
		return 0
	}
	return float64(len(mine)) / float64(len(all))
}
