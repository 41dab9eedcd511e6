package mapping

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"golang.org/x/net/html"
)

// maxSampleRecords bounds the records induction learns from: enough for
// ExAlg's frequency statistics, few enough to keep induction fast.
const maxSampleRecords = 200

// minSampleRecords is the least number of sample records for record-mode
// induction: ExAlg needs a class to occur on two (pseudo-)pages at least.
const minSampleRecords = 2

// sampleRecord is one record of a sample page.
type sampleRecord struct {
	Nodes     []*html.Node
	Page      *annotate.Page
	PageIndex int
}

// sampleRecords cuts the sample pages into records and keeps at most limit
// of them, spread over the pages: the first record of every page, then the
// second, and so on, in page order.
func sampleRecords(pages []*annotate.Page, rp *RecordPattern, limit int) []sampleRecord {
	per := make([][][]*html.Node, len(pages))
	most := 0
	for i, p := range pages {
		per[i] = rp.Records(p)
		most = max(most, len(per[i]))
	}
	var out []sampleRecord
	for k := 0; k < most && len(out) < limit; k++ {
		for i, recs := range per {
			if k < len(recs) && len(out) < limit {
				out = append(out, sampleRecord{Nodes: recs[k], Page: pages[i], PageIndex: i})
			}
		}
	}
	return out
}

// A slot's value shapes are kept when at most maxShapes of them cover
// shapeCover of the sample's instances.
const (
	maxShapes  = 4
	shapeCover = 0.9
)

// shape is the character-class form of a value: runs of digits, of upper-
// and of lower-case letters become "9", "A" and "a"; other characters
// stay ("$38.00" and "$7.99" both give "$9.9").
func shape(s string) string {
	var b strings.Builder
	last := rune(0)
	for _, r := range s {
		c := r
		switch {
		case unicode.IsDigit(r):
			c = '9'
		case unicode.IsUpper(r):
			c = 'A'
		case unicode.IsLetter(r):
			c = 'a'
		case unicode.IsSpace(r):
			c = ' '
		}
		if c == last && (c == '9' || c == 'A' || c == 'a' || c == ' ') {
			continue
		}
		b.WriteRune(c)
		last = c
	}
	return b.String()
}

// Presence thresholds of mapSegments: a mandatory field's slot that holds
// its type in fewer than mandatoryPresence of the sample records gives way
// to one that holds it in at least fullPresence of them.
const (
	mandatoryPresence = 0.8
	fullPresence      = 0.95
)

// othersIn counts the values of a slot annotated with types other than
// types.
func othersIn(st *slotStats, types []string) int {
	n := 0
	for t, c := range st.Some {
		if !slices.Contains(types, t) {
			n += c
		}
	}
	return n
}

// halfSep reports whether word x of a set value [a, b) may separate two
// items of which only one is annotated: a short lower-case word, or one of
// weakSeps ("&"), of one text node between an annotated word and a
// capitalised one, with no separator punctuation between it and either
// ("Maya Okafor and Hunter Prescott" where the dictionary knows one
// name). The annotated word is x's neighbour: in "Ann Lee & Greta V. De
// la Cruz", "la" is no separator.
func halfSep(tk []Token, x, a, b int) bool {
	t := &tk[x]
	weak := sepToken(t, weakSeps)
	if t.Kind != KindWord || len(t.Ann()) > 0 || exalg.EdgeToken(t) || (!weak && !lowerInitial(t.Text())) || len(t.Text()) > 4 {
		return false
	}
	// neighbour says whether the nearest word on one side is annotated,
	// and whether separator punctuation stands between.
	neighbour := func(step int) (ann, split bool) {
		for y := x + step; y >= a && y < b && tk[y].Node() == t.Node(); y += step {
			if sepToken(&tk[y], itemSeps+weakSeps) {
				return false, true
			}
			if tk[y].Kind == KindWord && !exalg.EdgeToken(&tk[y]) {
				return len(tk[y].Ann()) > 0, false
			}
		}
		return false, false
	}
	before, splitL := neighbour(-1)
	after, splitR := neighbour(1)
	return before != after && !splitL && !splitR && capitalNeighbour(tk, x, a, b, t.Node(), before)
}

