package mapping

import (
	"slices"

	"golang.org/x/net/html"
)

// Locality. On a detail page the fields of one object come from one
// region of the page: the book's title, author, ISBN, price and page
// count sit in its detail block, while a recommendations sidebar, a
// "customers also bought" carousel or another format's box repeat
// look-alikes (another book's "Club Price: $9.71", a "66 Ratings" count)
// that annotations and labels alone cannot tell apart.
//
// The region is learned from the fields that name the object, the
// anchors: every dictionary field (a title, an author, a cuisine names one
// object) at its best candidate slot, whatever the runner-up. A price, a
// date or a number has look-alikes all over the page (the sidebar's
// price under a label naming the field can outweigh the book's own), so a
// patterned field anchors the region only when the dictionary fields give
// fewer than two anchors, and only when its placement is not in doubt:
// its best slot holds about one value per page (anchorOne), is not read
// from the first words of longer values (Lead), and is its only candidate
// or weighs at least anchorMargin times the next one (or a rule placed
// it). With anchors in two slots or more (two fields' best slot being
// one is one place, no region), the region on a sample page is the
// smallest DOM subtree holding the anchors' values there (their lowest
// common ancestor). Taking every dictionary field, doubtful or not, errs
// on the side of a larger region: a field's own slot beside the object's
// name (a phone number under the heading, away from the address rows)
// stays inside. A single field's candidate
// slot whose values lie outside the region on most of the sample pages
// where both are known gets the Locality factor outsidePenalty: it is
// taken only when the region holds no candidate of the field, and the
// field's slot is then flagged (SlotMap.Outside, the run's diagnostic
// "outside-region"). When the region is the whole page body on most
// sample pages (the anchors far apart), there is no region and no factor.
//
// A set field's candidates get the same factor; its place (detailPlaces,
// one place near the single fields) multiplies it in, so that an ad's list
// outside the region is its place only when the region holds none.

// anchorMargin is how much a field's best candidate must outweigh its
// next one for the field to anchor the region.
const anchorMargin = 2.0

// anchorOne is the least multiplicity fit (onePerPage) of an anchor's
// slot: a slot holding about one value per page, not a list.
const anchorOne = 0.67

// OutsidePenalty is the Locality factor of a slot outside the region:
// low enough that no candidate inside it loses to one outside.
const OutsidePenalty = 0.01

// Locality turns the weighing by locality on (a switch for the test that
// shows what it does).
var Locality = true

// region is the object's region of a detail page on each sample page.
type region struct {
	anchors []string           // field paths of the anchors
	root    map[int]*html.Node // sample page -> the region's element
}

// objectRegion finds the object's region from the candidates of a detail
// page's mapping (see above), or nil.
func objectRegion(w *State, cands []cand, stats []*slotStats) *region {
	if !Locality {
		return nil
	}
	type top struct{ best, next int }
	tops := map[int]*top{}
	score := func(i int) float64 {
		if i < 0 {
			return 0
		}
		return cands[i].Score
	}
	for i, c := range cands {
		if c.Part || w.FieldSpecs[c.Field].Tuple {
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
		for fi, f := range w.FieldSpecs {
			t := tops[fi]
			if t == nil || f.Patterned() != patterned {
				continue
			}
			b := cands[t.best]
			if patterned && b.Sc.Basis != "rule" && (b.Sc.Basis == "lead" || onePerPage(stats[b.Slot]) < anchorOne || t.next >= 0 && b.Score < anchorMargin*score(t.next)) {
				continue
			}
			if slices.Contains(slots, b.Slot) {
				continue // one place: no region (a set field's tie with the name's slot)
			}
			reg.anchors = append(reg.anchors, f.Path)
			slots = append(slots, b.Slot)
		}
	}
	reg.anchors, slots = dropStraySets(w, stats, reg.anchors, slots)
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
					lca = commonAncestor(lca, x) // rowplace.go
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

// dropStraySets drops from the anchors (field paths, their best slots) a
// set field whose best slot lies outside the smallest subtree holding the
// other anchors on most sample pages, when at least two others remain and
// that subtree is not the page body. A set field's best candidate is not
// where it is placed (detailPlaces chooses a set field's place among the
// slots the single fields left free), and its dictionary knows the
// look-alikes of a sidebar's "you may also like" list or an ad as well as
// the object's own line-up: the sidebar's link, taken as an anchor, made
// the region the whole page, and an ad's price then tied with the
// object's own. A single field's best slot is kept whatever its place (a
// title in a header above the detail rows is the object's).
func dropStraySets(w *State, stats []*slotStats, anchors []string, slots []int) ([]string, []int) {
	if len(slots) < 3 {
		return anchors, slots
	}
	var keepA []string
	var keepS []int
	dropped := 0
	for i, path := range anchors {
		f := w.FieldSpecs[IndexOf(w.FieldSpecs, path)]
		if f.Many && len(slots)-dropped-1 >= 2 && strayAnchor(stats, slots, i) {
			dropped++
			continue
		}
		keepA, keepS = append(keepA, path), append(keepS, slots[i])
	}
	return keepA, keepS
}

// strayAnchor reports whether anchor i's slot lies outside the lowest
// common ancestor of the other anchors' values on more than half of the
// sample pages where it and two others are known and that ancestor is not
// the page's body.
func strayAnchor(stats []*slotStats, slots []int, i int) bool {
	out, n := 0, 0
	for pg, x := range stats[slots[i]].Nodes {
		var lca *html.Node
		k := 0
		for j, s := range slots {
			if j == i {
				continue
			}
			if y := stats[s].Nodes[pg]; y != nil {
				if lca == nil {
					lca = y
				} else {
					lca = commonAncestor(lca, y)
				}
				k++
			}
		}
		if k < 2 || lca == nil || lca.Type != html.ElementNode || lca.Data == "body" || lca.Data == "html" {
			continue
		}
		n++
		if !holds(lca, x) {
			out++
		}
	}
	return n > 0 && 2*out > n
}

// weigh sets the Locality factor of the root fields' candidates outside
// the region (see above) and their scores. A set field's too: its place
// (detailPlaces) is weighed by it, so that an ad's or a sidebar's list
// its dictionary knows well (an advertised act on every page) is its
// place only when the region holds no candidate of the field (the
// object's own "A & B" line-up, which the dictionary knows on two pages).
func (r *region) weigh(w *State, cands []cand, stats []*slotStats) {
	for i := range cands {
		c := &cands[i]
		f := w.FieldSpecs[c.Field]
		if c.Part || c.Sc.Basis == "rule" || f.Parent != "" || f.Tuple {
			continue
		}
		if r.outside(stats[c.Slot]) {
			c.Sc.Locality = OutsidePenalty
			c.Score = c.Sc.Total()
		}
	}
}

// outside reports whether the slot's values lie outside the region on
// more than half of the sample pages where both are known.
func (r *region) outside(st *slotStats) bool {
	in, n := 0, 0
	for pg, x := range st.Nodes {
		root := r.root[pg]
		if root == nil {
			continue
		}
		n++
		if holds(root, x) {
			in++
		}
	}
	return n > 0 && 2*in < n
}
