package annotate

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sort"
	"sync"

	"golang.org/x/net/html"
)

// Defaults of SampleOptions.
const (
	DefaultSampleSize = 20
	DefaultMinShare   = 0.2
	DefaultShrink     = 4
	DefaultProbePages = 10
	DefaultMaxTexts   = 4096
)

// SampleOptions configure Sample. Zero values select the defaults.
type SampleOptions struct {
	// K is the sample size (DefaultSampleSize).
	K int
	// MinShare decides when a source is discarded (DefaultMinShare): a
	// mandatory entity type must have hits on at least MinShare × min(K,
	// candidates) of the pages annotated for it, and on at least MinShare of
	// the final sample's pages. In words: the source must be able to give a
	// sample in which a fair share of pages (4 of 20 by default) show every
	// mandatory type. The default is low on purpose: dictionary recognizers
	// seeded from word lists find only part of the true values (about a
	// quarter with the shared gazetteers), and wrapper induction needs only
	// a few annotated values per slot; a type that is really absent from the
	// source still finds (almost) nothing. Negative: never discard.
	MinShare float64
	// Shrink divides the candidate set after each entity type (DefaultShrink);
	// the set never falls below K.
	Shrink float64
	// ProbePages is how many pages, evenly spread over the source, are fully
	// annotated first to estimate each type's selectivity and find the main
	// content segment (DefaultProbePages).
	ProbePages int
	// Selectivity optionally gives a prior estimate of the number of matches
	// of an entity type per page (e.g. from dictionary statistics); when it
	// answers, the estimate used to order types is the mean of it and the
	// probe's hits per page. Nil by default (objectrunner.Learn leaves it
	// so): the probe counts what the recognizers actually find on this
	// source, which is what the candidate sets shrink by; a global prior
	// only helps when the probe is too small to tell types apart.
	Selectivity func(entityType string) (float64, bool)
	// NoSegment disables main content segmentation.
	NoSegment bool
	// Load is passed to ReadPage.
	Load LoadOptions
	// Read, when set, reads the pages instead of ReadPage (path as given
	// to Sample, rel its path relative to the root): a source that is not
	// a directory (source.go).
	Read func(path, rel string) (*Page, error)
	// Workers is the number of pages read and annotated in parallel
	// (runtime.GOMAXPROCS(0)).
	Workers int
	// MaxTexts bounds the candidate pages whose text is kept in memory
	// between steps (DefaultMaxTexts, at least K); candidates beyond it are
	// read again. Between steps Sample keeps a page's text nodes (the
	// strings, in document order, within the segment), not its tree: on the
	// SWDE book pages that is about 6% of the HTML bytes against roughly 10×
	// the HTML bytes for a parsed tree, so the default costs about 100 MB at
	// 40 KB pages, and sources of a few thousand pages are read once.
	MaxTexts int
	// Progress, when set, is called (from one goroutine) as pages are done.
	Progress func(Progress)
	// MaxBytes bounds the bytes of the pages kept parsed together: the
	// probe, and the sample given to wrapper induction (DefaultSampleBytes;
	// negative: no bound). A page larger than MaxBytes / MinSamplePages is
	// left out of sampling (listed in SampleResult.Skipped with the reason);
	// of the best pages, those that would take the sample over MaxBytes are
	// passed over. See membudget.go.
	MaxBytes int64
	// Budget, when set, bounds the page bytes being parsed at once by the
	// workers (shared with extraction by objectrunner.Run).
	Budget *PageBudget
	// Size returns the bytes of the page at path, for MaxBytes and Budget
	// (default FileSize: paths are files).
	Size func(path string) int64
}