// attached reports whether word x touches the word before or after it in
// its text node ("!" in "Pilots!,"): punctuation of a value, not a
// separator word.
func attached(toks []Token, x int) bool {
	t := &toks[x]
	if x > 0 && toks[x-1].Kind == KindWord && toks[x-1].Node() == t.Node() && toks[x-1].End == t.Start {
		return true
	}
	return x+1 < len(toks) && toks[x+1].Kind == KindWord && toks[x+1].Node() == t.Node() && toks[x+1].Start == t.End && !sepToken(&toks[x+1], itemSeps)
}

// sepMaxPathAnn: runs at a DOM path where at least this share of the runs
// are annotated with the field's types are items, never separators.
const sepMaxPathAnn = 0.2

// HasType reports whether an annotation of one of types is in anns.
func HasType(anns []*annotate.Annotation, types []string) bool {
	for _, a := range anns {
		if slices.Contains(types, a.Type) {
			return true
		}
	}
	return false
}

// containEnd returns where the value [a, b) leaves the element that holds
// its first token (b when it never does): the end tag of that element or
// the first token outside it.
func containEnd(toks []Token, a, b int) int {
	if a >= b || toks[a].Node() == nil {
		return b
	}
	c := toks[a].Node().Parent
	if c == nil {
		return b
	}
	for x := a; x < b; x++ {
		n := toks[x].Node()
		if n == nil {
			return x
		}
		in := false
		for u := n.Parent; u != nil; u = u.Parent {
			if u == c {
				in = true
				break
			}
		}
		if !in {
			return x
		}
	}
	return b
}

// sepMinShare is the least share of a set slot's sample values a run of
// words must occur in to be learned as a separator of its items.
const sepMinShare = 0.03

// InduceRecords learns the record template of w from the records rp finds
// on the sample pages: the records are the pseudo-pages of a detail-page
// induction (one object per record). It returns a *StopError when the
// records cannot meet the SOD.
func (w *State) InduceRecords(pages []*annotate.Page, rp *RecordPattern) error {
	recs := sampleRecords(pages, rp, maxSampleRecords)
	if len(recs) < minSampleRecords {
		return &StopError{Reason: fmt.Sprintf("the record pattern finds %d record(s) in the %d sample pages (need %d)", len(recs), len(pages), minSampleRecords)}
	}
	w.Paths.Cls = learnClassRules(recs)
	w.Paths.Rows = LearnRowOrder(recs)
	toks := make([][]Token, len(recs))
	pageOf := make([]int, len(recs))
	for i, r := range recs {
		toks[i] = tokenizeNodes(r.Nodes, r.Page, w.Paths)
		pageOf[i] = r.PageIndex
	}
	stats := w.LearnTemplate(toks)
	w.Records = rp // record mode, for mapSlots
	w.recordPages(pageOf, len(pages))
	sm, _, serr := MapSlots(w, stats, len(toks), -1)
	if serr != nil {
		return serr
	}
	w.SlotMaps, w.Scope = sm, -1
	w.mapSegments(stats, len(toks))
	w.learnMinSegments(toks)
	w.refineSets(toks, pageOf)
	w.LearnAloneSeps(toks, pageOf)
	w.LearnListSeps(toks, pageOf)
	w.LearnPlaceholders(stats)
	w.Link()
	w.LearnJoins(toks)
	w.LearnExtends(toks)
	w.LearnBlocks(toks)
	return nil
}

