package wrapper

import (
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// learnPageItemPaths sets w.itemPaths for the set slots of a page-mode
// wrapper whose sample values hold runs at a path where the field's
// instances are not (see above).
func (w *Wrapper) learnPageItemPaths(toks [][]mapping.Token) {
	for i := range w.slots {
		sm := &w.slots[i]
		fi := mapping.IndexOf(w.fields, sm.Field)
		if fi < 0 || !w.fields[fi].Many || sm.Lead || sm.Item || sm.Label != nil {
			continue
		}
		if _, ok := w.itemPaths[sm.Slot]; ok {
			continue
		}
		types := w.fields[fi].Types
		pathRuns, pathAnn := map[int32]int{}, map[int32]int{}
		texts := map[int32]map[string]bool{}
		for _, tk := range toks {
			root, ok := w.matchRoot(tk)
			if !ok {
				continue
			}
			mapping.Collect(root, -1, func(v mapping.Sval) {
				if v.Slot != sm.Slot {
					return
				}
				for _, rn := range itemsKeep(tk, v.A, w.clip(tk, v.A, v.B, v.Slot), sm.SepWords, sm.Keep) {
					p, ann, found := int32(0), false, false
					for x := rn[0]; x < rn[1]; x++ {
						if tk[x].Kind == KindWord && !exalg.EdgeToken(&tk[x]) && !found {
							p, found = tk[x].Path, true
						}
						ann = ann || mapping.HasType(tk[x].Ann, types)
					}
					if !found {
						continue
					}
					pathRuns[p]++
					if texts[p] == nil {
						texts[p] = map[string]bool{}
					}
					txt, _, _ := mapping.ValueText(tk, rn[0], rn[1])
					texts[p][txt] = true
					if ann {
						pathAnn[p]++
					}
				}
			})
		}
		best := mapping.BestPathShare(pathRuns, pathAnn)
		keep := map[int32]bool{}
		dropped := false
		for p, n := range pathRuns {
			if pathAnn[p] == 0 && best > 0 && n >= mapping.PageItemMinRuns && n >= mapping.PageItemRepeat*len(texts[p]) {
				dropped = true
			} else {
				keep[p] = true
			}
		}
		if !dropped || len(keep) == 0 {
			continue
		}
		if w.itemPaths == nil {
			w.itemPaths = map[int]map[int32]bool{}
		}
		w.itemPaths[sm.Slot] = keep
	}
}
