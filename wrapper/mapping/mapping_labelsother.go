package mapping

import (
	"math"
)

// labelsOther reports whether a label names another root field of fields
// (affinityName or better) and not f at all.
func labelsOther(label []string, f FieldSpec, fields []FieldSpec) bool {
	if labelAffinity(label, f) > affinityNone {
		return false
	}
	for _, g := range fields {
		if g.Path != f.Path && !g.Tuple && labelAffinity(label, g) >= affinityName {
			return true
		}
	}
	return false
}

// detailPlaces chooses, on detail pages, the one slot each set field of
// the object is read from (field index -> slot). A book's authors are the
// object's own data, found in one place (a byline); the same type also
// fills repeated regions of the page (recommendation cards, sidebars),
// which are sets of other records and must not be merged in. Among the
// field's candidate slots (those within a quarter of the best score), the
// place is the one with the most sample pages where the slot's values
// touch the field's types (or, for a slot a label naming the field
// nominated, where the label precedes a value), divided by half the
// slot's mean number of values per page when that exceeds 2 (a carousel
// lists many values on every page; an object has typically one to three),
// ties broken by the distance, in slots, to the object's single fields
// already placed (they sit together), and by the score's Locality part:
// a slot outside the object's region is the place only when the region
// holds no candidate. A slot in taken, which a single field of the
// object took, does not compete.
func detailPlaces(w *State, cands []cand, stats []*slotStats, taken map[int]bool) map[int]int {
	var singles []int
	used := map[int]bool{}
	for _, c := range cands {
		if f := w.FieldSpecs[c.Field]; f.Parent == "" && !f.Many && !used[c.Field] {
			used[c.Field] = true
			singles = append(singles, c.Slot)
		}
	}
	dist := func(s int) int {
		d := math.MaxInt
		for _, x := range singles {
			d = min(d, max(s-x, x-s))
		}
		return d
	}
	top := map[int]float64{} // best candidate score per field
	for _, c := range cands {
		top[c.Field] = max(top[c.Field], c.Score)
	}
	out := map[int]int{}
	bestV := map[int]float64{}
	for _, c := range cands {
		f := w.FieldSpecs[c.Field]
		// Only slots that mapSlots would keep compete: not one a
		// single field took (a venue's name the artists' dictionary
		// knows on a few pages is not where the guests are).
		if f.Parent != "" || !f.Many || c.Score <= 0 || taken[c.Slot] {
			continue
		}
		v := placeScore(stats[c.Slot], f)
		if c.Label != "" {
			// A label naming the field nominated the slot: the pages
			// where it precedes a value count, as in its score.
			v = max(v, float64(len(stats[c.Slot].LabPages[c.Label])))
		}
		if d := dist(c.Slot); d < math.MaxInt {
			v /= 1 + float64(d)/8
		}
		v *= c.Sc.Locality // outside the object's region (locality.go)
		b, ok := bestV[c.Field]
		if !ok || v > b || (v == b && dist(c.Slot) < dist(out[c.Field])) {
			bestV[c.Field], out[c.Field] = v, c.Slot
		}
	}
	return out
}
