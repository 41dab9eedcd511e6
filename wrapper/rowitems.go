package wrapper

// A name's row among rows left in one slot.
//
// Label-value rows whose number and order vary may stay one slot ("ISBN10
// 1104537214" and "Published by Midriver Publishing (1988-07-12)" in one
// value, in either order). learnItems gives a patterned field its item
// there; a name has no pattern to find its item by, and its dictionary
// knows few names. What a name's row has is its label: a run of words
// (between tags) that a label naming the field precedes ("Published by"
// for publisher, or for an imprint whose dictionary class is publisher).
// Those runs, less the instances of patterned types (the date written
// with the name), are weighed as a slot of their own, as the rest of a
// shared node is (restslots.go): on sharePartShare of the sample pages,
// with the field's annotations on at least one of them and on
// GeneraliseThres of those the annotations of fields without a slot
// elsewhere cover. The field then reads, from those slots, the run after
// that label (SlotMap.Item with ItemLabel, byItem), less other fields'
// instances (a value is cut before "(" or ";" when the rest holds one, and
// other fields' instances are taken out).

import (
	"strings"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// learnRowItems maps single dictionary fields of the root left without
// slot to the runs after a label naming them in slots outside every set
// (see the file comment).
func learnRowItems(w *Wrapper, out []SlotMap, stats []*mapping.SlotStats, valid map[string]recognizers.Recognizer, done map[int]bool, sets [][]int, minCnt, nPages int) []SlotMap {
	for fi, f := range w.fields {
		if f.Tuple || f.Many || f.Parent != "" || done[fi] || valid[f.Path] != nil {
			continue
		}
		gone := placedTypes(w, out, -1, f)
		type agg struct {
			pages  map[int]bool
			c, ann int
			slots  []int
		}
		byLab := map[string]*agg{}
		for s, st := range stats {
			if len(sets[s]) > 0 || st.Occ == 0 {
				continue
			}
			for k, lr := range st.LabRuns {
				if mapping.LabelAffinity(strings.Fields(k), f) < mapping.AffinityKind {
					continue
				}
				g := byLab[k]
				if g == nil {
					g = &agg{pages: map[int]bool{}}
					byLab[k] = g
				}
				for pg := range lr.Pages {
					g.pages[pg] = true
				}
				c, ann := mapping.OwnShare(lr.Sets, f, gone)
				g.c += c
				g.ann += ann
				g.slots = append(g.slots, s)
			}
		}
		best, bestN := "", 0
		for k, g := range byLab {
			n := len(g.pages)
			if g.c == 0 || float64(g.c) < w.opt.GeneraliseThres*float64(g.ann) || n < minCnt || float64(n) < mapping.SharePartShare*float64(nPages) {
				continue
			}
			if n > bestN || n == bestN && k < best {
				best, bestN = k, n
			}
		}
		if best == "" {
			continue
		}
		for _, s := range byLab[best].slots {
			out = append(out, SlotMap{Slot: s, Field: f.Path, Type: f.Types[0], Share: 1,
				Coverage: float64(len(stats[s].LabRuns[best].Pages)) / float64(stats[s].Occ), Item: true, ItemLabel: strings.Fields(best)})
		}
		done[fi] = true
	}
	return out
}

// otherInstancesOut takes the instances of the other patterned fields out
// of a dictionary field's item text ("Quillon Group, 9 May 2001" gives
// "Quillon Group").
func (w *Wrapper) otherInstancesOut(txt string, f FieldSpec) string {
	var spans [][2]int
	for _, g := range w.fields {
		if g.Path == f.Path {
			continue
		}
		if r := w.valid[g.Path]; r != nil {
			if m, ok := mapping.LongestMatch(r, txt); ok {
				spans = append(spans, m)
			}
		}
	}
	if len(spans) == 0 {
		return txt
	}
	return mapping.RemoveSpans(txt, spans)
}
