package wrapper

import "github.com/objectrunner/objectrunner/recognizers"

// Waiting for a set field's slot. A single patterned field written among
// the items of a set field ("Food: <a>Seafood</a> (<a>$$</a>)" for a
// cuisine list and a price range) has a part candidate there
// (partcands.go), but single fields are placed before set fields: the set
// field has not taken the slot yet when the part candidate is met, so the
// field did not wait for its part and took a weak slot of its own instead
// (a "$" in an advert's "save today: $91", on a few pages). When the part
// candidate outscores every candidate of the field's own still to come,
// the slot is the best one of a set field of the same tuple, and the
// field's instances are items of the slot's values (slotStats.itemInst)
// on sharePartShare of them and minCnt, the field waits: the set field
// takes the slot in the second pass and learnParts gives the field its
// item there.

// waitsForSet reports whether part candidate c (of a field not yet placed)
// is on the slot a set field will take, holding the field's instances as
// items (see above). cands are all candidates, best first; used the slots
// taken so far.
func waitsForSet(w *Wrapper, cands []cand, c cand, stats []*slotStats, valid map[string]recognizers.Recognizer, used map[int]bool, minCnt int) bool {
	if !settingParts || used[c.slot] || c.slot >= len(stats) || valid[w.fields[c.field].Path] == nil {
		return false
	}
	f := w.fields[c.field]
	st := stats[c.slot]
	if n := st.itemInst[f.Path]; n < minCnt || float64(n) < sharePartShare*float64(st.occ) {
		return false
	}
	seen := map[int]bool{}
	for _, o := range cands {
		if o.part || seen[o.field] {
			continue
		}
		seen[o.field] = true // o is the field's best candidate
		g := w.fields[o.field]
		if o.slot != c.slot || !g.Many || g.Tuple || g.Parent != f.Parent || o.label != "" {
			continue
		}
		if r := valid[g.Path]; r != nil && samePattern(g, f) {
			continue
		}
		return true
	}
	return false
}

// settingParts turns waitsForSet on (a switch for the test that shows
// what it does).
var settingParts = true
