package exalg

import (
	"sort"
)

// occNode is one occurrence of a class on a page, with the occurrences of
// other classes nested in its positions.
type occNode struct {
	cls   int
	pg    int
	mem   []int // token index of each member
	start int
	end   int
	kids  []*occNode // sorted by start
}

// item is an element of a PosString: a nested class occurrence or a token.
type item struct {
	kid *occNode
	x   int
}

// constTemp is CONSTTEMP (Section 5.2) over the classes of an ECGM run.
type constTemp struct {
	e *ecgm
	// pathName prints an interned occurrence path (Tok.Path).
	pathName func(int32) string
	byClass  [][]*occNode
	depth    int
	// glue marks the first text of an unrolled set iteration: it is
	// joined to the constant text before it.
	glue map[*TextNode]bool
}

// buildTemplate constructs the template of the root class.
func buildTemplate(e *ecgm, pathName func(int32) string) *Template {
	ct := &constTemp{e: e, pathName: pathName, byClass: make([][]*occNode, len(e.classes)), glue: map[*TextNode]bool{}}
	h := newHandinv(e.seqs, e.nRoles)
	root := -1
	for ci, c := range e.classes {
		if c.root {
			root = ci
		}
	}
	if root < 0 {
		// No class occurs once on every page: the whole page is one slot.
		t := &Template{Root: &SeqNode{NodeType: NodeSeq, Nodes: []Node{&SlotNode{NodeType: NodeSlot}}}}
		t.Index()
		return t
	}
	for pg := range e.seqs {
		var all []*occNode
		var rootOcc *occNode
		for ci, c := range e.classes {
			o, ok := h.occurrences(c.members, pg)
			if !ok {
				continue
			}
			for k := 0; k < o.count(); k++ {
				n := &occNode{cls: ci, pg: pg, mem: o.pos[k*o.m : k*o.m+o.m], start: o.start(k), end: o.end(k)}
				if ci == root {
					rootOcc = n
				} else {
					all = append(all, n)
				}
			}
		}
		if rootOcc == nil {
			continue
		}
		ct.byClass[root] = append(ct.byClass[root], rootOcc)
		sort.Slice(all, func(a, b int) bool {
			if all[a].start != all[b].start {
				return all[a].start < all[b].start
			}
			return all[a].end > all[b].end
		})
		stack := []*occNode{rootOcc}
		for _, n := range all {
			for len(stack) > 1 && stack[len(stack)-1].end < n.start {
				stack = stack[:len(stack)-1]
			}
			top := stack[len(stack)-1]
			if !(top.start < n.start && n.end < top.end) {
				continue // crosses its container: treated as loose tokens
			}
			j := sort.SearchInts(top.mem, n.start)
			if j >= len(top.mem) || top.mem[j] < n.end {
				continue // spans several positions of its container
			}
			if k := len(top.kids); k > 0 && top.kids[k-1].end > n.start {
				continue
			}
			top.kids = append(top.kids, n)
			ct.byClass[n.cls] = append(ct.byClass[n.cls], n)
			stack = append(stack, n)
		}
	}
	t := &Template{Root: absorbWordOptionals(ct.class(root))}
	t.Index()
	return t
}

// absorbWordOptionals drops, from every sequence, an optional made of words
// only that stands right next to a slot: "(Arkwright)? *" becomes "*". Such
// an optional is a value frequent enough in the sample to form a class of
// its own (the brand of many products, in the title, the breadcrumbs and
// the brand row); with no tag between it and the slot it is part of the
// same text, so the slot takes it. A template label before a slot is never
// optional in this way: it is on every page.
func absorbWordOptionals(n Node) Node {
	switch n := n.(type) {
	case *SeqNode:
		var out []Node
		for i, c := range n.Nodes {
			if wordOptional(c) && ((i > 0 && isSlot(n.Nodes[i-1])) || (i+1 < len(n.Nodes) && isSlot(n.Nodes[i+1]))) {
				if len(out) == 0 || !isSlot(out[len(out)-1]) {
					if i+1 < len(n.Nodes) && isSlot(n.Nodes[i+1]) {
						continue // the next slot takes it
					}
					out = append(out, slot())
				}
				continue
			}
			out = append(out, absorbWordOptionals(c))
		}
		n.Nodes = out
	case *SetNode:
		n.Body = absorbWordOptionals(n.Body)
	case *OptionalNode:
		n.Body = absorbWordOptionals(n.Body)
	case *DisjunctionNode:
		for i, a := range n.Alts {
			n.Alts[i] = absorbWordOptionals(a)
		}
	}
	return n
}

