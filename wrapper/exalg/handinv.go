package exalg

import (
	"sort"
)

// eqClass is an equivalence class of dtokens: dtokens (roles) with the same
// occurrence vector. After HANDINV its members are ordered (Definition 4.3).
type eqClass struct {
	members []int32 // roles, in order of occurrence
	vec     []int32 // occurrences per page
	root    bool    // holds the page sentinels: never removed nor split
}

// occs is the occurrences of an ordered class on one page: pos[k*m+j] is the
// token index of member j in occurrence k.
type occs struct {
	m   int
	pos []int
}

func (o occs) count() int      { return len(o.pos) / max(o.m, 1) }
func (o occs) start(k int) int { return o.pos[k*o.m] }
func (o occs) end(k int) int   { return o.pos[k*o.m+o.m-1] }

// where locates token index x relative to the occurrences: the occurrence k
// whose span holds x and the position p (1-based: between member p and p+1),
// p == 0 when x is outside every span, p == -1 when x is a member.
func (o occs) where(x int) (k, p int) {
	n := o.count()
	if n == 0 {
		return -1, 0
	}
	k = sort.Search(n, func(i int) bool { return o.start(i) > x }) - 1
	if k < 0 || x > o.end(k) {
		return -1, 0
	}
	mem := o.pos[k*o.m : k*o.m+o.m]
	j := sort.SearchInts(mem, x)
	if j < len(mem) && mem[j] == x {
		return k, -1
	}
	return k, j // mem[j-1] < x < mem[j]
}

// handinv holds the pages as role sequences and the scratch state of HANDINV.
type handinv struct {
	seqs   [][]int32
	nRoles int
	idx    []int32 // scratch: role -> member index, -1
}

func newHandinv(seqs [][]int32, nRoles int) *handinv {
	h := &handinv{seqs: seqs, nRoles: nRoles, idx: make([]int32, nRoles)}
	for i := range h.idx {
		h.idx[i] = -1
	}
	return h
}

// occurrences returns the occurrences of class c (members in the given
// order) on page pg, and whether the members occur there in order
// (t1…tm repeated, Definition 4.3).
func (h *handinv) occurrences(members []int32, pg int) (occs, bool) {
	m := len(members)
	for j, r := range members {
		h.idx[r] = int32(j)
	}
	defer func() {
		for _, r := range members {
			h.idx[r] = -1
		}
	}()
	o := occs{m: m}
	want := 0
	ok := true
	for x, r := range h.seqs[pg] {
		j := h.idx[r]
		if j < 0 {
			continue
		}
		if int(j) != want {
			ok = false
		}
		o.pos = append(o.pos, x)
		want = (want + 1) % m
	}
	if want != 0 {
		ok = false
	}
	return o, ok
}

// order sorts the members of c by their first occurrence on the first page
// where the class occurs.
func (h *handinv) order(c *eqClass) {
	pg := -1
	for i, v := range c.vec {
		if v > 0 {
			pg = i
			break
		}
	}
	if pg < 0 {
		return
	}
	first := map[int32]int{}
	for _, r := range c.members {
		first[r] = -1
	}
	for x, r := range h.seqs[pg] {
		if f, ok := first[r]; ok && f < 0 {
			first[r] = x
		}
	}
	sort.SliceStable(c.members, func(a, b int) bool { return first[c.members[a]] < first[c.members[b]] })
}

// ordered reports whether members, in this order, form an ordered class.
func (h *handinv) ordered(members []int32) bool {
	for pg := range h.seqs {
		if _, ok := h.occurrences(members, pg); !ok {
			return false
		}
	}
	return true
}

// splitAlmostOrdered implements Definition A.1: it partitions an unordered
// class into ordered classes whose occurrences do not cross each other, or
// returns nil when the class is not almost-ordered. Members are grouped
// greedily in order of first occurrence; every group needs two members.
func (h *handinv) splitAlmostOrdered(c *eqClass) []*eqClass {
	var groups [][]int32
	var g []int32
	for _, r := range c.members {
		cand := append(append([]int32(nil), g...), r)
		if len(g) == 0 || h.ordered(cand) {
			g = cand
			continue
		}
		groups = append(groups, g)
		g = []int32{r}
	}
	groups = append(groups, g)
	if len(groups) < 2 {
		return nil
	}
	for _, g := range groups {
		if len(g) < 2 {
			return nil
		}
	}
	out := make([]*eqClass, len(groups))
	for i, g := range groups {
		out[i] = &eqClass{members: g, vec: c.vec}
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if h.relate(out[i], out[j]) == relBad {
				return nil
			}
		}
	}
	return out
}

