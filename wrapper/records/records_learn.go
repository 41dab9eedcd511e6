package records

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"golang.org/x/net/html"
)

// recordGroup is one candidate record of a sample page.
type recordGroup struct {
	page    int
	parent  *html.Node
	nodes   []*html.Node
	counts  []int32
	weights []float64
	tree    *recordTree
	sim     float64
}

// recordCand is a candidate segmentation: records headed by children
// labelled head of the parents that share one tag path.
type recordCand struct {
	path    string // parent tag path without indices
	at      string // indexed parent path when only the parents there count
	head    string
	parents []recordParent
	members map[string]bool
	heading string // label of the records' group heading (heading.go), "" for none
	groups  []*recordGroup
	score   float64
	// scores of the accepted groups, for the pattern's statistics
	accepted []*recordGroup
	exemplar []*recordTree
	thresh   float64
}

type recordParent struct {
	page int
	node *html.Node
}

// recordNoHead are labels that cannot start a record: separators without content.
var recordNoHead = map[string]bool{"br": true, "hr": true, "wbr": true, recordTextLabel: true}

// recordMemberShare is the share of between-head stretches a label that
// also leads the list must appear in to count as a record member.
const recordMemberShare = 0.9

// recordFullCandidates is how many candidates, best by the cheap score, get
// the full evaluation with tree matching.
const recordFullCandidates = 12

