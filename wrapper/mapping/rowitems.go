package mapping

import (
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
)

// labRun counts the runs of words after one page label in a slot's
// values: the pages they are on, and their rests (words outside patterned
// types' annotations) mainly covered by other types, by their sorted
// types joined by "\x00".
type labRun struct {
	Pages map[int]bool
	Sets  map[string]int
}

// countLabelRuns adds the runs of value [a, b) of sample page pg to
// st.labRuns when the value holds several runs (rows, or a row's label
// and value).
func countLabelRuns(st *slotStats, toks []Token, a, b, pg int, patTypes map[string]bool) {
	rs := runs(toks, a, b)
	if len(rs) < 2 {
		return
	}
	for _, rn := range rs {
		lab := pageLabel(toks, rn[0])
		if len(lab) == 0 {
			continue
		}
		words := 0
		cover := map[string]int{}
		for x := rn[0]; x < rn[1]; x++ {
			t := &toks[x]
			if !hasWord(t.Text()) || slices.ContainsFunc(t.Ann(), func(a *annotate.Annotation) bool { return patTypes[a.Type] }) {
				continue
			}
			words++
			for _, typ := range ownTypes(t) {
				cover[typ]++
			}
		}
		if words == 0 {
			continue
		}
		if st.LabRuns == nil {
			st.LabRuns = map[string]*labRun{}
		}
		k := strings.Join(lab, " ")
		lr := st.LabRuns[k]
		if lr == nil {
			lr = &labRun{Pages: map[int]bool{}, Sets: map[string]int{}}
			st.LabRuns[k] = lr
		}
		lr.Pages[pg] = true
		if k := strings.Join(mainTypes(cover, words), "\x00"); k != "" {
			lr.Sets[k]++
		}
	}
}

// labelRun returns the first run of words of [a, b) that label precedes.
func labelRun(toks []Token, a, b int, label []string) (int, int, bool) {
	for x, y := nextRun(toks, a, b); x < y; x, y = nextRun(toks, y, b) {
		if labelBefore(toks, x, label) {
			return x, y, true
		}
	}
	return 0, 0, false
}

// learnRowItems maps single dictionary fields of the root left without
// slot to the runs after a label naming them in slots outside every set
// (see the file comment).
func learnRowItems(w *State, out []SlotMap, stats []*slotStats, valid map[string]recognizers.Recognizer, done map[int]bool, sets [][]int, minCnt, nPages int) []SlotMap {
	for fi, f := range w.FieldSpecs {
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
				if labelAffinity(strings.Fields(k), f) < affinityKind {
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
				c, ann := ownShare(lr.Sets, f, gone)
				g.c += c
				g.ann += ann
				g.slots = append(g.slots, s)
			}
		}
		best, bestN := "", 0
		for k, g := range byLab {
			n := len(g.pages)
			if g.c == 0 || float64(g.c) < w.Options.GeneraliseThres*float64(g.ann) || n < minCnt || float64(n) < sharePartShare*float64(nPages) {
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
func (w *State) otherInstancesOut(txt string, f FieldSpec) string {
	var spans [][2]int
	for _, g := range w.FieldSpecs {
		if g.Path == f.Path {
			continue
		}
		if r := w.Valid[g.Path]; r != nil {
			if m, ok := longestMatch(r, txt); ok {
				spans = append(spans, m)
			}
		}
	}
	if len(spans) == 0 {
		return txt
	}
	return removeSpans(txt, spans)
}
