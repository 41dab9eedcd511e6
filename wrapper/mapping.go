package wrapper

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/objectrunner/objectrunner/sod"
)

// StopError reports that induction stopped early because the source cannot
// meet the SOD (seed ObjectRunner, §3.3): Type names the entity type that
// could not be placed.
type StopError struct {
	// Reason says, readably, why the SOD cannot be met.
	Reason string
	// Type is the entity type (or "a|b" alternatives) that could not be
	// placed; empty when the stop is not about one type.
	Type string
}

// Error prints the reason, prefixed with the type.
func (e *StopError) Error() string {
	if e.Type != "" {
		return fmt.Sprintf("wrapper: stopped early: type %q: %s", e.Type, e.Reason)
	}
	return "wrapper: stopped early: " + e.Reason
}

// FieldSpec is one SOD field the wrapper extracts.
type FieldSpec struct {
	// Path is the field name, or "parent.name" for a field of a nested tuple.
	Path string `json:"path"`
	// Name is the field's own name; Parent the nested tuple field it belongs
	// to ("" at the root).
	Name   string `json:"name"`
	Parent string `json:"parent,omitempty"`
	// Types are the entity type names whose annotations count for the field
	// (the type, or the alternatives of a disjunction).
	Types []string `json:"types,omitempty"`
	// Mult is the field's multiplicity in SOD syntax.
	Mult string `json:"mult"`
	// Many and Optional are derived from Mult.
	Many     bool `json:"many"`
	Optional bool `json:"optional"`
	// Tuple marks a nested tuple field (its values are objects).
	Tuple bool `json:"tuple,omitempty"`
	// WholeNode prefers slots whose values are whole DOM text nodes.
	WholeNode bool `json:"whole_node,omitempty"`
	// Set is the template set whose iterations are the field's nested
	// objects (Tuple fields only; -1 when unknown).
	Set int `json:"set"`
}

// SlotMap says which SOD field a template slot holds and how sure we are.
type SlotMap struct {
	Slot  int    `json:"slot"`
	Field string `json:"field"`
	Type  string `json:"type"`
	// Share is the share of the field's types among the slot's annotated
	// sample values; Coverage the share of its sample values annotated with
	// them.
	Share    float64 `json:"share"`
	Coverage float64 `json:"coverage"`
	// Seps are runs of words between tags that separate the items of a set
	// field's values ("and" between two links): unannotated runs seen on
	// two pages or more of the sample.
	Seps []string `json:"seps,omitempty"`
	// SepWords split a run of text into items ("A, B and C"): unannotated
	// words seen between annotated words of one text node on two pages or
	// more, and the punctuation "&", "/" or "+" seen between two annotated
	// items (across tags) on two pages or more; without that evidence
	// those characters are part of a value ("Grosset & Dunlap").
	SepWords []string `json:"sep_words,omitempty"`
	// Run says the slot's sample values never contain tags: on a page
	// whose template text after the slot is missing, the value is cut at
	// the first tag.
	Run bool `json:"run,omitempty"`
	// Cut, when set, keeps one segment of the value: values are split at
	// tags and at separators such as "-", "|", "(" and the annotations of
	// the sample fell in segment Index counted from the left (or from the
	// right when FromRight).
	Cut *Cut `json:"cut,omitempty"`
}

// sodFields flattens the SOD's root tuple into field specs.
func sodFields(s *sod.SOD) []FieldSpec {
	var out []FieldSpec
	var add func(parent string, t *sod.Type)
	add = func(parent string, t *sod.Type) {
		if t == nil || t.Kind != sod.Tuple {
			return
		}
		for _, f := range t.Fields {
			fs := FieldSpec{Name: f.Name, Path: f.Name, Parent: parent, Mult: f.Mult.String(),
				Many: f.Mult.Many(), Optional: f.Mult.Optional(), Set: -1}
			if parent != "" {
				fs.Path = parent + "." + f.Name
			}
			switch f.Type.Kind {
			case sod.Tuple:
				fs.Tuple = true
				out = append(out, fs)
				if parent == "" {
					add(f.Name, f.Type)
				}
				continue
			case sod.Disjunction:
				for _, a := range f.Type.Alternatives {
					fs.Types = append(fs.Types, a.Name)
					fs.WholeNode = fs.WholeNode || a.WholeNode
				}
			default:
				fs.Types = []string{f.Type.Name}
				fs.WholeNode = f.Type.WholeNode
			}
			out = append(out, fs)
		}
	}
	if s.Root != nil && s.Root.Kind == sod.Entity {
		out = append(out, FieldSpec{Name: s.Root.Name, Path: s.Root.Name, Types: []string{s.Root.Name}, Mult: "1", Set: -1, WholeNode: s.Root.WholeNode})
		return out
	}
	add("", s.Root)
	return out
}