func isSlot(n Node) bool { _, ok := n.(*SlotNode); return ok }

// wordOptional reports whether n is an optional whose body is text made
// of words only.
func wordOptional(n Node) bool {
	o, ok := n.(*OptionalNode)
	if !ok {
		return false
	}
	body := o.Body
	if s, ok := body.(*SeqNode); ok && len(s.Nodes) == 1 {
		body = s.Nodes[0]
	}
	t, ok := body.(*TextNode)
	if !ok || len(t.Toks) == 0 {
		return false
	}
	for _, k := range t.Toks {
		if k.Kind != KindWord {
			return false
		}
	}
	return true
}

func (ct *constTemp) tok(r int32) Tok {
	b := ct.e.base[r]
	return Tok{Kind: b.Kind, Text: b.Text, Path: ct.pathName(b.Path)}
}

func (ct *constTemp) tokAt(pg, x int) Tok {
	t := &ct.e.pages[pg][x]
	return Tok{Kind: t.Kind, Text: t.Text(), Path: ct.pathName(t.Path)}
}

// posItems returns the PosString of position p (1-based) of an occurrence.
func posItems(n *occNode, p int) []item {
	a, b := n.mem[p-1], n.mem[p]
	var out []item
	k := sort.Search(len(n.kids), func(i int) bool { return n.kids[i].start > a })
	for x := a + 1; x < b; {
		if k < len(n.kids) && n.kids[k].start == x {
			out = append(out, item{kid: n.kids[k], x: -1})
			x = n.kids[k].end + 1
			k++
			continue
		}
		out = append(out, item{x: x})
		x++
	}
	return out
}

// class builds T_E for class ci:
//
//	T_E = ⟨T_{E,s1}, …, T_{E,sq}⟩ with constants C1…Cq+1 split at the
//	non-empty positions s1…sq of E.
func (ct *constTemp) class(ci int) Node {
	ct.depth++
	defer func() { ct.depth-- }()
	c := ct.e.classes[ci]
	seq := &SeqNode{NodeType: NodeSeq}
	var cur []Tok
	flush := func() {
		var toks []Tok
		for _, t := range cur {
			if t.Kind != KindSentinel {
				toks = append(toks, t)
			}
		}
		if len(toks) > 0 {
			seq.Nodes = append(seq.Nodes, &TextNode{NodeType: NodeText, Toks: toks})
		}
		cur = nil
	}
	cur = append(cur, ct.tok(c.members[0]))
	for p := 1; p < len(c.members); p++ {
		var items [][]item
		empty := true
		for _, n := range ct.byClass[ci] {
			it := posItems(n, p)
			if len(it) > 0 {
				empty = false
			}
			items = append(items, it)
		}
		if !empty {
			nodes := ct.position(items)
			// The first iteration of an unrolled set continues the
			// constant text before it ("Date" then "</strong>:").
			if len(nodes) > 0 {
				if t, ok := nodes[0].(*TextNode); ok && ct.glue[t] {
					cur = append(cur, t.Toks...)
					nodes = nodes[1:]
				}
			}
			flush()
			seq.Nodes = append(seq.Nodes, nodes...)
		}
		cur = append(cur, ct.tok(c.members[p]))
	}
	flush()
	return seq
}

func slot() Node { return &SlotNode{NodeType: NodeSlot} }