// FindRecordPattern learns where the records of a list source are, from
// annotated sample pages of the source:
//
//	candidates: for every element P holding annotations and every tag h of
//	  P's children, the segmentation of the children of all elements with
//	  P's tag path into runs (h m*)+, where the members m are the labels
//	  seen between two h siblings (seed 001's record grammar, with h the
//	  first symbol of the repeated pattern);
//	score: √(mean share of records holding each mandatory type of the
//	    SOD): the square root, because that share grows with the records'
//	    size and with the dictionaries' coverage (a record rarely holds
//	    every type when a dictionary knows a fifth of the values, while
//	    the main column always does)
//	  × useful coverage: the share of each page's annotations the records
//	    hold, counting one instance of a single-valued type per record
//	    (records too coarse hold several and lose the rest), each
//	    annotation weighed by its novelty, 1/k for a value annotated on k
//	    sample pages (records bring new values on every page; boxes of
//	    other records, such as "customers also viewed" or a featured strip,
//	    show values from a smaller set again and again)
//	  × min(1, 2 × share of pages where one parent holds two records or
//	    more): records are repeated siblings, and a segmentation that
//	    never finds two under one parent (the whole page, the main column,
//	    the one link of every cell) is no list
//	  × (1+rep)/2, rep being the share of pages where some word occurs
//	    exactly once per record and exactly n times in the records'
//	    parents (n records: seed 002's repetition count);
//	prototype: the best candidates keep the records similar (normalised
//	  STM ≥ τ1, seed 001) to exemplars taken among the records that hold
//	  the most mandatory types but one; the rest (header rows, ads) is
//	  dropped;
//	  their score is multiplied by the share of accepted records among the
//	  annotated siblings of their parents (homogeneity: records are alike,
//	  the cells of a row are not).
//
// A candidate's records may take a group heading, the element before
// their run (a day heading above events that print no date): its
// annotations count for every record below it (see heading.go).
// Candidates are also split by indexed parent path (see recordCandidates).
// Similarity is normalised STM, 2W/(|A|+|B|), on the skeletons as they are
// or with every node's children sorted, whichever is higher (see
// recordSimilarity).
//
// Annotations on text that recurs on more than half of the sample pages,
// as many times on each, are template (a fixed "featured" sidebar), not
// data, and are ignored; an annotation's novelty is that of the text it
// matched, wherever it sits (see recordTextPages).
// Elements that match the winner's parent path on the sample pages without
// holding records are kept in RecordPattern.Exclude.
//
// It returns a *RecordError when no candidate holds the SOD's types.
func FindRecordPattern(pages []*annotate.Page, s *sod.SOD, opt RecordOptions) (*RecordPattern, error) {
	opt = opt.withDefaults()
	if s == nil || s.Root == nil {
		return nil, &RecordError{Reason: "no SOD given"}
	}
	rt := recordTypesOf(s)
	if len(rt.names) == 0 {
		return nil, &RecordError{Reason: fmt.Sprintf("SOD %q has no entity type", s.Name)}
	}
	var pgs []*recordPage
	annotated := 0
	textPages, inst, npages := recordTextPages(pages)
	for _, p := range pages {
		if p == nil || p.Doc == nil {
			continue
		}
		pg := recordPrepare(p, rt, textPages, inst, npages)
		if pg.mandatory > 0 {
			annotated++
		}
		pgs = append(pgs, pg)
	}
	if annotated == 0 {
		return nil, &RecordError{Reason: fmt.Sprintf("none of the %d sample pages holds an annotation of a mandatory type (%s) outside text repeated on most pages", len(pages), rt.list(rt.mandatory))}
	}

	cands := recordCandidates(pgs)
	for _, c := range cands {
		c.cut(pgs)
		c.learnHeading(pgs, rt)
		c.score = c.evaluate(pgs, rt, c.groups, false)
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	all := cands
	if len(cands) > recordFullCandidates {
		cands = cands[:recordFullCandidates]
	}
	// The best candidate wins; ties go to the first found, which is the
	// outermost (the DOM walk is pre-order). The runner-up is the best
	// candidate that cuts the sample differently (an equivalent one, such
	// as <li> around a <dl>, is the same segmentation).
	var best, second *recordCand
	full := func(c *recordCand) {
		c.prototype(rt, opt)
		c.score = c.evaluate(pgs, rt, c.accepted, true) * c.homogeneity()
	}
	for _, c := range cands {
		if c.score <= 0 {
			continue
		}
		full(c)
		if best == nil || c.score > best.score {
			best = c
		}
	}
	if best != nil {
		sig := best.signature()
		for _, c := range cands {
			if c != best && c.score > 0 && (second == nil || c.score > second.score) && c.signature() != sig {
				second = c
			}
		}
	}
	if best == nil || best.score <= 0 {
		return nil, &RecordError{Reason: fmt.Sprintf("no repeated sibling structure on the %d sample pages holds the mandatory types (%s)", len(pgs), rt.list(rt.mandatory))}
	}
	// A user's choice (alternatives.go) overrides the score.
	var alts []RecordAlternative
	at := ""
	if opt.At != "" {
		if c := pinned(all, opt.At, full); c != nil && c.score > 0 {
			if c != best {
				second = best
			}
			best, at = c, opt.At
		}
	}
	if at == "" && second != nil {
		alts = []RecordAlternative{best.alternative(pgs, true), second.alternative(pgs, false)}
	}
	rp, err := best.pattern(pgs, rt, second)
	if rp != nil {
		rp.Alternatives, rp.Pinned = alts, at
	}
	return rp, err
}

func (rt recordTypes) list(idx []int) string {
	names := make([]string, len(idx))
	for i, x := range idx {
		names[i] = rt.names[x]
	}
	return strings.Join(names, ", ")
}

// recordCandidates lists the (parent tag path, head tag) pairs of elements
// that hold annotations, in a deterministic order. Besides the candidate
// of all the parents with one tag path, each group of them at one indexed
// path (same-tag siblings together, see recordSiblingsPath) is a
// candidate of its own when it leaves other parents out: the results list
// and a sidebar list often share a tag path, and their records, pooled,
// would compete for the prototype.
func recordCandidates(pgs []*recordPage) []*recordCand {
	byKey := map[string]*recordCand{}
	var order []*recordCand
	add := func(key, path, at, head string, par recordParent) {
		cand := byKey[key]
		if cand == nil {
			cand = &recordCand{path: path, at: at, head: head}
			byKey[key] = cand
			order = append(order, cand)
		}
		cand.parents = append(cand.parents, par)
	}
	for pi, pg := range pgs {
		var walk func(n *html.Node, path string)
		walk = func(n *html.Node, path string) {
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type != html.ElementNode || pg.counts[c] == nil {
					continue
				}
				p := c.Data
				if path != "" {
					p = path + "/" + c.Data
				}
				if c.Parent == pg.p.Doc {
					walk(c, p) // the root's children (head, body) are no records
					continue
				}
				at := recordSiblingsPath(annotate.NodePath(c))
				seen := map[string]bool{}
				for k := c.FirstChild; k != nil; k = k.NextSibling {
					l := recordLabelOf(k)
					if l == "" || recordNoHead[l] || seen[l] {
						continue
					}
					seen[l] = true
					par := recordParent{page: pi, node: c}
					add(p+" > "+l, p, "", l, par)
					add(at+" @ "+l, p, at, l, par)
				}
				walk(c, p)
			}
		}
		walk(pg.p.Doc, "")
	}
	// An indexed candidate holding every parent of its tag path's
	// candidate is the same candidate.
	out := order[:0]
	for _, c := range order {
		if c.at == "" || len(c.parents) < len(byKey[c.path+" > "+c.head].parents) {
			out = append(out, c)
		}
	}
	return out
}