// slotStats are the annotation statistics of one slot over the sample.
type slotStats struct {
	occ    int            // non-empty values
	annOcc int            // values with any annotation
	whole  int            // values that are whole text nodes
	types  map[string]int // values annotated with each type
	runs   map[string]map[int]bool
	runAnn map[string]bool
	// sepWord: unannotated words found between annotated words of a value
	// (pages seen); annWord: words annotated somewhere in the slot.
	sepWord map[string]map[int]bool
	annWord map[string]bool
	// Segment statistics per type: values cut into several segments where
	// the type's annotations fall inside one segment, counted by its index
	// from the left and from the right.
	segN       map[string]int
	segL, segR map[string]map[int]int
	values     map[string]bool // distinct values
	tagged     int             // values with tags inside
	some       map[string]int  // values where the type covers some words
}

func (st *slotStats) count(types []string) int {
	n := 0
	for _, t := range types {
		n += st.types[t]
	}
	return n
}

// gather runs the template over the sample and collects slot statistics.
func gather(w *Wrapper, pages [][]token) []*slotStats {
	stats := make([]*slotStats, len(w.tmpl.Slots))
	for i := range stats {
		stats[i] = &slotStats{some: map[string]int{}, values: map[string]bool{}, types: map[string]int{}, runs: map[string]map[int]bool{}, runAnn: map[string]bool{},
			sepWord: map[string]map[int]bool{}, annWord: map[string]bool{},
			segN: map[string]int{}, segL: map[string]map[int]int{}, segR: map[string]map[int]int{}}
	}
	for pg, toks := range pages {
		m := newMatcher(w, toks)
		root := &mrec{set: -1}
		if _, ok := m.seq(w.tmpl.Root, 0, len(toks), root); !ok {
			continue
		}
		var visit func(r *mrec)
		visit = func(r *mrec) {
			for _, v := range r.vals {
				st := stats[v.slot]
				txt, a, b := valueText(toks, v.a, v.b)
				if txt == "" {
					continue
				}
				st.occ++
				st.values[txt] = true
				// A value counts as an instance of a type when that type's
				// annotations cover at least half of its words: a long
				// slot that merely contains a few instances does not.
				words := 0
				cover := map[string]int{}
				for x := a; x < b; x++ {
					if toks[x].kind != KindWord {
						continue
					}
					words++
					for _, typ := range toks[x].annTypes() {
						cover[typ]++
					}
				}
				seen := map[string]bool{}
				for typ := range cover {
					st.some[typ]++
				}
				for typ, c := range cover {
					if 2*c >= words {
						seen[typ] = true
					}
				}
				if len(seen) > 0 {
					st.annOcc++
				}
				for t := range seen {
					st.types[t]++
				}
				for x := a; x < b; x++ {
					if toks[x].kind != KindWord {
						st.tagged++
						break
					}
				}
				if wholeNode(toks, a, b) {
					st.whole++
				}
				if segs := segments(toks, a, b); len(segs) > 1 {
					for typ := range cover {
						st.segN[typ]++
						for i, sg := range segs {
							in, all := 0, 0
							for x := sg[0]; x < sg[1]; x++ {
								all++
								for _, t := range toks[x].annTypes() {
									if t == typ {
										in++
									}
								}
							}
							if in > 0 && in == cover[typ] && 2*in >= all {
								if st.segL[typ] == nil {
									st.segL[typ], st.segR[typ] = map[int]int{}, map[int]int{}
								}
								st.segL[typ][i]++
								st.segR[typ][len(segs)-1-i]++
							}
						}
					}
				}
				// Words inside one text node between two annotated words
				// ("A, B and C" written as plain text) may separate items.
				for x := a; x < b; x++ {
					if toks[x].kind == KindWord && len(toks[x].ann) > 0 {
						st.annWord[toks[x].text] = true
					}
				}
				for x := a + 1; x+1 < b; x++ {
					t := &toks[x]
					weak := sepToken(t, weakSeps)
					if t.kind != KindWord || len(t.ann) > 0 || (edgeToken(t) && !weak) {
						continue
					}
					before, after := false, false
					if weak {
						// "&" or "/" between two annotated items, which
						// may be links: the nearest words on both sides,
						// across tags, are annotated.
						before = annotatedWord(toks, x, a, -1)
						after = annotatedWord(toks, x, b-1, 1)
					}
					for y := x - 1; y >= a && toks[y].node == t.node && !before; y-- {
						before = len(toks[y].ann) > 0
					}
					for y := x + 1; y < b && toks[y].node == t.node && !after; y++ {
						after = len(toks[y].ann) > 0
					}
					if before && after {
						if st.sepWord[t.text] == nil {
							st.sepWord[t.text] = map[int]bool{}
						}
						st.sepWord[t.text][pg] = true
					}
				}
				for _, rn := range runs(toks, v.a, v.b) {
					rt, ra, rb := valueText(toks, rn[0], rn[1])
					if rt == "" || len(strings.Fields(rt)) > 3 {
						continue
					}
					if st.runs[rt] == nil {
						st.runs[rt] = map[int]bool{}
					}
					st.runs[rt][pg] = true
					for x := ra; x < rb; x++ {
						if len(toks[x].ann) > 0 {
							st.runAnn[rt] = true
						}
					}
				}
			}
			for _, k := range r.kids {
				visit(k)
			}
		}
		visit(root)
	}
	return stats
}

