package mapping

import (
	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// Item paths of a set field on pages of one object (or of a page-mode list).
//
// A set field's slot can span several elements when the template aligns
// optional elements of different kinds into one slot: the supporting acts
// in a <div> on some pages, a section heading ("Details", "Overview") in
// an <h2> right after it on others. Every text of the slot was then an
// item, the heading among the acts. As in record mode (refineSets,
// itempaths.go), the items are the runs at the DOM paths where the
// sample's instances are. On a page of one object the dictionary often
// knows few values and a sample holds few of them, so a share of
// annotated runs tells little (a few linked guests, none known, beside
// plain-text ones): a path is dropped when none of its runs is annotated
// while another path's are, and its runs repeat a few texts, page after
// page (each text on pageItemRepeat runs on average, pageItemMinRuns runs
// or more), as template words do and names of acts do not. Items at a
// path the sample never showed are dropped, as in record mode; the paths
// are only learned when some path is dropped.

// pageItemMinRuns is the least number of sample runs at a path for its
// runs to be dropped as no items, and pageItemRepeat the least mean number
// of runs per distinct text there.
const (
	pageItemMinRuns = 3
	pageItemRepeat  = 2
)

// LearnPageItemPaths sets w.itemPaths for the set slots of a page-mode
// wrapper whose sample values hold runs at a path where the field's
// instances are not (see above).
func (w *State) LearnPageItemPaths(toks [][]Token) {
	for i := range w.SlotMaps {
		sm := &w.SlotMaps[i]
		fi := IndexOf(w.FieldSpecs, sm.Field)
		if fi < 0 || !w.FieldSpecs[fi].Many || sm.Lead || sm.Item || sm.Label != nil {
			continue
		}
		if _, ok := w.ItemPaths[sm.Slot]; ok {
			continue
		}
		types := w.FieldSpecs[fi].Types
		pathRuns, pathAnn := map[int32]int{}, map[int32]int{}
		texts := map[int32]map[string]bool{}
		w.slotValues(toks, sm.Slot, func(_ int, tk []Token, v sval) {
			for _, rn := range itemsKeep(tk, v.A, w.clip(tk, v.A, v.B, v.Slot), sm.SepWords, sm.Keep) {
				p, ann, found := int32(0), false, false
				for x := rn[0]; x < rn[1]; x++ {
					if tk[x].Kind == KindWord && !exalg.EdgeToken(&tk[x]) && !found {
						p, found = tk[x].Path, true
					}
					ann = ann || HasType(tk[x].Ann(), types)
				}
				if !found {
					continue
				}
				pathRuns[p]++
				if texts[p] == nil {
					texts[p] = map[string]bool{}
				}
				txt, _, _ := ValueText(tk, rn[0], rn[1])
				texts[p][txt] = true
				if ann {
					pathAnn[p]++
				}
			}
		})
		best := bestPathShare(pathRuns, pathAnn)
		keep := map[int32]bool{}
		dropped := false
		for p, n := range pathRuns {
			if pathAnn[p] == 0 && best > 0 && n >= pageItemMinRuns && n >= pageItemRepeat*len(texts[p]) {
				dropped = true
			} else {
				keep[p] = true
			}
		}
		if !dropped || len(keep) == 0 {
			continue
		}
		if w.ItemPaths == nil {
			w.ItemPaths = map[int]map[int32]bool{}
		}
		w.ItemPaths[sm.Slot] = keep
	}
}