// cut learns the members (labels between two heads) and cuts every parent
// into groups.
func (c *recordCand) cut(pgs []*recordPage) {
	// A label seen between two heads is a member, unless it also comes
	// before the first head and is missing from some stretches between
	// heads: that is a group heading (a day heading above its events),
	// not part of a record.
	inStretches := map[string]int{}
	leading := map[string]bool{}
	stretches := 0
	for _, par := range c.parents {
		between := map[string]bool{}
		started := false
		for k := par.node.FirstChild; k != nil; k = k.NextSibling {
			l := recordLabelOf(k)
			switch {
			case l == "":
			case l == c.head:
				if started {
					stretches++
					for b := range between {
						inStretches[b]++
					}
				}
				clear(between)
				started = true
			case started:
				between[l] = true
			default:
				leading[l] = true
			}
		}
	}
	c.members = map[string]bool{}
	for l, k := range inStretches {
		if !leading[l] || float64(k) >= recordMemberShare*float64(stretches) {
			c.members[l] = true
		}
	}
	for _, par := range c.parents {
		pg := pgs[par.page]
		for _, nodes := range recordGroups(par.node, c.head, c.members) {
			g := &recordGroup{page: par.page, parent: par.node, nodes: nodes}
			for _, n := range nodes {
				if cs := pg.counts[n]; cs != nil {
					if g.counts == nil {
						g.counts = make([]int32, len(cs))
						g.weights = make([]float64, len(cs))
					}
					for i, v := range cs {
						g.counts[i] += v
						g.weights[i] += pg.weights[n][i]
					}
				}
			}
			c.groups = append(c.groups, g)
		}
	}
}

// present is the number of mandatory types g holds.
func (g *recordGroup) present(rt recordTypes) int {
	n := 0
	if g.counts != nil {
		for _, t := range rt.mandatory {
			if g.counts[t] > 0 {
				n++
			}
		}
	}
	return n
}

// evaluate scores a set of groups (see FindRecordPattern); withRep adds the
// repetition-count factor.
func (c *recordCand) evaluate(pgs []*recordPage, rt recordTypes, groups []*recordGroup, withRep bool) float64 {
	if len(groups) == 0 {
		return 0
	}
	n := float64(len(groups))
	pres := 0.0
	for _, t := range rt.mandatory {
		k := 0
		for _, g := range groups {
			if g.counts != nil && g.counts[t] > 0 {
				k++
			}
		}
		pres += float64(k) / n
	}
	pres /= float64(len(rt.mandatory))
	cov := recordUsefulCoverage(pgs, rt, groups)
	multi := recordMultiShare(groups)
	score := math.Sqrt(pres) * cov * multi
	rep := 0.0
	if withRep {
		rep = recordRepetition(groups)
		score *= (1 + rep) / 2
	}
	return score
}

// recordUsefulCoverage is the mean over the pages with mandatory
// annotations of the share of the page's annotations (by novelty weight)
// that the groups hold, counting at most one instance of a single-valued
// type per group: a group too coarse (a page's main column, two records
// in one) holds several, and only one of them counts.
func recordUsefulCoverage(pgs []*recordPage, rt recordTypes, groups []*recordGroup) float64 {
	single := make([]bool, len(rt.names))
	for _, t := range rt.single {
		single[t] = true
	}
	inside := make([]float64, len(pgs))
	for _, g := range groups {
		for t, v := range g.counts {
			switch {
			case v == 0:
			case single[t]:
				inside[g.page] += g.weights[t] / float64(v) // one instance, of mean weight
			default:
				inside[g.page] += g.weights[t]
			}
		}
	}
	cov, np := 0.0, 0
	for i, pg := range pgs {
		total := 0.0
		for _, v := range pg.weights[pg.p.Doc] {
			total += v
		}
		if pg.mandatory > 0 && total > 0 {
			cov += inside[i] / total
			np++
		}
	}
	if np == 0 {
		return 0
	}
	return cov / float64(np)
}