// annotatedWord reports whether the nearest word from token x in direction
// dir (±1), up to token lim, skipping tags and separator punctuation, is
// annotated.
func annotatedWord(toks []token, x, lim, dir int) bool {
	for y := x + dir; (dir < 0 && y >= lim) || (dir > 0 && y <= lim); y += dir {
		t := &toks[y]
		if t.kind != KindWord || edgeToken(t) || sepToken(t, itemSeps+weakSeps) {
			continue
		}
		return len(t.ann) > 0
	}
	return false
}

// slotSets returns, for every slot, the IDs of the sets enclosing it
// (outermost first).
func slotSets(t *Template) [][]int {
	out := make([][]int, len(t.Slots))
	var rec func(n Node, sets []int)
	rec = func(n Node, sets []int) {
		switch n := n.(type) {
		case *SlotNode:
			out[n.ID] = append([]int(nil), sets...)
		case *SeqNode:
			for _, c := range n.Nodes {
				rec(c, sets)
			}
		case *SetNode:
			rec(n.Body, append(sets, n.ID))
		case *OptionalNode:
			rec(n.Body, sets)
		case *DisjunctionNode:
			for _, c := range n.Alts {
				rec(c, sets)
			}
		}
	}
	rec(t.Root, nil)
	return out
}

type cand struct {
	field int
	slot  int
	cnt   int
	share float64
	cov   float64
	score float64
}

