package exalg

import (
	"encoding/binary"
	"golang.org/x/net/html"
	"hash/maphash"
	"math"
)

// tokType returns the single annotation type on a token, or "" when it has
// none or several.
func tokType(t *Token) string {
	typ := ""
	for _, a := range t.Ann() {
		if typ == "" {
			typ = a.Type
		} else if a.Type != typ {
			return ""
		}
	}
	return typ
}

// markData marks the word roles whose occurrences are annotated with an
// entity type in at least GeneraliseThres of the cases: their text is data,
// however regular it is (seed ObjectRunner, §2: "New York" recognised as part
// of an address is not template).
func (e *ecgm) markData() {
	occ := make([]int32, e.nRoles)
	ann := make([]int32, e.nRoles)
	inner := make([]int32, e.nRoles)
	for pg, s := range e.seqs {
		for x, r := range s {
			t := &e.pages[pg][x]
			if t.Kind != KindWord {
				continue
			}
			occ[r]++
			if len(t.Ann()) > 0 {
				ann[r]++
			}
			if innerWord(e.pages[pg], s, x) {
				inner[r]++
			}
		}
	}
	e.data = make([]bool, e.nRoles)
	for r := range occ {
		if occ[r] > 0 && float64(ann[r]) >= e.opt.GeneraliseThres*float64(occ[r]) {
			e.data[r] = true
		}
		if inner[r] >= 2 && float64(inner[r]) >= e.opt.MinAnnotated*float64(occ[r]) {
			e.data[r] = true
		}
	}
}

// innerWord reports whether word x is inside an annotated instance that
// also covers a word of another role right next to it in its text node:
// "College" in "St. Achterberg's College" recognised as a college is part
// of a name whose middle varies, not a template word, even when the
// dictionary knows few of the names (a template label next to a value is
// never inside the value's instance).
func innerWord(toks []Token, roles []int32, x int) bool {
	for _, a := range toks[x].Ann() {
		for _, y := range [2]int{x - 1, x + 1} {
			if y < 0 || y >= len(toks) || toks[y].Kind != KindWord || toks[y].Node() != toks[x].Node() || roles[y] == roles[x] {
				continue
			}
			for _, b := range toks[y].Ann() {
				if a == b {
					return true
				}
			}
		}
	}
	return false
}

// diffAnn differentiates roles by annotations (seed ObjectRunner, §3.3).
// Only roles whose annotated occurrences carry one type (conflicting ==
// false) or several types (conflicting == true) are considered. For a role,
// the k-th occurrence within each parent element, for k below the minimal
// number of such consecutive occurrences across parents and pages, gets the most frequent annotation type of the
// k-th occurrences when that type's share among them reaches
// GeneraliseThres; the rest keep their role. A role whose labelled
// occurrences all get the same type is left alone: its occurrences are
// instances of one type (a set such as several authors) and splitting the
// first ones off would only cut the set.
func (e *ecgm) diffAnn(conflicting bool) bool {
	first := make([]string, e.nRoles)
	conflict := make([]bool, e.nRoles)
	for pg, s := range e.seqs {
		for x, r := range s {
			typ := tokType(&e.pages[pg][x])
			if typ == "" {
				continue
			}
			switch {
			case first[r] == "":
				first[r] = typ
			case first[r] != typ:
				conflict[r] = true
			}
		}
	}
	// Occurrences are counted per parent element: the k-th <td> of a row,
	// the k-th <div> of a body (the "position" whose consecutive
	// occurrences the paper counts).
	type group struct {
		role   int32
		parent *html.Node
	}
	sel := map[int32]bool{}
	for r := range first {
		if first[r] != "" && conflict[r] == conflicting && (e.data == nil || !e.data[r]) {
			sel[int32(r)] = true
		}
	}
	if len(sel) == 0 {
		return false
	}
	byRole := map[int32][][]string{}
	gidx := map[group]int{}
	for pg, s := range e.seqs {
		for x, r := range s {
			if !sel[r] {
				continue
			}
			t := &e.pages[pg][x]
			g := group{r, parentOf(t)}
			i, ok := gidx[g]
			if !ok {
				i = len(byRole[r])
				gidx[g] = i
				byRole[r] = append(byRole[r], nil)
			}
			byRole[r][i] = append(byRole[r][i], tokType(t))
		}
	}
	labels := map[int32][]string{}
	for r, l := range byRole {
		m, pagesWith := math.MaxInt, 0
		for _, ts := range l {
			if len(ts) == 0 {
				continue
			}
			pagesWith++
			m = min(m, len(ts))
		}
		if pagesWith == 0 {
			continue
		}
		minAnn := max(1, int(math.Ceil(e.opt.MinAnnotated*float64(pagesWith))))
		lab := make([]string, m)
		any, same := false, true
		for k := 0; k < m; k++ {
			tally := map[string]int{}
			tot := 0
			for _, ts := range l {
				if len(ts) > k && ts[k] != "" {
					tally[ts[k]]++
					tot++
				}
			}
			best, bc := "", 0
			for t, c := range tally {
				if c > bc || (c == bc && t < best) {
					best, bc = t, c
				}
			}
			if tot >= minAnn && float64(bc) >= e.opt.GeneraliseThres*float64(tot) {
				lab[k] = best
				any = true
			}
			if lab[k] != lab[0] {
				same = false
			}
		}
		if !any || same {
			continue
		}
		labels[r] = lab
	}
	if len(labels) == 0 {
		return false
	}
	ctx := make([][]uint64, len(e.seqs))
	var b [8]byte
	seen := map[group]int{}
	for pg, s := range e.seqs {
		ctx[pg] = make([]uint64, len(s))
		for x, r := range s {
			lab, ok := labels[r]
			if !ok {
				continue
			}
			g := group{r, parentOf(&e.pages[pg][x])}
			k := seen[g]
			seen[g] = k + 1
			if k < len(lab) && lab[k] != "" {
				binary.LittleEndian.PutUint64(b[:], uint64(k+1))
				ctx[pg][x] = maphash.String(e.seed, string(b[:])+lab[k])
			}
		}
	}
	return e.refine(ctx)
}

// parentOf returns the element a token sits in: the parent of a tag's
// element, the parent of a word's text node.
func parentOf(t *Token) *html.Node {
	if t.Node() == nil {
		return nil
	}
	return t.Node().Parent
}