// position builds T_{E,p} from the PosStrings of all occurrences, with the
// patterns of Table 1: {T}_ε, {T}_S, T1|T2, (T)?, and a basic slot for
// strings of tokens or unknown patterns. Loose tokens around nested classes
// become slots of their own.
func (ct *constTemp) position(items [][]item) []Node {
	if ct.depth > 64 {
		return []Node{slot()}
	}
	// Class order of nested occurrences, as runs.
	var order []int
	rank := map[int]int{}
	anyKid := false
	for _, it := range items {
		prev := -1
		for _, i := range it {
			if i.kid == nil {
				continue
			}
			anyKid = true
			c := i.kid.cls
			if c == prev {
				continue
			}
			if _, ok := rank[c]; !ok {
				rank[c] = len(order)
				order = append(order, c)
			}
			prev = c
		}
	}
	if !anyKid {
		return []Node{slot()}
	}
	order = kidOrder(items, order)
	for r, c := range order {
		rank[c] = r
	}
	nc := len(order)
	minC := make([]int, nc)
	maxC := make([]int, nc)
	for i := range minC {
		minC[i] = 1 << 30
	}
	oneKid := true
	for _, it := range items {
		cnt := make([]int, nc)
		last, runs := -1, 0
		for _, i := range it {
			if i.kid == nil {
				continue
			}
			r := rank[i.kid.cls]
			if r != last {
				if r < last || cnt[r] > 0 {
					return []Node{slot()} // inconsistent order: unknown pattern
				}
				runs++
				last = r
			}
			cnt[r]++
		}
		if runs > 1 || (runs == 1 && cnt[last] > 1) {
			oneKid = false
		}
		for r := range cnt {
			minC[r] = min(minC[r], cnt[r])
			maxC[r] = max(maxC[r], cnt[r])
		}
	}
	// Gaps: loose tokens before component g (g < nc) or after the last one.
	gap := make([]bool, nc+1)
	sep := make([][]Tok, nc)
	sepOK := make([]bool, nc)
	for i := range sepOK {
		sepOK[i] = true
	}
	sepSeen := make([]bool, nc)
	for _, it := range items {
		var pending []int
		last := -1
		for _, i := range it {
			if i.kid == nil {
				pending = append(pending, i.x)
				continue
			}
			r := rank[i.kid.cls]
			if r == last {
				// separator between two instances of a set
				var s []Tok
				for _, x := range pending {
					s = append(s, ct.tokAt(i.kid.pg, x))
				}
				if !sepSeen[r] {
					sep[r], sepSeen[r] = s, true
				} else if !sameToks(sep[r], s) {
					sepOK[r] = false
				}
			} else if len(pending) > 0 {
				gap[r] = true
			}
			pending = pending[:0]
			last = r
		}
		if len(pending) > 0 {
			gap[nc] = true
		}
	}
	var out []Node
	if oneKid && nc >= 2 {
		// Pattern 3 (E_j or E_k), optional when some occurrence has none.
		alts := make([]Node, nc)
		for r, c := range order {
			alts[r] = ct.class(c)
		}
		var n Node = &DisjunctionNode{NodeType: NodeDisjunction, Alts: alts}
		for r := range minC {
			if minC[r] == 0 {
				_ = r
			}
		}
		allPresent := true
		for _, it := range items {
			has := false
			for _, i := range it {
				if i.kid != nil {
					has = true
				}
			}
			allPresent = allPresent && has
		}
		if !allPresent {
			n = &OptionalNode{NodeType: NodeOptional, Body: n}
		}
		for _, g := range gap[:nc] {
			if g {
				out = append(out, slot())
				break
			}
		}
		out = append(out, n)
		if gap[nc] {
			out = append(out, slot())
		}
		return out
	}
	for r, c := range order {
		if gap[r] {
			out = append(out, slot())
		}
		body := ct.class(c)
		switch {
		case maxC[r] > 1:
			s := &SetNode{NodeType: NodeSet, Body: body}
			if sepOK[r] {
				s.Sep = sep[r]
			}
			if k := ct.distinctIters(items, c); k > 0 {
				out = append(out, ct.unroll(s, k, maxC[r] > k, minC[r] == 0)...)
				break
			}
			out = append(out, s)
		case minC[r] == 0:
			out = append(out, &OptionalNode{NodeType: NodeOptional, Body: body})
		default:
			out = append(out, body.(*SeqNode).Nodes...)
		}
	}
	if gap[nc] {
		out = append(out, slot())
	}
	return out
}