// mapSlots assigns SOD fields to slots within object scope `scope` (-1: the
// page). A field's candidate slots are those where its types reach
// GeneraliseThres of the annotated values and MinAnnotated of the sample;
// single-valued fields take the best candidate that is not inside a set
// below the scope; set fields take every candidate close to the best one.
func mapSlots(w *Wrapper, stats []*slotStats, nPages int, scope int) ([]SlotMap, float64, *StopError) {
	sets := slotSets(w.tmpl)
	labels := slotLabels(w.tmpl)
	minCnt := max(1, int(math.Ceil(w.opt.MinAnnotated*float64(nPages))))
	inScope := func(s int) (bool, int) {
		ss := sets[s]
		if scope < 0 {
			return true, len(ss)
		}
		for i, id := range ss {
			if id == scope {
				return true, len(ss) - i - 1
			}
		}
		return false, 0
	}
	var cands []cand
	for fi, f := range w.fields {
		if f.Tuple {
			continue
		}
		for s, st := range stats {
			ok, depth := inScope(s)
			if !ok || st.annOcc == 0 {
				continue
			}
			c := st.count(f.Types)
			share := float64(c) / float64(st.annOcc)
			if c < minCnt || share < w.opt.GeneraliseThres {
				continue
			}
			single := f.Parent == "" && !f.Many
			if single && depth > 0 {
				continue
			}
			score := float64(c) * share
			// A slot whose value hardly varies across pages is template-like
			// (a menu entry a dictionary happens to know).
			if d := float64(len(st.values)-1) / (0.25 * float64(st.occ)); d < 1 {
				score *= d
			}
			// Values that are whole text nodes are preferred, strongly for
			// whole-node types.
			whole := float64(st.whole) / float64(st.occ)
			if f.WholeNode {
				score *= 0.5 + 0.5*whole
			} else {
				score *= 0.75 + 0.25*whole
			}
			// A template label naming the field just before the slot
			// ("Publisher:", "ISBN-13") is evidence for it.
			if labelMatches(labels[s], f) {
				score *= 1.5
			}
			cands = append(cands, cand{fi, s, c, share, float64(c) / float64(st.occ), score})

		}
	}
	sort.SliceStable(cands, func(a, b int) bool { return cands[a].score > cands[b].score })
	used := map[int]bool{}
	done := map[int]bool{}
	var out []SlotMap
	total := 0.0
	best := map[int]float64{}
	for _, single := range []bool{true, false} {
		for _, c := range cands {
			f := w.fields[c.field]
			if (f.Parent == "" && !f.Many) != single || used[c.slot] {
				continue
			}
			if single && done[c.field] {
				continue
			}
			if !single {
				if b, ok := best[c.field]; ok && c.score < 0.25*b {
					continue
				}
				if _, ok := best[c.field]; !ok {
					best[c.field] = c.score
				}
			}
			used[c.slot], done[c.field] = true, true
			total += c.score
			sm := SlotMap{Slot: c.slot, Field: f.Path, Type: f.Types[0], Share: c.share, Coverage: c.cov, Run: stats[c.slot].tagged == 0}
			if !f.Many {
				sm.Cut = segmentRule(stats[c.slot], f.Types, w.opt.GeneraliseThres)
			}
			if !single {
				st := stats[c.slot]
				for r, pgs := range st.runs {
					if len(pgs) >= 2 && !st.runAnn[r] {
						sm.Seps = append(sm.Seps, r)
					}
				}
				for w, pgs := range st.sepWord {
					if len(pgs) >= 2 && !st.annWord[w] {
						sm.SepWords = append(sm.SepWords, w)
					}
				}
				sort.Strings(sm.SepWords)
				sort.Strings(sm.Seps)
			}
			out = append(out, sm)
		}
	}
	for _, f := range w.fields {
		if f.Tuple || f.Optional || done[indexOf(w.fields, f.Path)] {
			continue
		}
		if f.Parent != "" {
			if p := w.fields[indexOf(w.fields, f.Parent)]; p.Optional {
				continue
			}
		}
		typ := strings.Join(f.Types, "|")
		// Explain with the slot holding most of the type's annotations.
		best, bestN := -1, 0
		for i, st := range stats {
			n := 0
			for _, t := range f.Types {
				n += st.some[t]
			}
			if n > bestN {
				best, bestN = i, n
			}
		}
		if best < 0 {
			return out, total, &StopError{Type: typ, Reason: fmt.Sprintf(
				"mandatory field %q: no slot of the template holds an annotated value", f.Path)}
		}
		st := stats[best]
		var others []string
		for t := range st.some {
			if !contains(f.Types, t) {
				others = append(others, t)
			}
		}
		sort.Strings(others)
		c := st.count(f.Types)
		reason := fmt.Sprintf("mandatory field %q has no consistent slot: the slot with most of its annotations (%d of %d sample values touch it) has %d values that are mainly instances of it (need %d, share ≥ %.2f)",
			f.Path, bestN, st.occ, c, minCnt, w.opt.GeneraliseThres)
		if len(others) > 0 {
			reason += "; the slot mixes it with " + strings.Join(others, ", ")
		}
		return out, total, &StopError{Type: typ, Reason: reason}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Slot < out[b].Slot })
	return out, total, nil
}

