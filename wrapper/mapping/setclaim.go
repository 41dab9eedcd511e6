package mapping

// A slot that is a set field's own place is not an optional single
// field's. mapSlots places single fields first (a headliner before the
// performers, so that the list of guests does not swallow him), but a
// noisy dictionary of another kind also knows a few of the names of a
// byline ("By Garrett Booker | Esme Thornbury" where the publishers'
// dictionary holds one author's name): the optional publisher, whose own
// value sits elsewhere (beside its date, found later by learnParts), would
// take the byline, and the mandatory authors, which have no other slot,
// would stop the induction.

// setClaims reports whether candidate c, of a single root field, stands on
// a slot that a root set field claims. For an optional single field of
// another kind than a mandatory set's: the set field's best candidate is
// this slot and scores higher than c there. For any single field and any
// set field, mandatory or not, the pair's total decides: when the set
// field's best candidate is this slot, c gives way if the single field's
// best other slot plus the set field's score here beat c plus the set
// field's best other slot. A headliner the artists' dictionary also finds
// as the first of a record's performers ("<dd>A<br>B<br>C</dd>" beside the
// heading "A") would otherwise take the lineup, as one value, and leave
// the performers the heading's one name; and when the dictionary knows few
// headliners, the headliner would take an optional guests' row ("Also
// performing: A, B"), whose names it knows more often, and leave the
// guests the heading.
func setClaims(fields []FieldSpec, cands []cand, c cand) bool {
	f := fields[c.Field]
	if f.Many || f.Parent != "" {
		return false
	}
	best := map[int]cand{}
	for _, d := range cands {
		if b, ok := best[d.Field]; !ok || d.Score > b.Score {
			best[d.Field] = d
		}
	}
	// other is the best score of field fi's candidates at slots but s.
	other := func(fi, s int) float64 {
		o := 0.0
		for _, d := range cands {
			if d.Field == fi && d.Slot != s && !d.Part && d.Score > o {
				o = d.Score
			}
		}
		return o
	}
	for fi, d := range best {
		g := fields[fi]
		if !g.Many || g.Tuple || g.Parent != "" || d.Slot != c.Slot {
			continue
		}
		if !g.Optional && f.Optional && !sameKind(f, g) && d.Score > c.Score {
			return true
		}
		if alt := other(c.Field, c.Slot); alt > 0 && alt+d.Score > c.Score+other(fi, c.Slot) {
			return true
		}
	}
	return false
}