// extractRecords applies a record-mode wrapper to a page: one object per
// record that fits the record template, with Index the record's position
// among the page's records. Records the template does not match are
// skipped; records where a mandatory field has no value still give their
// object. Either way the page gets a *MismatchError (Records and Skipped
// set, Partial when objects were found) returned with the objects.
func (w *State) extractRecords(p *annotate.Page) ([]*Object, error) {
	recs := w.Records.Records(p)
	var objs []*Object
	skipped, incomplete := 0, 0
	reason := ""
	for i, nodes := range recs {
		toks := tokenizeNodes(nodes, p, w.Paths)
		m := newMatcher(w, toks)
		root := &mrec{Set: -1}
		if _, ok := m.seq(w.Template.Root, 0, len(toks), root); !ok {
			skipped++
			if reason == "" {
				reason = fmt.Sprintf("record %d: %s", i, m.fail)
			}
			continue
		}
		o := &Object{Page: p.Path, Index: i, Fields: w.build(toks, root, "")}
		w.agree(o) // typed.go
		o.Missing = w.missing(o)
		missing := o.Missing
		if len(missing) > 0 {
			incomplete++
			if reason == "" {
				reason = fmt.Sprintf("record %d: mandatory field(s) without value: %s", i, strings.Join(missing, ", "))
			}
		}
		objs = append(objs, o)
	}
	if skipped+incomplete > 0 {
		return objs, &MismatchError{Page: p.Path, Partial: len(objs) > 0, Records: len(recs), Skipped: skipped,
			Reason: fmt.Sprintf("%d of %d records do not fit the record template (first: %s)", skipped+incomplete, len(recs), reason)}
	}
	if len(objs) == 0 && w.PageMin > 0 {
		return nil, &MismatchError{Page: p.Path, Reason: fmt.Sprintf("no record found (the SOD wants %s per page): %s", w.Mult, w.Records.WhyNoRecords(p))}
	}
	return objs, nil
}

// mapSegments completes the slot mapping of a record-mode wrapper for
// single-valued fields whose instances fill one segment of a slot's values
// rather than most of them ("13 Jul 2010 | Paperback | 320 pages"): an
// unmapped field gets a free slot where its annotations fall, in enough
// sample values, always in the same segment (a Cut), and no other type of
// the SOD is annotated there. It also marks the slots whose Cut only
// applies to values cut into several segments: when the sample's
// instances never filled a whole value, a value of one segment ("(Paperback)"
// where the others read "(Paperback - July 13, 2010)") holds none.
func (w *State) mapSegments(stats []*slotStats, n int) {
	minCnt := max(1, int(math.Ceil(w.Options.MinAnnotated*float64(n))))
	used := map[int]bool{}
	done := map[string]bool{}
	for _, sm := range w.SlotMaps {
		used[sm.Slot], done[sm.Field] = true, true
	}
	// A mandatory field is in every record: a slot that holds its type in
	// few records (the former price in an optional part) gives way to a
	// free slot that holds it in nearly all of them, in one segment (the
	// current price after a rating count). The free slot's presence is
	// weighed by its variation (the score's factor, slotStats.Variation):
	// a dictionary that knows a word of a constant label ("Sale" of
	// "Sale price:") annotates it in every record, and a constant is
	// template, not the field's values.
	presence := func(st *slotStats, types []string) int { return sumOf(st.Some, types) }
	for i := range w.SlotMaps {
		sm := &w.SlotMaps[i]
		f := w.FieldSpecs[IndexOf(w.FieldSpecs, sm.Field)]
		if f.Tuple || f.Many || f.Optional || f.Parent != "" || sm.Slot >= len(stats) {
			continue
		}
		if float64(presence(stats[sm.Slot], f.Types)) >= mandatoryPresence*float64(n) {
			continue
		}
		for sl, st := range stats {
			if used[sl] || float64(presence(st, f.Types))*st.Variation() < fullPresence*float64(n) || othersIn(st, f.Types) > 0 {
				continue
			}
			c := segmentRule(st, f.Types, w.Options.GeneraliseThres, f.Patterned())
			if c == nil && st.Count(f.Types) < presence(st, f.Types) {
				continue
			}
			delete(used, sm.Slot)
			*sm = SlotMap{Slot: sl, Field: f.Path, Type: f.Types[0], Share: 1,
				Coverage: float64(presence(st, f.Types)) / float64(st.Occ), Run: st.Tagged == 0, Cut: c}
			used[sl] = true
			break
		}
	}
	for _, f := range w.FieldSpecs {
		if f.Tuple || f.Many || f.Parent != "" || done[f.Path] {
			continue
		}
		best, bestN := -1, 0
		var bestCut *Cut
		for s, st := range stats {
			if used[s] || st.Occ == 0 {
				continue
			}
			seg, other := 0, 0
			for t, c := range st.Some {
				if slices.Contains(f.Types, t) {
					seg += st.SegN[t]
				} else {
					other += c
				}
			}
			if other > 0 || seg < minCnt || seg <= bestN {
				continue
			}
			if c := segmentRule(st, f.Types, w.Options.GeneraliseThres, f.Patterned()); c != nil {
				best, bestN, bestCut = s, seg, c
			}
		}
		if best < 0 {
			continue
		}
		st := stats[best]
		w.SlotMaps = append(w.SlotMaps, SlotMap{Slot: best, Field: f.Path, Type: f.Types[0], Share: 1,
			Coverage: float64(bestN) / float64(st.Occ), Run: st.Tagged == 0, Cut: bestCut})
		used[best] = true
	}
	sort.Slice(w.SlotMaps, func(a, b int) bool { return w.SlotMaps[a].Slot < w.SlotMaps[b].Slot })
}