func indexOf(fs []FieldSpec, path string) int {
	for i, f := range fs {
		if f.Path == path {
			return i
		}
	}
	return -1
}

// wholeNode reports whether tokens [a, b) are all the words of one text node,
// apart from separator punctuation at its edges.
func wholeNode(toks []token, a, b int) bool {
	n := toks[a].node
	if toks[a].kind != KindWord || toks[b-1].node != n {
		return false
	}
	for x := a - 1; x >= 0 && toks[x].node == n && toks[x].kind == KindWord; x-- {
		if !edgeToken(&toks[x]) {
			return false
		}
	}
	for x := b; x < len(toks) && toks[x].node == n && toks[x].kind == KindWord; x++ {
		if !edgeToken(&toks[x]) {
			return false
		}
	}
	return true
}

// slotLabels returns, for every slot, the words of the constant text just
// before it (up to three), lower-cased and reduced to letters and digits.
func slotLabels(t *Template) [][]string {
	out := make([][]string, len(t.Slots))
	var rec func(n Node)
	rec = func(n Node) {
		switch n := n.(type) {
		case *SeqNode:
			for i, c := range n.Nodes {
				if sl, ok := c.(*SlotNode); ok && i > 0 {
					if tx, ok := n.Nodes[i-1].(*TextNode); ok {
						var words []string
						for j := len(tx.Toks) - 1; j >= 0 && len(words) < 3; j-- {
							if tx.Toks[j].Kind == KindWord {
								if w := alnum(tx.Toks[j].Text); w != "" {
									words = append(words, w)
								}
							}
						}
						out[sl.ID] = words
					}
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
	rec(t.Root)
	return out
}

func alnum(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// labelMatches reports whether a label word equals the field name, a word of
// it, or one of its type names (compared on letters and digits).
func labelMatches(label []string, f FieldSpec) bool {
	names := []string{f.Name}
	names = append(names, f.Types...)
	for _, n := range names {
		whole := alnum(n)
		parts := strings.FieldsFunc(strings.ToLower(n), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		for _, w := range label {
			if w == whole {
				return true
			}
			for _, p := range parts {
				if len(p) >= 3 && w == p {
					return true
				}
			}
		}
	}
	return false
}

// Cut selects one segment of a slot value (see SlotMap.Cut).
type Cut struct {
	Index     int  `json:"index"`
	FromRight bool `json:"from_right,omitempty"`
}

// segmentRule learns a Cut for a slot whose sample values hold the field's
// instance in one segment among several, at a fixed index from the left or
// the right in at least thres of the values that were cut.
func segmentRule(st *slotStats, types []string, thres float64) *Cut {
	n := 0
	for _, t := range types {
		n += st.segN[t]
	}
	if n == 0 || float64(n) < 0.5*float64(st.count(types)) {
		return nil
	}
	var best *Cut
	bc := 0
	for _, right := range []bool{false, true} {
		tally := map[int]int{}
		for _, t := range types {
			m := st.segL[t]
			if right {
				m = st.segR[t]
			}
			for i, c := range m {
				tally[i] += c
			}
		}
		for i, c := range tally {
			if c > bc || (c == bc && best != nil && !right && i < best.Index) {
				best, bc = &Cut{Index: i, FromRight: right}, c
			}
		}
	}
	if best == nil || float64(bc) < thres*float64(n) {
		return nil
	}
	return best
}
