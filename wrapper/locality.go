package wrapper

import (
	"slices"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
	"golang.org/x/net/html"
)

// region is the object's region of a detail page on each sample page.
type region struct {
	anchors []string           // field paths of the anchors
	root    map[int]*html.Node // sample page -> the region's element
}

// objectRegion finds the object's region from the candidates of a detail
// page's mapping (see above), or nil.
func objectRegion(w *Wrapper, cands []mapping.Cand, stats []*mapping.SlotStats) *region {
	if !mapping.Locality {
		return nil
	}
	type top struct{ best, next, slot int }
	tops := map[int]*top{}
	score := func(i int) float64 {
		if i < 0 {
			return 0
		}
		return cands[i].Score
	}
	for i, c := range cands {
		if c.Part || w.fields[c.Field].Tuple {
			continue
		}
		t := tops[c.Field]
		if t == nil {
			t = &top{best: -1, next: -1}
			tops[c.Field] = t
		}
		switch {
		case t.best < 0 || c.Score > score(t.best):
			if t.best >= 0 && cands[t.best].Slot != c.Slot {
				t.next = t.best
			}
			t.best = i
		case c.Slot != cands[t.best].Slot && c.Score > score(t.next):
			t.next = i
		}
	}
	reg := &region{root: map[int]*html.Node{}}
	var slots []int
	for _, patterned := range []bool{false, true} {
		if len(slots) >= 2 {
			break // dictionary fields suffice
		}
		for fi, f := range w.fields {
			t := tops[fi]
			if t == nil || f.Patterned() != patterned {
				continue
			}
			b := cands[t.best]
			if patterned && b.Sc.Basis != "rule" && (b.Sc.Basis == "lead" || mapping.OnePerPage(stats[b.Slot]) < mapping.AnchorOne || t.next >= 0 && b.Score < mapping.AnchorMargin*score(t.next)) {
				continue
			}
			if slices.Contains(slots, b.Slot) {
				continue // one place: no region (a set field's tie with the name's slot)
			}
			reg.anchors = append(reg.anchors, f.Path)
			slots = append(slots, b.Slot)
		}
	}
	if len(slots) < 2 {
		return nil
	}
	pages := map[int]bool{}
	for _, s := range slots {
		for pg := range stats[s].Nodes {
			pages[pg] = true
		}
	}
	whole := 0
	for pg := range pages {
		var lca *html.Node
		n := 0
		for _, s := range slots {
			if x := stats[s].Nodes[pg]; x != nil {
				if lca == nil {
					lca = x
				} else {
					lca = mapping.CommonAncestor(lca, x) // rowplace.go
				}
				n++
			}
		}
		if n < 2 || lca == nil || lca.Type != html.ElementNode {
			continue
		}
		if lca.Data == "body" || lca.Data == "html" {
			whole++
			continue
		}
		reg.root[pg] = lca
	}
	if len(reg.root) == 0 || whole >= len(reg.root) {
		return nil
	}
	return reg
}

// weigh sets the Locality factor of the single fields' candidates outside
// the region (see above) and their scores.
func (r *region) weigh(w *Wrapper, cands []mapping.Cand, stats []*mapping.SlotStats) {
	for i := range cands {
		c := &cands[i]
		f := w.fields[c.Field]
		if c.Part || c.Sc.Basis == "rule" || f.Many || f.Parent != "" || f.Tuple {
			continue
		}
		if r.outside(stats[c.Slot]) {
			c.Sc.Locality = mapping.OutsidePenalty
			c.Score = c.Sc.Total()
		}
	}
}

// outside reports whether the slot's values lie outside the region on
// more than half of the sample pages where both are known.
func (r *region) outside(st *mapping.SlotStats) bool {
	in, n := 0, 0
	for pg, x := range st.Nodes {
		root := r.root[pg]
		if root == nil {
			continue
		}
		n++
		if mapping.Within(x, root) {
			in++
		}
	}
	return n > 0 && 2*in < n
}