// pickSegment returns the first segment of sg whose shape is one the
// slot's sample instances had (see learnMinSegments), or -1.
func (w *State) pickSegment(toks []Token, sg [][2]int, slot int) int {
	keep, ok := w.Shapes[slot]
	if !ok {
		return -1
	}
	for i, g := range sg {
		txt, _, _ := ValueText(toks, g[0], g[1])
		if slices.Contains(keep, shape(txt)) {
			return i
		}
	}
	return -1
}

// learnMinSegments records, for every slot with a Cut, the fewest segments
// a sample value had when it held an instance of the slot's field: a value
// with fewer segments ("Paperback | 320 pages" where instances came in
// "13 Jul 2010 | Paperback | 320 pages") holds none. It also records the
// shapes of the segments that held the instances, so that extraction takes
// the segment that looks like them when the Cut's position varies ("(210)
// $38.00" and "$7.99 Also available: …").
func (w *State) learnMinSegments(toks [][]Token) {
	cut := map[int][]string{}
	for _, sm := range w.SlotMaps {
		if sm.Cut != nil {
			cut[sm.Slot] = w.FieldSpecs[IndexOf(w.FieldSpecs, sm.Field)].Types
		}
	}
	if len(cut) == 0 {
		return
	}
	least := map[int]int{}
	shapes := map[int]map[string]int{}
	for _, tk := range toks {
		root, ok := w.matchRoot(tk)
		if !ok {
			continue
		}
		Collect(root, -1, func(v sval) {
			types, ok := cut[v.Slot]
			if !ok {
				return
			}
			for x := v.A; x < v.B; x++ {
				if tk[x].Kind == KindWord && HasType(tk[x].Ann(), types) {
					sg := segments(tk, v.A, v.B)
					if l, ok := least[v.Slot]; !ok || len(sg) < l {
						least[v.Slot] = len(sg)
					}
					for _, g := range sg {
						if g[0] <= x && x < g[1] {
							txt, _, _ := ValueText(tk, g[0], g[1])
							if shapes[v.Slot] == nil {
								shapes[v.Slot] = map[string]int{}
							}
							shapes[v.Slot][shape(txt)]++
						}
					}
					return
				}
			}
		})
	}
	for sl, cnt := range shapes {
		type sc struct {
			s string
			n int
		}
		var all []sc
		tot := 0
		for s, n := range cnt {
			all = append(all, sc{s, n})
			tot += n
		}
		sort.Slice(all, func(a, b int) bool { return all[a].n > all[b].n || (all[a].n == all[b].n && all[a].s < all[b].s) })
		covered := 0
		var keep []string
		for _, x := range all {
			if len(keep) == maxShapes || float64(covered) >= shapeCover*float64(tot) {
				break
			}
			keep = append(keep, x.s)
			covered += x.n
		}
		if tot >= 2 && float64(covered) >= shapeCover*float64(tot) {
			if w.Shapes == nil {
				w.Shapes = map[int][]string{}
			}
			sort.Strings(keep)
			w.Shapes[sl] = keep
		}
	}
	for sl, n := range least {
		if n > 1 {
			if w.MinSegments == nil {
				w.MinSegments = map[int]int{}
			}
			w.MinSegments[sl] = n
		}
	}
}

