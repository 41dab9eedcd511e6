package mapping

// Unrolled iterations of a set field's list.
//
// CONSTTEMP unrolls a set's leading iterations when their values carry an
// entity type the other iterations rarely carry (distinctIters): the rows
// "Date: …" and "Pages: …" of a list of details get roles of their own.
// The same rule fires on a list of performers whose first item is the
// headliner: the sample is chosen among the best-annotated pages, those
// whose headliner the dictionary knows, so the first item is annotated on
// nearly every sample page and the guests after it seldom. The first item
// becomes a slot of its own beside the set of the others, a slot that
// repeats the headliner's heading page after page, so dropCopies removes
// it from the set field's candidates, and detailPlaces keeps the set field
// in one place, the set, without its first iteration.
//
// An unrolled iteration is the same template text as the set's body, with
// slots at the same positions: unrolledPeers finds them in the template.
// A set field whose candidates include a slot of the set keeps, as well,
// its candidates at the peer slots of the unrolled iterations (they are
// not the single field's copies but the list's own items) and reads them
// as part of the same place. An unrolled row another field takes (a date
// row) stays that field's: only the set field's own candidates, slots no
// other field used, are kept.

import (
	"slices"
	"strings"
)

// unrolledPeers maps each slot of an unrolled leading iteration of a set
// (the same tokens and slots as the set's body, right before the set, each
// iteration after the first preceded by the set's separator) to the slot at
// the same position of the set's body.
func unrolledPeers(t *Template) map[int]int {
	out := map[int]int{}
	var rec func(n Node)
	rec = func(n Node) {
		switch n := n.(type) {
		case *SeqNode:
			for i, c := range n.Nodes {
				if s, ok := c.(*SetNode); ok {
					peersBefore(n.Nodes[:i], s, out)
				}
				rec(c)
			}
		case *SetNode:
			rec(n.Body)
		case *OptionalNode:
			rec(n.Body)
		case *DisjunctionNode:
			for _, c := range n.Alts {
				rec(c)
			}
		}
	}
	if t != nil {
		rec(t.Root)
	}
	return out
}

// flatEl is one element of a flattened template part: a token, a slot
// (slot ≥ 0) or a structure mark (mark != "").
type flatEl struct {
	Tok  Tok
	Slot int
	Mark string
}

func (a flatEl) same(b flatEl) bool {
	if a.Mark != b.Mark || (a.Slot < 0) != (b.Slot < 0) {
		return false
	}
	return a.Slot >= 0 || a.Mark != "" || (a.Tok.Kind == b.Tok.Kind && a.Tok.Text == b.Tok.Text && sansRole(a.Tok.Path) == sansRole(b.Tok.Path))
}

// sansRole drops the row roles from a path's steps ("p/span.@support"
// gives "p/span"): the row order gives the elements of a labelled row a
// step of their own (roworder.go), and a list's first item, right after
// the row's label, may carry the role while the set's iterations, seen
// elsewhere on other pages, do not; the unrolled iteration is the same
// markup all the same.
func sansRole(p string) string {
	if !strings.Contains(p, ".@") {
		return p
	}
	steps := strings.Split(p, "/")
	for i, s := range steps {
		if j := strings.Index(s, ".@"); j >= 0 {
			rest := s[j+2:]
			if k := strings.IndexByte(rest, '.'); k >= 0 {
				steps[i] = s[:j] + rest[k:]
			} else {
				steps[i] = s[:j]
			}
		}
	}
	return strings.Join(steps, "/")
}

// Flatten appends n's tokens, slots and structure marks in order.
func Flatten(n Node, out []flatEl) []flatEl {
	switch n := n.(type) {
	case *TextNode:
		for _, t := range n.Toks {
			out = append(out, flatEl{Tok: t, Slot: -1})
		}
	case *SlotNode:
		out = append(out, flatEl{Slot: n.ID})
	case *SeqNode:
		for _, c := range n.Nodes {
			out = Flatten(c, out)
		}
	case *SetNode:
		out = append(out, flatEl{Slot: -1, Mark: "{"})
		out = Flatten(n.Body, out)
		out = append(out, flatEl{Slot: -1, Mark: "}"})
	case *OptionalNode:
		out = append(out, flatEl{Slot: -1, Mark: "("})
		out = Flatten(n.Body, out)
		out = append(out, flatEl{Slot: -1, Mark: ")?"})
	case *DisjunctionNode:
		out = append(out, flatEl{Slot: -1, Mark: "("})
		for i, c := range n.Alts {
			if i > 0 {
				out = append(out, flatEl{Slot: -1, Mark: "|"})
			}
			out = Flatten(c, out)
		}
		out = append(out, flatEl{Slot: -1, Mark: ")"})
	}
	return out
}

// peersBefore records in out the peers of s's body slots among the nodes
// before s (see unrolledPeers).
func peersBefore(before []Node, s *SetNode, out map[int]int) {
	body := Flatten(s.Body, nil)
	if !slices.ContainsFunc(body, func(e flatEl) bool { return e.Slot >= 0 }) {
		return
	}
	var pre []flatEl
	for _, n := range before {
		pre = Flatten(n, pre)
	}
	var sep []flatEl
	for _, t := range s.Sep {
		sep = append(sep, flatEl{Tok: t, Slot: -1})
	}
	end, iter := len(pre), 0
	for {
		if iter > 0 && len(sep) > 0 {
			if !suffixSame(pre[:end], sep) {
				return
			}
			end -= len(sep)
		}
		if !suffixSame(pre[:end], body) {
			return
		}
		start := end - len(body)
		for j, e := range body {
			if e.Slot >= 0 {
				out[pre[start+j].Slot] = e.Slot
			}
		}
		end, iter = start, iter+1
	}
}

// suffixSame reports whether a ends with b.
func suffixSame(a, b []flatEl) bool {
	if len(b) > len(a) {
		return false
	}
	off := len(a) - len(b)
	for i := range b {
		if !a[off+i].same(b[i]) {
			return false
		}
	}
	return true
}

// keepUnrolled gives back to cands (what dropCopies left of all) the
// candidates of a set field at an unrolled iteration's slot whose peer in
// the set is still one of the field's candidates.
func keepUnrolled(fields []FieldSpec, all, cands []cand, peers map[int]int) []cand {
	if len(peers) == 0 {
		return cands
	}
	has := map[[2]int]bool{}
	for _, c := range cands {
		has[[2]int{c.Field, c.Slot}] = true
	}
	for _, c := range all {
		p, ok := peers[c.Slot]
		if !ok || !fields[c.Field].Many || has[[2]int{c.Field, c.Slot}] || !has[[2]int{c.Field, p}] {
			continue
		}
		cands = append(cands, c)
		has[[2]int{c.Field, c.Slot}] = true
	}
	return cands
}

// peerPlace reports whether slots p and s are one set's item: one is an
// unrolled iteration's slot whose peer is the other, or both are peers of
// one slot.
func peerPlace(peers map[int]int, p, s int) bool {
	a, okA := peers[p]
	b, okB := peers[s]
	return (okA && a == s) || (okB && b == p) || (okA && okB && a == b)
}