func sameToks(a, b []Tok) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Kind != b[i].Kind || a[i].Text != b[i].Text || a[i].Path != b[i].Path {
			return false
		}
	}
	return true
}

// distinctIters implements the rule of the ObjectRunner paper (§3.3) for a
// position where the number of consecutive occurrences of a class varies:
// settle on the minimal number m of consecutive occurrences across the
// pages where the class occurs there, and differentiate roles within this
// scope using the annotations. Iteration j < m of the set has a role of
// its own when, at some position of the set's body, the values of the j-th
// iterations carry an entity type in at least GeneraliseThres of the cases
// (the most frequent annotation generalised) while the values of the other
// iterations carry it in less than 1−GeneraliseThres of theirs. A set
// whose iterations are all instances of one type (several authors) is
// left alone. It returns the number k ≤ m of leading iterations to unroll
// (the last differentiated one plus one), or 0. Plain ExAlg (annotations
// off) never unrolls.
func (ct *constTemp) distinctIters(items [][]item, c int) int {
	if !ct.e.opt.Annotations {
		return 0
	}
	var iters [][]*occNode
	m := 1 << 30
	for _, it := range items {
		var its []*occNode
		for _, i := range it {
			if i.kid != nil && i.kid.cls == c {
				its = append(its, i.kid)
			}
		}
		if len(its) > 0 {
			iters = append(iters, its)
			m = min(m, len(its))
		}
	}
	if len(iters) < 2 || m == 1<<30 {
		return 0
	}
	thres := ct.e.opt.GeneraliseThres
	nPos := len(ct.e.classes[c].members) - 1
	k := 0
	for p := 1; p <= nPos; p++ {
		// For every iteration index j < m, and for all the other
		// iterations: values with words at position p, and per type the
		// values that type covers (at least half of the words).
		nJ := make([]int, m)
		tJ := make([]map[string]int, m)
		for j := range tJ {
			tJ[j] = map[string]int{}
		}
		nAll := 0
		tAll := map[string]int{}
		for _, its := range iters {
			for j, n := range its {
				types, ok := ct.posTypes(n, p)
				if !ok {
					continue
				}
				nAll++
				for _, t := range types {
					tAll[t]++
				}
				if j < m {
					nJ[j]++
					for _, t := range types {
						tJ[j][t]++
					}
				}
			}
		}
		for j := 0; j < m; j++ {
			if nJ[j] < 2 {
				continue
			}
			for t, c := range tJ[j] {
				if float64(c) < thres*float64(nJ[j]) {
					continue
				}
				rest, restT := nAll-nJ[j], tAll[t]-c
				if rest == 0 || float64(restT) < (1-thres)*float64(rest) {
					k = max(k, j+1)
				}
			}
		}
	}
	return k
}

// posTypes returns the annotation types covering at least half of the words
// at position p (1-based) of occurrence n, and whether it has words.
func (ct *constTemp) posTypes(n *occNode, p int) ([]string, bool) {
	toks := ct.e.pages[n.pg]
	words := 0
	cover := map[string]int{}
	for x := n.mem[p-1] + 1; x < n.mem[p]; x++ {
		t := &toks[x]
		if t.Kind != KindWord || EdgeToken(t) {
			continue
		}
		words++
		for _, typ := range t.AnnTypes() {
			cover[typ]++
		}
	}
	if words == 0 {
		return nil, false
	}
	var out []string
	for typ, c := range cover {
		if 2*c >= words {
			out = append(out, typ)
		}
	}
	return out, true
}