type relation int

const (
	relNested relation = iota // Definition 4.4
	relNearly                 // Definition A.2, not nested
	relBad                    // neither
)

func (h *handinv) allOccs(c *eqClass) []occs {
	out := make([]occs, len(h.seqs))
	for pg := range h.seqs {
		out[pg], _ = h.occurrences(c.members, pg)
	}
	return out
}

// relate classifies the pair (a, b).
func (h *handinv) relate(a, b *eqClass) relation {
	oa, ob := h.allOccs(a), h.allOccs(b)
	return relateOccs(oa, ob)
}

// inside classifies the occurrences of b relative to a: for every b
// occurrence, either all its members are outside a's spans (and it holds
// whole a-occurrences only), or all are in one position of one a
// occurrence. It returns false on a crossing, and the set of positions used.
func inside(oa, ob []occs) (ok bool, ps map[int]bool) {
	ps = map[int]bool{}
	for pg := range oa {
		a, b := oa[pg], ob[pg]
		for k := 0; k < b.count(); k++ {
			k1, p1 := a.where(b.start(k))
			k2, p2 := a.where(b.end(k))
			if p1 == 0 && p2 == 0 {
				// b's span may contain whole a-occurrences; a member of a
				// strictly inside it with its occurrence crossing is caught
				// from the other side.
				continue
			}
			if p1 <= 0 || p2 <= 0 || k1 != k2 || p1 != p2 {
				return false, nil
			}
			ps[p1] = true
		}
	}
	return true, ps
}

func relateOccs(oa, ob []occs) relation {
	okB, psB := inside(oa, ob)
	okA, psA := inside(ob, oa)
	if okA && okB && len(psA) <= 1 && len(psB) <= 1 && !(len(psA) == 1 && len(psB) == 1) {
		return relNested
	}
	if nearly(oa, ob) && nearly(ob, oa) {
		return relNearly
	}
	return relBad
}

// nearly checks one direction of Definition A.2: every member of b has a
// position p of a such that each of its occurrences is outside a's spans or
// within Pos(p) of some a occurrence.
func nearly(oa, ob []occs) bool {
	m := 0
	for _, o := range ob {
		if o.m > 0 {
			m = o.m
		}
	}
	pos := make([]int, m)
	for pg := range oa {
		a, b := oa[pg], ob[pg]
		for x, t := range b.pos {
			j := x % b.m
			_, p := a.where(t)
			if p < 0 {
				return false
			}
			if p == 0 {
				continue
			}
			if pos[j] == 0 {
				pos[j] = p
			} else if pos[j] != p {
				return false
			}
		}
	}
	return true
}

// partition splits b by the positions of a its members fall in: each
// contiguous run of members in the same position (or outside) becomes a
// class (final step of HANDINV).
func partition(b *eqClass, oa, ob []occs) []*eqClass {
	m := len(b.members)
	lab := make([]int, m)
	for pg := range oa {
		for x, t := range ob[pg].pos {
			j := x % m
			if _, p := oa[pg].where(t); p > 0 && lab[j] == 0 {
				lab[j] = p
			}
		}
	}
	var out []*eqClass
	for j := 0; j < m; {
		e := j + 1
		for e < m && lab[e] == lab[j] {
			e++
		}
		out = append(out, &eqClass{members: append([]int32(nil), b.members[j:e]...), vec: b.vec})
		j = e
	}
	return out
}

// overlapsAll reports whether every occurrence of b overlaps an occurrence of a.
func overlapsAll(oa, ob []occs) bool {
	for pg := range oa {
		a, b := oa[pg], ob[pg]
		for k := 0; k < b.count(); k++ {
			s, e := b.start(k), b.end(k)
			hit := false
			for q := 0; q < a.count() && !hit; q++ {
				if a.start(q) <= e && s <= a.end(q) {
					hit = true
				}
			}
			if !hit {
				return false
			}
		}
	}
	return true
}