// recordMultiShare is twice the share of the pages holding groups where
// one parent holds two groups or more, at most 1. Records are repeated
// siblings: a segmentation that never finds two under one parent (the
// whole page, the main column, the one link of every table cell) is no
// list, while a list has two records or more on most pages (some pages
// of a source list one).
func recordMultiShare(groups []*recordGroup) float64 {
	perParent := map[*html.Node]int{}
	pages := map[int]bool{}
	multi := map[int]bool{}
	for _, g := range groups {
		pages[g.page] = true
		perParent[g.parent]++
		if perParent[g.parent] == 2 {
			multi[g.page] = true
		}
	}
	return min(1, 2*float64(len(multi))/float64(len(pages)))
}

// recordRepetition is the share of pages with at least two records where
// some word occurs exactly once in every record and exactly as many times
// in the list region (the records' parents) as there are records (seed
// 002: a table of n rows repeats tokens exactly n times; the region rather
// than the page, so that a box of other records in the same markup, with
// the same labels, does not spoil the count). Pages with fewer than two records do not vote;
// without voters the answer is the neutral 0.5.
func recordRepetition(groups []*recordGroup) float64 {
	byPage := map[int][]*recordGroup{}
	var order []int
	for _, g := range groups {
		if byPage[g.page] == nil {
			order = append(order, g.page)
		}
		byPage[g.page] = append(byPage[g.page], g)
	}
	votes, yes := 0, 0
	for _, pi := range order {
		gs := byPage[pi]
		if len(gs) < 2 {
			continue
		}
		votes++
		page := map[string]int{} // words of the list region: the records' parents
		seen := map[*html.Node]bool{}
		for _, g := range gs {
			if !seen[g.parent] {
				seen[g.parent] = true
				recordWords(annotate.Text(g.parent), func(w string) { page[w]++ })
			}
		}
		var once map[string]bool
		for i, g := range gs {
			cnt := map[string]int{}
			for _, n := range g.nodes {
				recordWords(annotate.Text(n), func(w string) { cnt[w]++ })
			}
			if i == 0 {
				once = map[string]bool{}
				for w, k := range cnt {
					if k == 1 && page[w] == len(gs) {
						once[w] = true
					}
				}
			} else {
				for w := range once {
					if cnt[w] != 1 {
						delete(once, w)
					}
				}
			}
			if len(once) == 0 {
				break
			}
		}
		if len(once) > 0 {
			yes++
		}
	}
	if votes == 0 {
		return 0.5
	}
	return float64(yes) / float64(votes)
}

// recordMedoidSample bounds the groups compared pairwise to find the
// medoid, recordExemplarSample those considered as further exemplars.
const (
	recordMedoidSample   = 30
	recordExemplarSample = 60
)

// recordExemplarDistinct: a record matching an exemplar at least this well
// adds nothing as a further exemplar.
const recordExemplarDistinct = 0.9

// recordSpread returns at most n elements of gs, evenly spread.
func recordSpread(gs []*recordGroup, n int) []*recordGroup {
	if len(gs) <= n {
		return gs
	}
	out := make([]*recordGroup, n)
	for i := range out {
		out[i] = gs[i*len(gs)/n]
	}
	return out
}