// refineSets re-learns the separators of the set-valued slots of a
// record-mode wrapper (SlotMap.Seps and SepWords) over the sample records,
// counting real pages rather than records: gather sees every record as a
// page of its own, so a name that merely recurs in two records of one page
// would pass for a separator. A run of words between tags is a separator
// when it is never annotated, occurs on two pages or more and in at least
// sepMinShare of the slot's values (separators recur; data values spread
// over many distinct texts).
func (w *State) refineSets(toks [][]Token, pageOf []int) {
	type runStat struct {
		pages map[int]bool
		n     int
		ann   bool
		edge  bool // first or last run of some value
		path  map[int32]bool
	}
	for i := range w.SlotMaps {
		sm := &w.SlotMaps[i]
		f := w.FieldSpecs[IndexOf(w.FieldSpecs, sm.Field)]
		if !f.Many {
			continue
		}
		runsOf := map[string]*runStat{}
		sepWord, sepHalf := map[string]map[int]bool{}, map[string]map[int]bool{}
		annWord := map[string]bool{}
		values := 0
		pathRuns, pathAnn := map[int32]int{}, map[int32]int{}
		inside, outside := 0, 0 // annotated words inside / outside the value's container
		// valuePaths and ownAt for alternativeForms (markupitems.go).
		var valuePaths []map[int32]bool
		ownAt := map[int32]bool{}
		beyond := 0 // values that extend beyond their container
		for r, tk := range toks {
			root, ok := w.matchRoot(tk)
			if !ok {
				continue
			}
			pg := pageOf[r]
			Collect(root, -1, func(v sval) {
				if v.Slot != sm.Slot {
					return
				}
				values++
				if e := containEnd(tk, v.A, v.B); e < v.B {
					beyond++
					for x := v.A; x < v.B; x++ {
						if tk[x].Kind == KindWord && HasType(tk[x].Ann(), f.Types) {
							if x < e {
								inside++
							} else {
								outside++
							}
						}
					}
				}
				seen := map[string]bool{}
				rns := runs(tk, v.A, v.B)
				vps := map[int32]bool{}
				valuePaths = append(valuePaths, vps)
				for ri, rn := range rns {
					pp := tk[rn[0]].Path
					rt, ra, rb := ValueText(tk, rn[0], rn[1])
					// A run without a letter or digit (the " / " between
					// linked items, "· $$" before another field's part)
					// is no item: it does not count against its path.
					if hasWord(rt) {
						vps[pp] = true
						own := ownElement(tk, v.A, rn[0], rn[1])
						if prev, ok := ownAt[pp]; ok {
							own = own && prev
						}
						ownAt[pp] = own
						pathRuns[pp]++
						for x := rn[0]; x < rn[1]; x++ {
							if HasType(tk[x].Ann(), f.Types) {
								pathAnn[pp]++
								break
							}
						}
					}
					if rt == "" || len(strings.Fields(rt)) > 3 {
						continue
					}
					st := runsOf[rt]
					if st == nil {
						st = &runStat{pages: map[int]bool{}, path: map[int32]bool{}}
						runsOf[rt] = st
					}
					st.pages[pg] = true
					st.path[pp] = true
					st.edge = st.edge || ri == 0 || ri == len(rns)-1
					if !seen[rt] {
						st.n++
						seen[rt] = true
					}
					for x := ra; x < rb; x++ {
						st.ann = st.ann || len(tk[x].Ann()) > 0
					}
				}
				for x := v.A; x < v.B; x++ {
					if tk[x].Kind == KindWord && len(tk[x].Ann()) > 0 {
						annWord[tk[x].Text()] = true
					}
				}
				for x := v.A + 1; x+1 < v.B; x++ {
					t := &tk[x]
					if t.Kind != KindWord || len(t.Ann()) > 0 || exalg.EdgeToken(t) || attached(tk, x) {
						continue
					}
					// The word must fill the gap between two annotated
					// words alone (but for punctuation that separates
					// nothing): in "A & Greta B", "Greta" is no separator.
					before, after, alone := false, false, true
					for y := x - 1; y >= v.A && tk[y].Node() == t.Node() && !before && alone; y-- {
						before = len(tk[y].Ann()) > 0
						alone = before || (exalg.EdgeToken(&tk[y]) && !sepToken(&tk[y], itemSeps+weakSeps))
					}
					for y := x + 1; y < v.B && tk[y].Node() == t.Node() && !after && alone; y++ {
						after = len(tk[y].Ann()) > 0
						alone = after || (exalg.EdgeToken(&tk[y]) && !sepToken(&tk[y], itemSeps+weakSeps))
					}
					if before && after && alone {
						if sepWord[t.Text()] == nil {
							sepWord[t.Text()] = map[int]bool{}
						}
						sepWord[t.Text()][pg] = true
					} else if halfSep(tk, x, v.A, v.B) {
						// "Maya Okafor and Hunter Prescott" with one of
						// the two known, as in page mode (gather's sepHalf).
						if sepHalf[t.Text()] == nil {
							sepHalf[t.Text()] = map[int]bool{}
						}
						sepHalf[t.Text()][pg] = true
					}
				}
			})
		}
		minN := max(2, int(math.Ceil(sepMinShare*float64(values))))
		sm.Seps = nil
		// Runs at a DOM path where the field's instances are usually
		// annotated are items, however often they recur.
		itemPath := func(st *runStat) bool {
			for pp := range st.path {
				if float64(pathAnn[pp]) >= sepMaxPathAnn*float64(pathRuns[pp]) {
					return true
				}
			}
			return false
		}
		// A separator stands between items: a run that starts or ends a
		// value is an item (a cuisine the dictionary does not know, named
		// in many records), however often it recurs unannotated.
		for rt, st := range runsOf {
			if !st.ann && !st.edge && len(st.pages) >= 2 && st.n >= minN && !itemPath(st) {
				sm.Seps = append(sm.Seps, rt)
			}
		}
		// Items are kept only at the DOM paths where the sample's instances
		// are (when some runs of the values sit elsewhere: role notes such
		// as "(Illustrator)" between linked names).
		keep := map[int32]bool{}
		elsewhere := false
		// A dictionary that knows few of the values (a tenth) annotates
		// few at every path: a path is the items' when its share of
		// annotated runs is sepMaxPathAnn or, failing that, near the
		// best path's (itempaths.go).
		best := bestPathShare(pathRuns, pathAnn)
		for pp, n := range pathRuns {
			if pathAnn[pp] >= 2 && itemPathShare(pathAnn[pp], n, best) {
				keep[pp] = true
			} else {
				elsewhere = true
			}
		}
		if len(keep) > 0 && elsewhere {
			for _, pp := range alternativeForms(valuePaths, ownAt, keep) {
				keep[pp] = true
			}
		}
		if len(keep) > 0 && elsewhere {
			if w.ItemPaths == nil {
				w.ItemPaths = map[int]map[int32]bool{}
			}
			w.ItemPaths[sm.Slot] = keep
		}
		// The items sit inside the element that holds the value's start
		// when the sample's instances never fall beyond it.
		if beyond > 0 && inside > 0 && outside == 0 {
			if w.ContainedSets == nil {
				w.ContainedSets = map[int]bool{}
			}
			w.ContainedSets[sm.Slot] = true
		}
		sm.SepWords = nil
		for _, sw := range []map[string]map[int]bool{sepWord, sepHalf} {
			for wd, pgs := range sw {
				if len(pgs) >= 2 && !annWord[wd] && !slices.Contains(sm.SepWords, wd) {
					sm.SepWords = append(sm.SepWords, wd)
				}
			}
		}
		sort.Strings(sm.Seps)
		sort.Strings(sm.SepWords)
	}
}

// itemAt reports whether an item of a set slot that starts at token x is
// at a DOM path where the sample's instances are (see refineSets).
func (w *State) itemAt(toks []Token, a, b, slot int) bool {
	keep, ok := w.ItemPaths[slot]
	if !ok {
		return true
	}
	for x := a; x < b; x++ {
		if toks[x].Kind == KindWord && !exalg.EdgeToken(&toks[x]) {
			return keep[toks[x].Path]
		}
	}
	return true
}

// clip applies the learned containment of a set slot's values (see
// refineSets): the value ends where it leaves the element holding its start.
func (w *State) clip(toks []Token, a, b, slot int) int {
	if w.ContainedSets[slot] {
		return containEnd(toks, a, b)
	}
	return b
}
