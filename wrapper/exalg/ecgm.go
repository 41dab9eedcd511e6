package exalg

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"sort"
)

// BaseKey identifies a token by what it looks like: kind, text and DOM
// occurrence path. DIFFFORMAT makes it the initial role of a token.
type BaseKey struct {
	Kind Kind   // tag or word
	Text string // tag name or word
	Path int32  // interned occurrence path
}

// roleKey refines a role by a context hash.
type roleKey struct {
	role int32
	ctx  uint64
}

// ecgm is the Equivalence Class Generation Module of ExAlg (Section 4.4):
// pages as strings of dtokens (roles) and the classes found on them.
type ecgm struct {
	opt    Options
	pages  [][]Token
	seqs   [][]int32 // role of every token
	nRoles int
	base   []BaseKey // role -> token it was derived from
	// data marks roles that may not join a class: words consistently
	// annotated as entity values (ObjectRunner: annotated text is data even
	// when it is regular).
	data    []bool
	classes []*eqClass
	seed    maphash.Seed
}

// Learn runs ExAlg on the token streams of the sample pages: ECGM
// (equivalence classes to a fixpoint, with opt.Annotations ObjectRunner's
// Algorithm 2) then CONSTTEMP, and returns the template of the root class.
// pathName prints a token's interned occurrence path for the template's
// tokens (Tok.Path).
func Learn(pages [][]Token, opt Options, pathName func(int32) string) *Template {
	e := newECGM(pages, opt)
	e.run()
	return buildTemplate(e, pathName)
}

// diffFormat is DIFFFORMAT (Observation 4.4): "two page-tokens with different
// occurrence-paths have different roles". Initial role = (kind, text, path).
func newECGM(pages [][]Token, opt Options) *ecgm {
	e := &ecgm{opt: opt, pages: pages, seed: maphash.MakeSeed()}
	ids := map[BaseKey]int32{}
	e.seqs = make([][]int32, len(pages))
	for i, toks := range pages {
		s := make([]int32, len(toks))
		for x := range toks {
			k := BaseKey{toks[x].Kind, toks[x].Text(), toks[x].Path}
			id, ok := ids[k]
			if !ok {
				id = int32(len(e.base))
				ids[k] = id
				e.base = append(e.base, k)
			}
			s[x] = id
		}
		e.seqs[i] = s
	}
	e.nRoles = len(e.base)
	return e
}

// refine replaces every role by intern(role, ctx[page][x]) and reports
// whether the number of roles grew.
func (e *ecgm) refine(ctx [][]uint64) bool {
	ids := make(map[roleKey]int32, e.nRoles*2)
	var base []BaseKey
	var data []bool
	for pg, s := range e.seqs {
		for x, r := range s {
			k := roleKey{r, ctx[pg][x]}
			id, ok := ids[k]
			if !ok {
				id = int32(len(base))
				ids[k] = id
				base = append(base, e.base[r])
				if e.data != nil {
					data = append(data, e.data[r])
				}
			}
			s[x] = id
		}
	}
	grew := len(base) > e.nRoles
	e.base, e.nRoles, e.data = base, len(base), data
	return grew
}

// findEq is FINDEQ: occurrence vectors of all roles, grouped into classes;
// only large (≥ SizeThres roles) and frequent (support ≥ SupThres·n pages,
// and ≥ 2 pages) classes are kept, plus the root class holding the page
// sentinels.
func (e *ecgm) findEq() []*eqClass {
	n := len(e.seqs)
	cnt := make([]int32, e.nRoles*n)
	for pg, s := range e.seqs {
		for _, r := range s {
			cnt[int(r)*n+pg]++
		}
	}
	groups := map[string]*eqClass{}
	var order []string
	buf := make([]byte, 4*n)
	for r := 0; r < e.nRoles; r++ {
		if e.data != nil && e.data[r] {
			continue
		}
		v := cnt[r*n : r*n+n]
		for i, c := range v {
			binary.LittleEndian.PutUint32(buf[4*i:], uint32(c))
		}
		k := string(buf)
		g, ok := groups[k]
		if !ok {
			g = &eqClass{vec: v}
			groups[k] = g
			order = append(order, k)
		}
		g.members = append(g.members, int32(r))
		if e.base[r].Kind == KindSentinel {
			g.root = true
		}
	}
	// A class seen on a single page is no evidence of a template (the
	// words of one page's values form such classes), so at least two
	// pages are required whatever SupThres says.
	minSup := max(min(2, n), int(math.Ceil(e.opt.SupThres*float64(n)-1e-9)))
	var out []*eqClass
	for _, k := range order {
		g := groups[k]
		sup := 0
		for _, c := range g.vec {
			if c > 0 {
				sup++
			}
		}
		if g.root || ((len(g.members) >= e.opt.SizeThres || e.repeatedPair(g)) && sup >= minSup && sup > 0) {
			out = append(out, g)
		}
	}
	return out
}

// diffEq is DIFFEQ (Observation 4.5): the role of a token is refined by its
// position (outside, or Pos(p)) relative to every class it is not a member of.
func (e *ecgm) diffEq(cs []*eqClass) bool {
	h := newHandinv(e.seqs, e.nRoles)
	ctx := make([][]uint64, len(e.seqs))
	for pg, s := range e.seqs {
		ctx[pg] = make([]uint64, len(s))
	}
	var b [16]byte
	for ci, c := range cs {
		for pg := range e.seqs {
			o, _ := h.occurrences(c.members, pg)
			for k := 0; k < o.count(); k++ {
				mem := o.pos[k*o.m : k*o.m+o.m]
				for j := 0; j+1 < len(mem); j++ {
					for x := mem[j] + 1; x < mem[j+1]; x++ {
						binary.LittleEndian.PutUint64(b[:8], ctx[pg][x])
						binary.LittleEndian.PutUint32(b[8:], uint32(ci))
						binary.LittleEndian.PutUint32(b[12:], uint32(j+1))
						ctx[pg][x] = maphash.Bytes(e.seed, b[:])
					}
				}
			}
		}
	}
	return e.refine(ctx)
}

// handInv runs HANDINV on the classes.
func (e *ecgm) handInv(cs []*eqClass) []*eqClass {
	return newHandinv(e.seqs, e.nRoles).run(cs)
}

// run is the ECGM loop; with annotations it is ObjectRunner's Algorithm 2:
//
//	differentiate roles using HTML features            (newECGM)
//	repeat
//	  repeat
//	    find equivalence classes; handle invalid ones
//	    differentiate using EQs + non-conflicting annotations
//	  until fixpoint
//	  differentiate using EQs + conflicting annotations
//	until fixpoint
func (e *ecgm) run() {
	iter := 0
	for outer := 0; outer < e.opt.MaxIterations; outer++ {
		for iter < e.opt.MaxIterations {
			iter++
			if e.opt.Annotations {
				e.markData()
			}
			e.classes = e.handInv(e.findEq())
			grew := e.diffEq(e.classes)
			if e.opt.Annotations && e.diffAnn(false) {
				grew = true
			}
			if !grew {
				break
			}
		}
		if !e.opt.Annotations || !e.diffAnn(true) {
			break
		}
	}
	if e.opt.Annotations {
		e.markData()
	}
	e.classes = e.handInv(e.findEq())
	sort.SliceStable(e.classes, func(a, b int) bool { return e.classes[a].root && !e.classes[b].root })
}