// prototype picks exemplars among the groups that hold all but one of the
// most mandatory types a group holds (the medoid first, then the most
// different ones that still match it at τ1), and keeps the groups similar
// to an exemplar.
func (c *recordCand) prototype(rt recordTypes, opt RecordOptions) {
	grouped := len(c.members) > 0
	for _, g := range c.groups {
		g.tree = recordSkeleton(g.nodes, grouped)
	}
	maxPres := 0
	for _, g := range c.groups {
		if p := g.present(rt); p > maxPres {
			maxPres = p
		}
	}
	// The pool: groups missing at most one of the most types a group
	// holds. With dictionaries that know a fifth of the names, few records
	// hold every type, and ads in the records' markup (a name and a
	// position) may hold as many as the best records.
	var pool []*recordGroup
	for _, g := range c.groups {
		if g.tree != nil && g.present(rt) >= max(1, maxPres-1) {
			pool = append(pool, g)
		}
	}
	if len(pool) == 0 {
		return
	}
	// The medoid is the pool's group most like the annotated groups at
	// large, so that the records' structure wins over a minority (ads,
	// promotions) however many types that minority holds.
	var annotated []*recordGroup
	for _, g := range c.groups {
		if g.tree != nil && g.counts != nil {
			annotated = append(annotated, g)
		}
	}
	sample := recordSpread(pool, recordMedoidSample)
	others := recordSpread(annotated, recordMedoidSample)
	sums := make([]float64, len(sample))
	for i, a := range sample {
		for _, b := range others {
			if a != b {
				sums[i] += recordSimilarity(a.tree, b.tree)
			}
		}
	}
	medoid, bestSum := sample[0], -1.0
	for i, a := range sample {
		if sums[i] > bestSum {
			medoid, bestSum = a, sums[i]
		}
	}
	c.exemplar = []*recordTree{medoid.tree}
	// Farthest first: add the pool record least like the exemplars so far,
	// as long as it still matches the medoid at τ1 and no exemplar matches
	// it at recordExemplarDistinct or more; stop at MaxExemplars.
	cands := recordSpread(pool, recordExemplarSample)
	near := make([]float64, len(cands)) // best similarity to the exemplars
	var eligible []int
	for i, g := range cands {
		near[i] = recordSimilarity(g.tree, medoid.tree)
		if near[i] >= opt.MatchThreshold {
			eligible = append(eligible, i)
		}
	}
	for len(c.exemplar) < opt.MaxExemplars {
		far, farSim := -1, recordExemplarDistinct
		for _, i := range eligible {
			if near[i] < farSim {
				far, farSim = i, near[i]
			}
		}
		if far < 0 {
			break
		}
		e := cands[far].tree
		c.exemplar = append(c.exemplar, e)
		for _, i := range eligible {
			if s := recordSimilarity(cands[i].tree, e); s > near[i] {
				near[i] = s
			}
		}
	}
	for _, g := range c.groups {
		if g.tree != nil {
			g.sim = recordBestSimilarity(g.tree, c.exemplar, 0)
		}
	}
	// τ2: keep records scoring at least τ2 × the median score of the
	// complete records, and never below τ1.
	var sims []float64
	for _, g := range pool {
		sims = append(sims, g.sim)
	}
	sort.Float64s(sims)
	c.thresh = opt.MatchThreshold
	if t := opt.PatternThreshold * sims[len(sims)/2]; t > c.thresh {
		c.thresh = t
	}
	c.accepted = c.accepted[:0]
	for _, g := range c.groups {
		if g.tree != nil && g.sim >= c.thresh {
			c.accepted = append(c.accepted, g)
		}
	}
}

// homogeneity is the share of accepted groups among the groups holding
// annotations in the parents that hold accepted ones. The records of a list
// are alike, and the few siblings unlike them are ads or headings; the
// cells of a table row or the rows of a record are fields, of unlike
// shapes, and only some of them pass for the prototype.
func (c *recordCand) homogeneity() float64 {
	holds := map[*html.Node]bool{}
	for _, g := range c.accepted {
		holds[g.parent] = true
	}
	n := 0
	for _, g := range c.groups {
		if holds[g.parent] && g.counts != nil {
			n++
		}
	}
	k := 0
	for _, g := range c.accepted {
		if g.counts != nil {
			k++
		}
	}
	if n == 0 {
		return 1
	}
	return float64(k) / float64(n)
}

// signature summarises the accepted records (page and annotation counts
// of each), so that candidates cutting the sample alike compare equal.
func (c *recordCand) signature() string {
	var b strings.Builder
	for _, g := range c.accepted {
		fmt.Fprintf(&b, "%d:%v;", g.page, g.counts)
	}
	return b.String()
}

// where prints the candidate's parent path and head.
func (c *recordCand) where() string {
	if c.at != "" {
		return c.at + " > " + c.head
	}
	return c.path + " > " + c.head
}