// unroll replaces set s by its first k iterations, each a tuple of its own
// (new slots, so each can hold a field of its own), followed by the set of
// the remaining iterations when some page has more than k. absent says
// some occurrence of the enclosing position has no iteration at all: the
// whole is then optional.
func (ct *constTemp) unroll(s *SetNode, k int, rest, absent bool) []Node {
	var nodes []Node
	for j := 0; j < k; j++ {
		body := s.Body
		if j > 0 {
			body = cloneNode(s.Body)
			if len(s.Sep) > 0 {
				nodes = append(nodes, &TextNode{NodeType: NodeText, Toks: append([]Tok(nil), s.Sep...)})
			}
		}
		if sq, ok := body.(*SeqNode); ok {
			nodes = append(nodes, sq.Nodes...)
		} else {
			nodes = append(nodes, body)
		}
	}
	if rest {
		nodes = append(nodes, &SetNode{NodeType: NodeSet, Body: cloneNode(s.Body), Sep: s.Sep})
	}
	if absent {
		return []Node{&OptionalNode{NodeType: NodeOptional, Body: &SeqNode{NodeType: NodeSeq, Nodes: nodes}}}
	}
	if t, ok := nodes[0].(*TextNode); ok {
		ct.glue[t] = true
	}
	return nodes
}

// cloneNode deep-copies a template subtree (slots and sets become new nodes;
// IDs are renumbered by Template.index).
func cloneNode(n Node) Node {
	switch n := n.(type) {
	case *TextNode:
		return &TextNode{NodeType: NodeText, Toks: append([]Tok(nil), n.Toks...)}
	case *SlotNode:
		c := *n
		return &c
	case *SeqNode:
		c := &SeqNode{NodeType: NodeSeq, Nodes: make([]Node, len(n.Nodes))}
		for i, x := range n.Nodes {
			c.Nodes[i] = cloneNode(x)
		}
		return c
	case *SetNode:
		return &SetNode{NodeType: NodeSet, ID: n.ID, Body: cloneNode(n.Body), Sep: append([]Tok(nil), n.Sep...)}
	case *OptionalNode:
		return &OptionalNode{NodeType: NodeOptional, Body: cloneNode(n.Body)}
	case *DisjunctionNode:
		c := &DisjunctionNode{NodeType: NodeDisjunction, Alts: make([]Node, len(n.Alts))}
		for i, x := range n.Alts {
			c.Alts[i] = cloneNode(x)
		}
		return c
	}
	return n
}

// kidOrder returns the classes nested at one position (first in order of
// first appearance) in an order that agrees with every occurrence: the
// classes one occurrence has in sequence come in that sequence, so that
// two optional classes B and A, the first occurrence holding only A and a
// later one "B A", come out "B A". Ties keep the order of first
// appearance; when the occurrences disagree (a cycle), first appearance
// is returned and the caller finds the order inconsistent.
func kidOrder(items [][]item, first []int) []int {
	if len(first) < 2 {
		return first
	}
	idx := make(map[int]int, len(first))
	for i, c := range first {
		idx[c] = i
	}
	n := len(first)
	succ := make([][]bool, n)
	for i := range succ {
		succ[i] = make([]bool, n)
	}
	indeg := make([]int, n)
	for _, it := range items {
		prev := -1
		for _, i := range it {
			if i.kid == nil {
				continue
			}
			c := idx[i.kid.cls]
			if c == prev {
				continue
			}
			if prev >= 0 && !succ[prev][c] {
				succ[prev][c] = true
				indeg[c]++
			}
			prev = c
		}
	}
	out := make([]int, 0, n)
	done := make([]bool, n)
	for len(out) < n {
		next := -1
		for i := range n {
			if !done[i] && indeg[i] == 0 {
				next = i
				break
			}
		}
		if next < 0 {
			return first // a cycle
		}
		done[next] = true
		out = append(out, first[next])
		for j := range n {
			if succ[next][j] {
				indeg[j]--
			}
		}
	}
	return out
}
