package wrapper

// A slot that is a set field's own place is not an optional single
// field's. mapSlots places single fields first (a headliner before the
// performers, so that the list of guests does not swallow him), but a
// noisy dictionary of another kind also knows a few of the names of a
// byline ("By Garrett Booker | Esme Thornbury" where the publishers'
// dictionary holds one author's name): the optional publisher, whose own
// value sits elsewhere (beside its date, found later by learnParts), would
// take the byline, and the mandatory authors, which have no other slot,
// would stop the induction.

// setClaims reports whether candidate c, of an optional single root field,
// stands on a slot that a mandatory root set field of another kind claims:
// that field's best candidate is this slot and scores higher than c there.
func setClaims(fields []FieldSpec, cands []cand, c cand) bool {
	f := fields[c.field]
	if !f.Optional || f.Many || f.Parent != "" {
		return false
	}
	best := map[int]cand{}
	for _, d := range cands {
		if b, ok := best[d.field]; !ok || d.score > b.score {
			best[d.field] = d
		}
	}
	for fi, d := range best {
		g := fields[fi]
		if !g.Many || g.Optional || g.Tuple || g.Parent != "" || sameKind(f, g) {
			continue
		}
		if d.slot == c.slot && d.score > c.score {
			return true
		}
	}
	return false
}