// pattern turns the winning candidate into a RecordPattern.
func (c *recordCand) pattern(pgs []*recordPage, rt recordTypes, second *recordCand) (*RecordPattern, error) {
	rp := &RecordPattern{Head: c.head, Heading: c.heading, Threshold: c.thresh}
	rp.Threshold = float64(int(rp.Threshold*1000)) / 1000 // stable JSON
	for m := range c.members {
		rp.Members = append(rp.Members, m)
	}
	sort.Strings(rp.Members)
	for _, e := range c.exemplar {
		rp.Exemplars = append(rp.Exemplars, e.String())
	}
	// Generalise the path over the parents of accepted records: keep a
	// step's index where all agree and the element has same-tag siblings.
	var parents []*html.Node
	seen := map[*html.Node]bool{}
	complete := 0
	for _, g := range c.accepted {
		if !seen[g.parent] {
			seen[g.parent] = true
			parents = append(parents, g.parent)
		}
		if g.present(rt) == len(rt.mandatory) {
			complete++
		}
	}
	steps := strings.Split(c.path, "/")
	idx := make([]int, len(steps)) // agreed index; -1 disagreement; 0 unset
	lone := make([]bool, len(steps))
	for i := range lone {
		lone[i] = true
	}
	for _, p := range parents {
		var chain []*html.Node
		for n := p; n != nil && n.Type == html.ElementNode; n = n.Parent {
			chain = append(chain, n)
		}
		if len(chain) != len(steps) {
			continue
		}
		for i := range steps {
			n := chain[len(chain)-1-i]
			k, count := recordIndex(n)
			if count > 1 {
				lone[i] = false
			}
			switch {
			case idx[i] == 0:
				idx[i] = k
			case idx[i] != k:
				idx[i] = -1
			}
		}
	}
	for i, s := range steps {
		if !lone[i] && idx[i] > 0 {
			steps[i] = s + "[" + strconv.Itoa(idx[i]) + "]"
		}
	}
	rp.Parent = strings.Join(steps, "/")
	rp.Stats = RecordStats{Pages: len(pgs), Records: len(c.accepted), Score: recordRound(c.score),
		Repetition: recordRound(recordRepetition(c.accepted))}
	if len(c.accepted) > 0 {
		rp.Stats.Complete = recordRound(float64(complete) / float64(len(c.accepted)))
	}
	if second != nil {
		rp.Stats.RunnerUp = recordRound(second.score)
		rp.Stats.RunnerUpAt = second.where()
	}
	if err := rp.init(); err != nil {
		return nil, err
	}
	// Elements that match the parent path on the sample pages but hold no
	// accepted record are look-alike regions (a sidebar in the record
	// markup): remember them, so that Records skips them on other pages.
	// An element that is a record parent on some sample page never is, nor
	// is a sibling of one (a list split over sibling parents, one <ul> per
	// day, has more or fewer of them on other pages).
	listed := map[string]bool{}
	for _, p := range parents {
		listed[recordSiblingsPath(annotate.NodePath(p))] = true
	}
	excl := map[string]bool{}
	for _, pg := range pgs {
		for _, n := range rp.parents(pg.p.Doc, false) {
			if path := annotate.NodePath(n); !seen[n] && !listed[recordSiblingsPath(path)] && !excl[path] {
				excl[path] = true
				rp.Exclude = append(rp.Exclude, path)
			}
		}
	}
	sort.Strings(rp.Exclude)
	if err := rp.init(); err != nil {
		return nil, err
	}
	return rp, nil
}

// recordSiblingsPath drops the index of a path's last step, so that
// same-tag siblings share it.
func recordSiblingsPath(path string) string {
	if strings.HasSuffix(path, "]") {
		if i := strings.LastIndexByte(path, '['); i > strings.LastIndexByte(path, '/') {
			return path[:i]
		}
	}
	return path
}

func recordRound(x float64) float64 { return float64(int(x*1000+0.5)) / 1000 }

// recordIndex returns n's 1-based position among its same-tag element
// siblings, and their number.
func recordIndex(n *html.Node) (k, count int) {
	if n.Parent == nil {
		return 1, 1
	}
	for c := n.Parent.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == n.Data {
			count++
			if c == n {
				k = count
			}
		}
	}
	return k, count
}
