package mapping

// Kept by the issue 21 ablation (zoo seeds 1-100, 15000-15149): a factor
// of a detail page's set-field place score (detailPlaces); off, s15121
// guests and s15026 performers fall from 1.00 to 0.00.

// Novelty of a detail page's set field's place.
//
// A detail page's own list (the show's guests) names things that are new
// page after page: another show, other guests. A look-alike box beside it
// (an advertisement or a "you might also like" link naming one act on
// every page) draws its names from a small pool shown again and again, and
// a dictionary that knows the headliners well knows them more often than
// the guests: counted by pages, the box outweighs the list. detailPlaces
// weighs each candidate place by novelty: the share of distinct texts
// among the slot's values the field's types annotate (1 when every
// annotated value is new, 1/2 when each comes back once), as FindSegment
// weighs annotations by the number of probe pages they occur on.

// novelty is the number of distinct texts among the slot's values that
// one of types annotates (some of their words) over the number of such
// values; 1 when there are none.
func (st *slotStats) novelty(types []string) float64 {
	seen := map[string]bool{}
	n := 0
	for _, t := range types {
		for txt, c := range st.SomeVals[t] {
			if !seen[txt] {
				seen[txt] = true
				n += c
			}
		}
	}
	if n == 0 {
		return 1
	}
	return float64(len(seen)) / float64(n)
}
