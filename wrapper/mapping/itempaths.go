package mapping

// Item paths of a poorly known set field. In record mode a set slot's
// items are kept only at the DOM paths where the sample's instances are
// (refineSets: role notes such as "(Illustrator)" between linked names
// are no items). A path counted as the instances' when sepMaxPathAnn of
// its runs were annotated; with a dictionary that knows a tenth of the
// values, the path of most items (cuisines in <span>s, 18 of 157 known)
// fell short while a rarer one (cuisines in links, 12 of 51) passed, and
// most items were dropped. A path whose share of annotated runs is at
// least itemPathRel of the best path's is the items' too: role notes,
// which the dictionary never knows, stay out.

// itemPathRel is the least share of annotated runs at a path, relative
// to the best path's, for its runs to be items.
const itemPathRel = 1.0 / 3

// bestPathShare returns the highest share of annotated runs among the
// paths (ann[p] / runs[p]).
func bestPathShare(runs, ann map[int32]int) float64 {
	best := 0.0
	for p, n := range runs {
		if n > 0 {
			best = max(best, float64(ann[p])/float64(n))
		}
	}
	return best
}

// itemPathShare reports whether a path with ann annotated runs out of n
// holds items: sepMaxPathAnn of them annotated, or itemPathRel of the
// best path's share.
func itemPathShare(ann, n int, best float64) bool {
	share := float64(ann) / float64(max(n, 1))
	return share >= sepMaxPathAnn || share >= itemPathRel*best
}