// run is HANDINV (seed ExAlg, Appendix A.0.2). Rule:
//
//	classes -> ordered ∪ split(almost-ordered)          (unordered others dropped)
//	        -> drop greedily the class with most bad pairs until all pairs are
//	           nested or nearly nested
//	        -> partition Type-A classes of nearly-nested pairs
//
// The output is a nested set of ordered classes.
func (h *handinv) run(in []*eqClass) []*eqClass {
	var cs []*eqClass
	for _, c := range in {
		h.order(c)
		if h.ordered(c.members) {
			cs = append(cs, c)
			continue
		}
		if c.root {
			// The root class must survive: keep its ordered prefix
			// groups, or else its longest ordered chain (rows in another
			// order on some pages leave the template, as data).
			if parts := h.splitAlmostOrdered(c); parts != nil {
				parts[0].root = true
				cs = append(cs, parts...)
			} else {
				cs = append(cs, h.rootChain(c))
			}
			continue
		}
		if parts := h.splitAlmostOrdered(c); parts != nil {
			cs = append(cs, parts...)
		}
	}
	for round := 0; round < 8; round++ {
		occ := make([][]occs, len(cs))
		for i, c := range cs {
			occ[i] = h.allOccs(c)
		}
		rel := make([][]relation, len(cs))
		for i := range cs {
			rel[i] = make([]relation, len(cs))
		}
		bad := make([]int, len(cs))
		for i := range cs {
			for j := i + 1; j < len(cs); j++ {
				r := relateOccs(occ[i], occ[j])
				rel[i][j], rel[j][i] = r, r
				if r == relBad {
					bad[i]++
					bad[j]++
				}
			}
		}
		// Remove Type-B classes greedily.
		alive := make([]bool, len(cs))
		for i := range alive {
			alive[i] = true
		}
		for {
			w, wb := -1, 0
			// The worst class goes; on a tie the smaller one (less
			// evidence that it is a valid class).
			for i := range cs {
				if !alive[i] || cs[i].root || bad[i] == 0 {
					continue
				}
				if bad[i] > wb || (bad[i] == wb && len(cs[i].members) < len(cs[w].members)) {
					w, wb = i, bad[i]
				}
			}
			if w < 0 {
				break
			}
			alive[w] = false
			for j := range cs {
				if alive[j] && rel[w][j] == relBad {
					bad[j]--
				}
			}
		}
		// Partition Type-A classes of nearly-nested pairs.
		split := make([]bool, len(cs))
		changed := false
		for i := range cs {
			for j := range cs {
				if i >= j || !alive[i] || !alive[j] || rel[i][j] != relNearly {
					continue
				}
				ai, aj := overlapsAll(occ[j], occ[i]), overlapsAll(occ[i], occ[j])
				switch {
				case aj && !ai:
					split[j] = true
				case ai && !aj:
					split[i] = true
				default:
					split[i], split[j] = true, true
				}
			}
		}
		var next []*eqClass
		for i, c := range cs {
			if !alive[i] {
				changed = true
				continue
			}
			if !split[i] || c.root {
				next = append(next, c)
				continue
			}
			// Partition against the first nearly-nested partner.
			done := false
			for j := range cs {
				if alive[j] && j != i && rel[i][j] == relNearly {
					parts := partition(c, occ[j], occ[i])
					if len(parts) > 1 {
						next = append(next, parts...)
						changed, done = true, true
						break
					}
				}
			}
			if !done {
				next = append(next, c)
			}
		}
		cs = next
		if !changed {
			break
		}
	}
	return cs
}

// rootChain returns the root class reduced to its longest chain of members
// that occur in the same order on every page. Every member of the root
// class occurs once per page (its occurrence vector is the sentinels'), so
// the chain is the longest sequence increasing on all pages at once:
// dynamic programming over the members in their order on the first page.
func (h *handinv) rootChain(c *eqClass) *eqClass {
	m := len(c.members)
	pos := make([][]int, m) // pos[i][pg]: index of member i on page pg
	for i := range pos {
		pos[i] = make([]int, len(h.seqs))
	}
	for j, r := range c.members {
		h.idx[r] = int32(j)
	}
	for pg, seq := range h.seqs {
		for x, r := range seq {
			if j := h.idx[r]; j >= 0 {
				pos[j][pg] = x
			}
		}
	}
	for _, r := range c.members {
		h.idx[r] = -1
	}
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return pos[order[a]][0] < pos[order[b]][0] })
	before := func(a, b int) bool {
		for pg := range h.seqs {
			if pos[a][pg] >= pos[b][pg] {
				return false
			}
		}
		return true
	}
	best := make([]int, m)
	prev := make([]int, m)
	end := -1
	for i, a := range order {
		best[i], prev[i] = 1, -1
		for j := 0; j < i; j++ {
			if best[j]+1 > best[i] && before(order[j], a) {
				best[i], prev[i] = best[j]+1, j
			}
		}
		if end < 0 || best[i] > best[end] {
			end = i
		}
	}
	var chain []int32
	for i := end; i >= 0; i = prev[i] {
		chain = append(chain, c.members[order[i]])
	}
	for a, b := 0, len(chain)-1; a < b; a, b = a+1, b-1 {
		chain[a], chain[b] = chain[b], chain[a]
	}
	return &eqClass{members: chain, vec: c.vec, root: true}
}