func (o *SampleOptions) defaults() {
	if o.K <= 0 {
		o.K = DefaultSampleSize
	}
	if o.MinShare == 0 {
		o.MinShare = DefaultMinShare
	}
	if o.Shrink <= 1 {
		o.Shrink = DefaultShrink
	}
	if o.ProbePages <= 0 {
		o.ProbePages = DefaultProbePages
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.MaxTexts <= 0 {
		o.MaxTexts = DefaultMaxTexts
	}
	if o.MaxTexts < o.K {
		o.MaxTexts = o.K
	}
	if o.MaxBytes == 0 {
		o.MaxBytes = DefaultSampleBytes
	}
}

// Progress reports how far Sample is.
type Progress struct {
	// Stage is "probe" or "annotate".
	Stage string
	// Type is the entity type being annotated ("" while probing).
	Type string
	// Step counts entity types (1-based) out of Steps.
	Step, Steps int
	// Done pages out of Total in this stage.
	Done, Total int
}

// TypeStats describe what the recognizer of one entity type found.
type TypeStats struct {
	Type      string
	Mandatory bool
	// Estimate is the selectivity estimate types were ordered by (expected
	// hits per page; lower first).
	Estimate float64
	// Step is the type's 1-based position in the annotation order.
	Step int
	// Candidates is the number of pages annotated for the type at its step;
	// PagesWithHits of them had at least one hit, with Hits hits in all.
	Candidates, PagesWithHits, Hits int
	// Recognizers counts hits per recognizer name.
	Recognizers map[string]int
	// SamplePagesWithHits and SampleHits are the same counts on the sample.
	SamplePagesWithHits, SampleHits int
	// TemplateHits counts the hits of Hits found in template text (see
	// TemplateWeight).
	TemplateHits int
}

// TemplateWeight is the factor applied to the confidence of a match found in
// template text: a text node whose text is identical on more than half of the
// probe pages (at least three) — navigation, labels, footers. Such text is
// the template's, not a value (a gazetteer entry "Home" matching the menu on
// every page), so its matches count little when ranking pages, and the
// sample's annotations in it carry the reduced confidence. They are not
// dropped: a source may show the same value on most pages.
const TemplateWeight = 0.25

// HitsPerPage is Hits divided by Candidates.
func (s *TypeStats) HitsPerPage() float64 {
	if s.Candidates == 0 {
		return 0
	}
	return float64(s.Hits) / float64(s.Candidates)
}

// PageError records a page left out of sampling and why.
type PageError struct {
	Path string
	Err  error
}

func (e *PageError) Error() string { return e.Err.Error() }

func (e *PageError) Unwrap() error { return e.Err }

// DiscardError says why a source cannot satisfy the SOD.
type DiscardError struct {
	// Type is the mandatory entity type with too few matches.
	Type   string
	Reason string
}

func (e *DiscardError) Error() string {
	return fmt.Sprintf("source discarded: mandatory type %s: %s", e.Type, e.Reason)
}

// SampleResult is the outcome of Sample.
type SampleResult struct {
	// Pages are the k best-annotated pages, best first, fully annotated.
	Pages []*Page
	// Order is the order entity types were annotated in.
	Order []string
	// Stats holds one entry per entity type, in Order.
	Stats []*TypeStats
	// Total is the number of pages in the source; Pool, the number the
	// sample was chosen from (see SampleSource; Sample: Total).
	Total, Pool int
	// Skipped are pages that could not be read or annotated.
	Skipped []*PageError
	// Segment is the NodePath of the main content segment annotation was
	// restricted to ("" when the whole page was used). See FindSegment.
	Segment string
	// Discarded is set when the source cannot satisfy the SOD.
	Discarded *DiscardError
	// TooLarge counts the pages left out to keep the sample within
	// SampleOptions.MaxBytes.
	TooLarge int
	// NearDuplicates counts the candidate pages left out of the sample
	// because they copy (NearDuplicate) a page of it.
	NearDuplicates int
	// OffTemplate names the candidate pages left out of the sample because
	// they do not share the source's template: they have fewer than half
	// as many of its template texts (texts on most pages) as the median
	// page. See offTemplate in diversity.go.
	OffTemplate []string
	// Kinds describes the page structures (which template texts a page
	// has: its optional rows and boxes) of the sample against the probe
	// pages, spread evenly over the source.
	Kinds KindStats
}

// KindStats compare the page structures of the sample with those of the
// source's probe pages.
type KindStats struct {
	// Sample is the number of distinct structures in the sample; Dominant
	// the share of sample pages of its most common one, and InProbe the
	// share of probe pages of that structure.
	Sample            int
	Dominant, InProbe float64
}

// pageState is the sampling state of one source page.
type pageState struct {
	idx   int
	page  *Page      // the parsed page: probe pages until segmentation, then the sample
	texts *textSet   // text nodes within the segment, document order; nil when not in memory
	spans []textSpan // where texts holds attribute values (attr.go); nil when it holds none
	done  []bool     // by type index: hits counted
	hits  []int      // by type index
	conf  []float64
	recs  map[string]int // hits per recognizer of the type of the current step
	tmpl  int            // hits in template text of the type of the current step
	size  int64          // bytes of the page file, once read
	// sketch summarises the page's variable text and structure for the
	// final choice (chooseSample); set once the template texts are known.
	sketch *pageSketch
	err    error
}

// Sample implements Algorithm 1 of seed 003 (annotatePages):
//
//	S := all pages; order entity types by selectivity estimate;
//	for each type t in that order: annotate t on S; S := the top-annotated pages of S;
//	return the k most annotated pages of S.
//
// Selectivity is estimated by annotating every type on a probe of
// ProbePages pages (optionally combined with SampleOptions.Selectivity);
// types with fewer expected hits come first. After each type the candidate
// set is divided by Shrink, never below K, keeping the richest pages: those
// with hits for more types, then with more (confidence-weighted,
// whole-node-favoured, logarithmically damped) hits, hits beyond a type's
// EntityType.MaxPerPage counting only at their average weight (so that a
// detail page full of noise matches does not outrank one with a clean
// annotation per field), and matches in template text counting at
// TemplateWeight; pages tied with the last
// page kept stay candidates, so an uninformative type does not cut the set.
//
// Between steps a candidate is represented by its text nodes only (see
// MaxTexts): the hits of a type are counted by running its recognizer over
// those texts with exactly the filters of AnnotateIn, so no page is parsed
// twice while it stays a candidate; the final K pages are parsed again and
// fully annotated (AnnotateIn) to build the sample. Pages are read in
// parallel. paths are page files (see ListSource); root makes their
// Page.Path relative.
//
// When a mandatory type finds too few matches (see MinShare) Sample stops and
// returns the result so far together with a *DiscardError, also stored in
// SampleResult.Discarded. Pages that fail to load or annotate are skipped and
// listed in SampleResult.Skipped.
func Sample(ctx context.Context, paths []string, root string, a *Annotator, opts SampleOptions) (*SampleResult, error) {
	opts.defaults()
	if len(paths) == 0 {
		return nil, errors.New("annotate: source has no pages")
	}
	types := a.Types()
	nt := len(types)
	res := &SampleResult{Total: len(paths), Pool: len(paths)}
	states := make([]*pageState, len(paths))
	for i := range states {
		states[i] = &pageState{idx: i, done: make([]bool, nt), hits: make([]int, nt), conf: make([]float64, nt)}
	}

	var scope string
	attrKeys := a.attrKeys()
	// collect sets st.texts from st.page within the segment.
	collect := func(st *pageState) {
		st.texts, st.spans = &textSet{}, nil
		sc := st.page.Doc
		if scope != "" {
			sc = FindPath(st.page.Doc, scope)
		}
		if sc != nil {
			var texts []string
			texts, st.spans = st.page.sampleTexts(sc, attrKeys, nil)
			st.texts = packTexts(texts) // not the page's whole text
		}
		for i := range st.done {
			st.done[i] = false
		}
	}
	// load reads st's texts unless they are in memory; keepTree keeps the
	// parsed page too.
	load := func(st *pageState, keepTree bool) error {
		if st.texts != nil && (!keepTree || st.page != nil) {
			return nil
		}
		n, err := opts.Budget.Acquire(ctx, opts.size(paths[st.idx]))
		if err != nil {
			return err
		}
		defer opts.Budget.Release(n)
		p, err := opts.read(paths[st.idx], SourceRel(root, paths[st.idx]))
		if err != nil {
			return err
		}
		st.page, st.size = p, int64(p.Size)
		collect(st)
		if !keepTree {
			p.Release() // the texts are kept, not the tree
			st.page = nil
		}
		return nil
	}
	// count counts the hits of the types ti not yet done on st's texts;
	// recOf, when >= 0, also counts the hits of that type per recognizer.
	var template map[string]bool // texts on most probe pages
	templateKnown := false
	count := func(st *pageState, ti []int, recOf int) error {
		st.recs, st.tmpl = nil, 0
		if templateKnown && st.sketch == nil {
			st.sketch = sketchOf(st.texts, template)
		}
		clk := &pageClock{} // regex budget of this pass over the page
		for _, i := range ti {
			if st.done[i] && i != recOf { // recOf's recognizers are counted anew
				continue
			}
			et := types[i]
			hits, w := 0, 0.0
			lo, hi := textRange(st.texts.len(), st.spans, et.Type.Attr)
			for j := lo; j < hi; j++ {
				text := st.texts.at(j)
				ms, err := a.matches(a.memo.entry(text), et, text, clk)
				if err != nil {
					return &TypeError{Page: SourceRel(root, paths[st.idx]), Type: et.Name, Err: err}
				}
				inTemplate := len(ms) > 0 && template[text]
				for _, m := range ms {
					hits++
					c := m.Confidence
					if !m.Whole {
						c /= 2
					}
					if inTemplate {
						c *= TemplateWeight
						if i == recOf {
							st.tmpl++
						}
					}
					w += c
					if i == recOf {
						if st.recs == nil {
							st.recs = map[string]int{}
						}
						st.recs[m.Recognizer]++
					}
				}
			}
			// Hits beyond what the SOD allows on one page are noise: count
			// the type's weight as if it had only that many (average weight).
			if m := et.MaxPerPage; m > 0 && hits > m {
				w *= float64(m) / float64(hits)
			}
			st.hits[i], st.conf[i] = hits, w
		}
		for _, i := range ti {
			st.done[i] = true
		}
		return nil
	}
	skip := func(st *pageState, err error) {
		st.err = err
		st.page, st.texts = nil, nil
		res.Skipped = append(res.Skipped, &PageError{Path: paths[st.idx], Err: err})
	}

	// Probe: annotate all types on pages spread evenly over the source.
	all := make([]int, nt)
	for i := range all {
		all[i] = i
	}
	res.TooLarge = leaveOutLarge(states, paths, opts.size, opts.MaxBytes, skip)
	readable := make([]*pageState, 0, len(states))
	for _, st := range states {
		if st.err == nil {
			readable = append(readable, st)
		}
	}
	np := min(opts.ProbePages, len(readable))
	var probe []*pageState
	for i := 0; i < np; i++ {
		st := readable[i*len(readable)/np]
		probe = append(probe, st)
	}
	probe = probeWithin(probe, paths, opts.size, opts.MaxBytes)
	err := parallel(ctx, opts.Workers, probe, func(st *pageState) error {
		if err := load(st, true); err != nil {
			return err
		}
		if err := a.AnnotateIn(st.page, nil); err != nil { // for FindSegment
			return err
		}
		return count(st, all, -1)
	}, func(done int, st *pageState, err error) {
		if err != nil {
			skip(st, err)
		}
		if opts.Progress != nil {
			opts.Progress(Progress{Stage: "probe", Done: done, Total: len(probe)})
		}
	})
	if err != nil {
		return nil, err
	}
	if err := a.stopped(); err != nil { // a regex used up the run's budget
		return nil, err
	}
	var probed []*Page
	for _, st := range probe {
		if st.err == nil {
			probed = append(probed, st.page)
		}
	}
	estimate := make([]float64, nt)
	for i, t := range types {
		var h int
		for _, st := range probe {
			if st.err == nil {
				h += st.hits[i]
			}
		}
		if len(probed) > 0 {
			estimate[i] = float64(h) / float64(len(probed))
		}
		if opts.Selectivity != nil {
			if v, ok := opts.Selectivity(t.Name); ok {
				estimate[i] = (estimate[i] + v) / 2
			}
		}
	}
	if !opts.NoSegment {
		if seg, ok := FindSegment(probed, DefaultSegmentShare); ok {
			scope = seg
			res.Segment = seg
			for _, st := range probe {
				if st.err == nil {
					collect(st)
					if err := count(st, all, -1); err != nil {
						skip(st, err)
					}
				}
			}
		}
	}
	template = templateTexts(probe)
	templateKnown = true
	for _, st := range probe {
		if st.err == nil {
			st.sketch = sketchOf(st.texts, template)
		}
	}
	if len(template) > 0 {
		for _, st := range probe {
			if st.err == nil {
				for i := range st.done {
					st.done[i] = false
				}
				if err := count(st, all, -1); err != nil {
					skip(st, err)
				}
			}
		}
	}
	for _, st := range probe {
		st.page = nil
	}

	order := make([]int, nt)
	copy(order, all)
	sort.SliceStable(order, func(x, y int) bool {
		ex, ey := estimate[order[x]], estimate[order[y]]
		if ex != ey {
			return ex < ey
		}
		return types[order[x]].Mandatory && !types[order[y]].Mandatory
	})
	for step, i := range order {
		res.Order = append(res.Order, types[i].Name)
		res.Stats = append(res.Stats, &TypeStats{
			Type: types[i].Name, Mandatory: types[i].Mandatory, Estimate: estimate[i],
			Step: step + 1, Recognizers: map[string]int{},
		})
	}

	cands := make([]*pageState, 0, len(states))
	for _, st := range states {
		if st.err == nil {
			cands = append(cands, st)
		}
	}
	for step, ti := range order {
		doneTypes := order[:step+1]
		next := opts.K
		if step < nt-1 {
			next = max(opts.K, int(math.Ceil(float64(len(cands))/opts.Shrink)))
		}
		keep := min(next, opts.MaxTexts)
		stats := res.Stats[step]
		var kept []*pageState // the best `keep` pages seen so far, texts in memory
		err := parallel(ctx, opts.Workers, cands, func(st *pageState) error {
			if err := load(st, false); err != nil {
				return err
			}
			return count(st, doneTypes, ti)
		}, func(done int, st *pageState, err error) {
			if err != nil {
				skip(st, err)
			} else {
				stats.Candidates++
				if st.hits[ti] > 0 {
					stats.PagesWithHits++
					stats.Hits += st.hits[ti]
					for r, n := range st.recs {
						stats.Recognizers[r] += n
					}
					stats.TemplateHits += st.tmpl
				}
				st.recs = nil
				// Bound the texts in memory: keep only the best pages so far
				// (amortised: trim to keep when twice as many are held).
				kept = append(kept, st)
				if len(kept) >= 2*keep {
					sortStates(kept, doneTypes)
					for _, o := range kept[keep:] {
						o.texts = nil
					}
					kept = kept[:keep]
				}
			}
			if opts.Progress != nil {
				opts.Progress(Progress{Stage: "annotate", Type: types[ti].Name, Step: step + 1, Steps: nt, Done: done, Total: len(cands)})
			}
		})
		if err != nil {
			return nil, err
		}
		if err := a.stopped(); err != nil { // a regex used up the run's budget
			return nil, err
		}
		live := cands[:0]
		for _, st := range cands {
			if st.err == nil {
				live = append(live, st)
			}
		}
		cands = live
		if t := types[ti]; t.Mandatory && opts.MinShare > 0 {
			need := int(math.Ceil(opts.MinShare * float64(min(opts.K, len(cands)))))
			if stats.PagesWithHits < need || len(cands) == 0 {
				res.Discarded = &DiscardError{Type: t.Name, Reason: fmt.Sprintf(
					"hits on %d of %d pages annotated at step %d, fewer than the %d needed (MinShare %.2g of a sample of %d)",
					stats.PagesWithHits, len(cands), step+1, need, opts.MinShare, min(opts.K, len(cands)))}
				break
			}
		}
		sortStates(cands, doneTypes)
		var copies []*pageState
		cands, copies = dropCopies(cands)
		for _, st := range copies {
			st.texts = nil
		}
		res.NearDuplicates += len(copies)
		if step == nt-1 {
			// The sample: the best pages, without copies, of diverse
			// structures (diversity.go).
			chosen, foreign := chooseSample(cands, opts.K, doneTypes)
			for _, st := range foreign {
				res.OffTemplate = append(res.OffTemplate, SourceRel(root, paths[st.idx]))
			}
			res.NearDuplicates += countNearDuplicates(cands, chosen)
			res.Kinds = kindStats(chosen, probe)
			for _, st := range cands {
				st.texts = nil
			}
			cands = chosen
			break
		}
		if next < len(cands) {
			// Pages tied with the last one kept are kept too: a type that
			// tells pages apart little (no hits anywhere, hits everywhere)
			// must not cut the candidates arbitrarily.
			last := richnessOf(cands[next-1], doneTypes)
			for next < len(cands) && richnessOf(cands[next], doneTypes) == last {
				next++
			}
		}
		if len(cands) > next {
			for _, st := range cands[next:] {
				st.texts = nil
			}
			cands = cands[:next]
		}
	}
	if res.Discarded == nil {
		// The candidates are now the sample: parse them again and annotate
		// every type on their trees (the hits are those counted on texts).
		kept := fitBytes(cands, func(st *pageState) int64 { return st.size }, opts.MaxBytes)
		res.TooLarge += len(cands) - len(kept)
		cands = kept
		err := parallel(ctx, opts.Workers, cands, func(st *pageState) error {
			n, err := opts.Budget.Acquire(ctx, st.size)
			if err != nil {
				return err
			}
			defer opts.Budget.Release(n)
			p, err := opts.read(paths[st.idx], SourceRel(root, paths[st.idx]))
			if err != nil {
				return err
			}
			var sc *html.Node
			if scope != "" {
				sc = FindPath(p.Doc, scope)
			}
			if err := a.AnnotateIn(p, sc); err != nil {
				return err
			}
			for _, an := range p.Annotations {
				if template[an.Node.Data] {
					an.Confidence *= TemplateWeight
				}
			}
			st.page = p
			return nil
		}, func(int, *pageState, error) {})
		if err != nil {
			return nil, err
		}
		if err := a.stopped(); err != nil { // a regex used up the run's budget
			return nil, err
		}
		for _, st := range cands {
			if st.page == nil {
				return nil, fmt.Errorf("annotate: sample page %s could not be read again", paths[st.idx])
			}
			res.Pages = append(res.Pages, st.page)
			for i, ti := range order {
				if st.hits[ti] > 0 {
					res.Stats[i].SamplePagesWithHits++
					res.Stats[i].SampleHits += st.hits[ti]
				}
			}
		}
		for _, s := range res.Stats {
			if s.Mandatory && opts.MinShare > 0 && len(res.Pages) > 0 &&
				float64(s.SamplePagesWithHits) < opts.MinShare*float64(len(res.Pages)) {
				res.Discarded = &DiscardError{Type: s.Type, Reason: fmt.Sprintf(
					"hits on %d of the %d sample pages, less than MinShare %.2g", s.SamplePagesWithHits, len(res.Pages), opts.MinShare)}
				break
			}
		}
	}
	for _, st := range states { // release what is outside the sample
		st.texts = nil
		if st.page != nil && !containsPage(res.Pages, st.page) {
			st.page = nil
		}
	}
	if res.Discarded != nil {
		return res, res.Discarded
	}
	return res, nil
}

// templateTexts returns the texts found on more than half of the probe
// pages read (at least three pages), each page counted once.
func templateTexts(probe []*pageState) map[string]bool {
	n := 0
	seen := map[string]int{}
	for _, st := range probe {
		if st.err != nil {
			continue
		}
		n++
		page := map[string]bool{}
		for j := range st.texts.len() {
			if t := st.texts.at(j); !page[t] {
				page[t] = true
				seen[t]++
			}
		}
	}
	if n < 3 {
		return nil
	}
	out := map[string]bool{}
	for t, k := range seen {
		if 2*k > n {
			out[t] = true
		}
	}
	return out
}

// richness ranks a page for the given types: more types with hits first,
// then a higher sum of damped hit weights.
type richness struct {
	cov int
	w   float64
}

func richnessOf(st *pageState, types []int) richness {
	var k richness
	for _, i := range types {
		if st.hits[i] > 0 {
			k.cov++
			k.w += math.Log1p(st.conf[i])
		}
	}
	return k
}

func (a richness) better(b richness) bool {
	if a.cov != b.cov {
		return a.cov > b.cov
	}
	return a.w > b.w
}

// sortStates orders pages richest first for the given types, ties in source
// order.
func sortStates(s []*pageState, types []int) {
	keys := make(map[*pageState]richness, len(s))
	for _, st := range s {
		keys[st] = richnessOf(st, types)
	}
	sort.SliceStable(s, func(i, j int) bool {
		a, b := keys[s[i]], keys[s[j]]
		if a != b {
			return a.better(b)
		}
		return s[i].idx < s[j].idx
	})
}

func containsPage(s []*Page, p *Page) bool {
	for _, x := range s {
		if x == p {
			return true
		}
	}
	return false
}

// parallel runs work on items with n workers; report is called from the
// calling goroutine, once per item, in completion order. It stops early and
// returns ctx.Err() when ctx is cancelled.
func parallel[T any](ctx context.Context, n int, items []T, work func(T) error, report func(done int, item T, err error)) error {
	type result struct {
		item T
		err  error
	}
	in := make(chan T)
	out := make(chan result)
	var wg sync.WaitGroup
	for range min(n, max(len(items), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range in {
				out <- result{it, work(it)}
			}
		}()
	}
	go func() {
		defer close(in)
		for _, it := range items {
			select {
			case in <- it:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(out) }()
	done := 0
	for r := range out {
		done++
		report(done, r.item, r.err)
	}
	return ctx.Err()
}
