package objectrunner

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/internal/sumset"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/warc"
	"github.com/objectrunner/objectrunner/wrapper"
)

// Config says how to run the pipeline on a source.
type Config struct {
	// SOD and its Recognizers (recognizers.ForSOD) are required to learn a
	// wrapper; applying a saved Wrapper needs neither.
	SOD         *sod.SOD
	Recognizers map[string]recognizers.Recognizer
	// Wrapper, when set, is applied as it is: no annotation, no induction.
	Wrapper *wrapper.Wrapper
	// Sample, Annotate and Induce tune the three stages; zero values select
	// the defaults (Induce: wrapper.DefaultOptions()).
	Sample   annotate.SampleOptions
	Annotate annotate.Options
	Induce   *wrapper.Options
	// Load is used to read every page (encoding override, size limit).
	Load annotate.LoadOptions
	// Workers is how many pages are read, annotated and extracted in
	// parallel (GOMAXPROCS); Sample.Workers, when set, overrides it for
	// sampling. The result does not depend on it.
	Workers int
	// Strict drops incomplete objects (a mandatory field without value)
	// instead of writing them with Object.Missing set.
	Strict bool
	// KeepDuplicates writes the objects of every copy of a page. By
	// default a page whose decoded text is that of an earlier page of the
	// run (annotate.Page.Sum: the same page saved under two names) is
	// matched once: its copies are counted (Report.Duplicates) and give
	// no objects.
	KeepDuplicates bool
	// PageSums, when set, is called while extracting, from one goroutine
	// and in listing order, with the name (as the objects' Page) and the
	// annotate.Page.Sum of every page read, copies included: what a
	// distributed run needs to find the copies across its parts (with
	// Load.StableSum, so that sums agree across processes).
	PageSums func(rel string, sum uint64)
	// MinConfidence, when above 0, leaves out every value whose confidence
	// (wrapper.Value.Confidence; docs/trust.md measures how often values
	// of each confidence are right) is below it; Report.BelowConfidence and
	// FieldStats.BelowConfidence count them. An object whose mandatory
	// field loses all its values so gets it in Object.Missing (its page is
	// counted in Report.Incomplete; with Strict the object is dropped).
	MinConfidence float64
	// KeepRefuted keeps the values of the fields whose doubt notes, measured
	// on the sample when the wrapper was learned, say the slot holds
	// something other than the field's values (wrapper.Evidence.Refuted:
	// values without a letter for a name type, read from an aside alone,
	// or opening with one same label). By default they are left out
	// (abstention: docs/trust.md, "Abstention"), counted in
	// Report.Refuted and FieldStats.Refuted, and a DiagAbstained
	// diagnostic names each such field; a mandatory field so emptied is
	// listed in Object.Missing.
	KeepRefuted bool
	// InFlightBytes bounds the bytes of pages parsed and processed at once
	// across workers, while sampling and while extracting
	// (annotate.DefaultInFlightBytes; negative: no bound): memory follows
	// page bytes, not page counts. A page larger than the bound is
	// processed alone. The sample kept for induction is bounded apart
	// (Sample.MaxBytes, annotate.DefaultSampleBytes).
	InFlightBytes int64
	// Progress, when set, is called from one goroutine as work advances.
	Progress func(Progress)
	// Templates, when set, groups the source's pages by template first
	// (package cluster): when there are several, each template of at
	// least two pages is sampled on its own pages (the largest
	// maxSampledTemplates of them), the one whose sample shows most of the
	// SOD's entity types per page is taken (at equal share, the one showing
	// more objects per page for an SOD of several objects per page, fewer
	// for one of one), and only its pages are learned
	// from and extracted (Report.Template says which and why).
	Templates bool
	// Pages, when not nil, restricts the source to these pages, named as
	// the objects' Page (paths relative to a source directory, HOST/PATH
	// in a WARC source): only they are learned from and extracted (one
	// template of a mixed source, see SourceTemplates).
	Pages []string
	// Learned, when set, is called once the wrapper is learned, before
	// extraction starts, with the report so far (sample, wrapper, times).
	Learned func(*Report)
	// WARC selects the pages of a WARC source (Run): by default every
	// HTML response with status 200.
	WARC warc.Filter
	// Review, when set, is called with the questions of the learned
	// wrapper (Wrapper.Questions: where it was unsure) or, when learning
	// stopped, of the stop (StopError.Questions: where the fields without
	// slot are); the answers it returns are added to the pins of Induce
	// and the wrapper is learned again from the same sample before
	// extraction (review.go). It is not called when there is no question.
	Review func([]wrapper.Question) ([]wrapper.Pin, error)
}

// Progress reports how far a run is.
type Progress struct {
	Stage       string // "sample", "extract"
	Done, Total int
	Detail      string
}

// Report describes a run.
type Report struct {
	// Root is the source directory page paths are relative to ("." for
	// RunFS and RunPages).
	Root string
	// Pages is the number of pages in the source.
	Pages int
	// Sample is the annotation stage's result (nil when a wrapper was given).
	Sample *annotate.SampleResult
	// Wrapper is the wrapper that was learned or given.
	Wrapper *wrapper.Wrapper
	// Time spent in each stage.
	SampleTime, InduceTime, ExtractTime time.Duration
	// SampleTarget is the sample size asked for (annotate.SampleOptions.K).
	SampleTarget int
	// Processed counts the pages taken through extraction, whatever their
	// outcome (a page counts once all its objects are emitted): less than
	// Pages when the run stopped early. PagesWithObjects and Objects count
	// what was extracted.
	Processed, PagesWithObjects, Objects int
	// Unfit maps a reason to the pages that did not fit the wrapper for it
	// and gave no object.
	Unfit map[string][]string
	// Incomplete maps a reason to the pages whose objects were written
	// though some lack a mandatory field (Object.Missing), or in part (a
	// list page where some records did not fit).
	Incomplete map[string][]string
	// Dropped counts the incomplete objects left out (Config.Strict).
	Dropped int
	// MinConfidence is the Config.MinConfidence of the extraction;
	// BelowConfidence counts the values left out for a confidence below
	// it.
	MinConfidence   float64
	BelowConfidence int
	// Refuted counts the values left out because their field's doubt
	// notes refute them (Config.KeepRefuted).
	Refuted int
	// Fields holds, by dotted field path, how the objects written filled
	// each field (for a nested tuple field, Values counts its nested
	// objects).
	Fields map[string]*FieldStats
	// Empty maps a reason (wrapper.Wrapper.WhyEmpty) to the pages that fit
	// the wrapper but hold no object, which the SOD allows (a list page
	// without records when objects = "*").
	Empty map[string][]string
	// Failed lists pages that could not be read.
	Failed []*annotate.PageError
	// Stopped says why learning the wrapper stopped (its error's text),
	// and StoppedFields lists the SOD's field paths, none of which is
	// extracted: Diagnose names each (DiagStopped). Empty when a wrapper
	// was learned.
	Stopped       string
	StoppedFields []string
	// Template is the template taken from a source of several
	// (Config.Templates); nil otherwise.
	Template *TemplateChoice
	// Duplicates counts the pages left out as copies of an earlier page
	// of the run (Config.KeepDuplicates); DuplicateOf gives, for the
	// first maxDuplicateExamples of them, the page each copies.
	Duplicates  int
	DuplicateOf map[string]string
	// Replaced maps a page decoded as UTF-8 (its bytes are, or mostly
	// are) to the number of its bytes that were not valid UTF-8 and were
	// replaced by U+FFFD.
	Replaced map[string]int
	// RegexTime is the time each user regular expression took during the
	// run (DiagSlowRegex budgets it).
	RegexTime []RegexUse
	// SkippedDirs lists the subdirectories of the source that could not
	// be read, with the reason (Run); their pages were not counted.
	SkippedDirs []*annotate.PageError
	// split counts objects and filled fields on the sample's pages and
	// the others (selfcheck.go).
	split sampleSplit
}

// maxDuplicateExamples bounds Report.DuplicateOf.
const maxDuplicateExamples = 20

// EmptyPages is the number of pages that fit the wrapper without objects.
func (r *Report) EmptyPages() int {
	n := 0
	for _, ps := range r.Empty {
		n += len(ps)
	}
	return n
}

// UnfitPages is the number of pages that did not fit the wrapper and gave
// no object.
func (r *Report) UnfitPages() int {
	n := 0
	for _, ps := range r.Unfit {
		n += len(ps)
	}
	return n
}

// IncompletePages is the number of pages whose objects were written
// incomplete or in part.
func (r *Report) IncompletePages() int {
	n := 0
	for _, ps := range r.Incomplete {
		n += len(ps)
	}
	return n
}

// Run learns a wrapper for the source (unless cfg.Wrapper is set) and
// extracts every page, calling emit for each object in page order. emit is
// called from one goroutine; an error from it stops the run. source is a
// directory (walked recursively) or a glob of pages, or WARC files (one,
// a glob, or several separated by commas, see warc.IsSource), whose HTML
// responses kept by cfg.WARC are the pages, named HOST/PATH; see RunFS
// and RunPages for other sources.
func Run(ctx context.Context, source string, cfg Config, emit func(*wrapper.Object) error) (*Report, error) {
	if warc.IsSource(source) {
		fsys, err := OpenWARC(source, cfg.WARC)
		if err != nil {
			return nil, err
		}
		defer fsys.Close()
		return RunFS(ctx, fsys, cfg, emit)
	}
	src, skipped, err := dirSource(source, cfg.Load)
	if err != nil {
		return nil, err
	}
	rep, err := run(ctx, src, cfg, emit)
	if rep != nil {
		rep.SkippedDirs = skipped
	}
	return rep, err
}

// dirSource counts the pages of a source directory (or glob) and lists
// the sub-directories that could not be read. Its pages are listed
// (pageSource.list) only when a step needs them all at once: learning,
// Config.Pages, Config.Templates; extraction walks the directories again
// (annotate.Listing), so a run holds no list of its pages.
func dirSource(source string, load annotate.LoadOptions) (*pageSource, []*annotate.PageError, error) {
	l, err := annotate.ScanSource(source)
	if err != nil {
		return nil, nil, err
	}
	skipped := l.Skipped
	if l.Count == 0 {
		if len(skipped) > 0 {
			return nil, nil, fmt.Errorf("%s: no pages (.htm, .html or .xhtml files) outside %d unreadable directories (%s: %v)", source, len(skipped), skipped[0].Path, skipped[0].Err)
		}
		return nil, nil, fmt.Errorf("%s: no pages (.htm, .html or .xhtml files)", source)
	}
	src := dirPages(l.Root, nil, load)
	src.listing = l
	return src, skipped, nil
}

// run learns (unless cfg.Wrapper is set) and extracts the pages of src.
func run(ctx context.Context, src *pageSource, cfg Config, emit func(*wrapper.Object) error) (*Report, error) {
	// Config.Pages and Config.Templates need the list of pages; learning
	// (annotate.SampleListing) and extraction (pageSource.jobs) walk the
	// source.
	if cfg.Pages != nil || cfg.Templates {
		if err := src.list(); err != nil {
			return nil, err
		}
	}
	if cfg.Pages != nil {
		if err := src.only(cfg.Pages); err != nil {
			return nil, err
		}
	}
	rep := &Report{Root: src.root, Pages: src.count(), Wrapper: cfg.Wrapper}
	clock := startRegexClock(cfg.SOD, cfg.Wrapper)
	defer func() { rep.RegexTime = clock.stop() }()
	if rep.Wrapper == nil {
		if err := learn(ctx, src, rep, cfg); err != nil {
			return rep, err
		}
		if cfg.Learned != nil {
			cfg.Learned(rep)
		}
	}
	if src.listing != nil && cfg.Pages == nil && !cfg.Templates {
		src.names = nil // extraction walks the directories again
	}
	start := time.Now()
	err := extract(ctx, rep.Wrapper, src, rep, cfg, emit)
	rep.ExtractTime = time.Since(start)
	return rep, err
}

// Learn runs the annotation stage and wrapper induction on paths (page
// files, relative to rep.Root) and records the sample and the wrapper in rep.
func Learn(ctx context.Context, paths []string, rep *Report, cfg Config) error {
	return learn(ctx, dirPages(rep.Root, paths, cfg.Load), rep, cfg)
}

// learn is Learn over any page source.
func learn(ctx context.Context, src *pageSource, rep *Report, cfg Config) error {
	if cfg.SOD == nil {
		return errors.New("objectrunner: learning a wrapper needs an SOD")
	}
	a, err := annotate.NewAnnotator(cfg.SOD, cfg.Recognizers, cfg.Annotate)
	if err != nil {
		return err
	}
	sopt := cfg.Sample
	if sopt.Load == (annotate.LoadOptions{}) {
		sopt.Load = cfg.Load
	}
	if sopt.Workers <= 0 {
		sopt.Workers = cfg.Workers
	}
	if sopt.Read == nil {
		sopt.Read = func(name, _ string) (*annotate.Page, error) { return src.read(name, nil) }
	}
	if sopt.Size == nil && src.size != nil {
		sopt.Size = src.size
	}
	if sopt.Budget == nil {
		sopt.Budget = cfg.pageBudget()
	}
	if cfg.Progress != nil && sopt.Progress == nil {
		sopt.Progress = func(p annotate.Progress) {
			detail := p.Stage
			if p.Type != "" {
				detail = fmt.Sprintf("%s %s (%d/%d)", p.Stage, p.Type, p.Step, p.Steps)
			}
			cfg.Progress(Progress{Stage: "sample", Done: p.Done, Total: p.Total, Detail: detail})
		}
	}
	rep.SampleTarget = sampleTarget(sopt)
	start := time.Now()
	var res *annotate.SampleResult
	if cfg.Templates {
		// Each template of the source is sampled on its own pages: the
		// one whose sample best satisfies the SOD is learned.
		choice, r, err := chooseTemplate(src, func(names []string) (*annotate.SampleResult, error) {
			return annotate.SampleSource(ctx, names, src.root, a, sopt)
		}, len(a.Types()), cfg.SOD.Mult.Many())
		if err != nil {
			rep.SampleTime = time.Since(start)
			return err
		}
		rep.Template, res = choice, r
		if choice != nil {
			rep.Pages = len(src.names)
		}
	}
	if res == nil {
		if src.names == nil && src.listing != nil {
			res, err = annotate.SampleListing(ctx, src.listing, a, sopt)
		} else {
			res, err = annotate.SampleSource(ctx, src.names, src.root, a, sopt)
		}
	}
	rep.SampleTime = time.Since(start)
	rep.Sample = res
	if res != nil && len(res.Pages) == 0 && len(res.Skipped) > 0 {
		first := res.Skipped[0]
		if len(res.Skipped) >= res.Total || res.Discarded == nil && err == nil {
			// Nothing usable was annotated: say why rather than "0 hits".
			return fmt.Errorf("no sample: %d of %d pages were left out, e.g. %s: %w", len(res.Skipped), res.Total, first.Path, first.Err)
		}
		if res.Discarded != nil {
			err := fmt.Errorf("%w (besides, %d pages were left out, e.g. %s: %v)", res.Discarded, len(res.Skipped), first.Path, first.Err)
			stopped(rep, cfg.SOD, err)
			return err
		}
	}
	if err != nil {
		if res != nil && res.Discarded != nil {
			stopped(rep, cfg.SOD, err)
		}
		return err
	}
	if res.Discarded != nil {
		stopped(rep, cfg.SOD, res.Discarded)
		return res.Discarded
	}
	if len(res.Pages) < 2 {
		// Induction tells the template from the data by comparing pages:
		// on one page every text is as constant as the template's.
		return fmt.Errorf("cannot learn a wrapper from a sample of %d page (the source has %d): "+
			"a template is told from its data by comparing pages; give at least 2 pages of the template", len(res.Pages), res.Total)
	}
	iopt := wrapper.DefaultOptions()
	if cfg.Induce != nil {
		iopt = *cfg.Induce
	}
	pages, err := examplePages(ctx, src, a, res.Pages, iopt.Pins) // review.go
	if err != nil {
		return err
	}
	start = time.Now()
	w, err := wrapper.Induce(pages, cfg.SOD, iopt)
	var waited time.Duration // for the answers (Config.Review)
	if cfg.Review != nil {
		w, waited, err = review(pages, cfg.SOD, iopt, w, err, cfg.Review)
	}
	rep.InduceTime = time.Since(start) - waited
	if err != nil {
		stopped(rep, cfg.SOD, err)
		return err
	}
	rep.Wrapper = w
	return nil
}

// stopped records in rep that no wrapper was learned, and why: every
// field of the SOD is named (Report.StoppedFields), so that Diagnose says
// of each that it is not extracted. A source discarded for a mandatory
// type found on too few pages stops so too: before, only that type was
// named and the SOD's other fields, all empty, were not (zoo dev seeds
// 38000-38299: four fields of one restaurant template at F1 0, no
// diagnostic).
func stopped(rep *Report, s *sod.SOD, err error) {
	rep.Stopped = err.Error()
	rep.StoppedFields = nil
	for _, f := range wrapper.SODFields(s) {
		if !f.Tuple {
			rep.StoppedFields = append(rep.StoppedFields, f.Path)
		}
	}
}

// Extract applies w to every page of paths (page files, relative to
// rep.Root) with cfg.Workers goroutines and calls emit for each object in
// page order. Memory stays bounded: at most a few pages per worker are in
// flight, and a page is released once its objects are emitted. Pages that
// do not fit the wrapper are recorded in rep.Unfit, unreadable ones in
// rep.Failed; neither stops the run. A list page where only some records
// do not fit is recorded in rep.Unfit and its other records' objects are
// emitted.
func Extract(ctx context.Context, w *wrapper.Wrapper, paths []string, rep *Report, cfg Config, emit func(*wrapper.Object) error) error {
	return extract(ctx, w, dirPages(rep.Root, paths, cfg.Load), rep, cfg, emit)
}

// extract is Extract over the pages of src (pageSource.jobs).
func extract(ctx context.Context, w *wrapper.Wrapper, src *pageSource, rep *Report, cfg Config, emit func(*wrapper.Object) error) error {
	return extractFeed(ctx, w, src.jobs, src.count(), src.rels, rep, cfg, emit)
}

// extractFeed is Extract over a feed of pages (total: their number, 0 when
// unknown). rels names the pages at some positions of the feed (see
// pageSource.rels); without it the names of pages are kept for
// Report.DuplicateOf. Otherwise what it keeps per page is a few bytes
// (taken) or only for pages with a problem (rep.Unfit, rep.Failed, …).
func extractFeed(ctx context.Context, w *wrapper.Wrapper, feed func(yield func(pageJob) bool) error, total int, rels func(map[int]string) error, rep *Report, cfg Config, emit func(*wrapper.Object) error) error {
	if w == nil {
		return errors.New("objectrunner: no wrapper to extract with")
	}
	rep.MinConfidence = max(0, cfg.MinConfidence)
	fields := w.Fields()
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if rep.Unfit == nil {
		rep.Unfit = map[string][]string{}
	}
	if rep.Incomplete == nil {
		rep.Incomplete = map[string][]string{}
	}
	if rep.Empty == nil {
		rep.Empty = map[string][]string{}
	}
	type result struct {
		i     int
		rel   string
		objs  []*wrapper.Object
		err   error
		empty string // why a page that fits gave no object
		sum   uint64 // the page's annotate.Page.Sum (0: not read)
		// replaced counts the page's bytes that were not valid UTF-8.
		replaced int
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// window bounds the pages read but not yet emitted; budget the bytes of
	// the pages being read and extracted.
	window := make(chan struct{}, 4*workers)
	budget := cfg.pageBudget()
	jobs := make(chan pageJob)
	results := make(chan result, workers)
	var dups *taken
	if !cfg.KeepDuplicates {
		dups = &taken{set: sumset.New(total)}
		if rels == nil {
			dups.names = map[int32]string{}
			rels = dups.rels
		}
		// The pages copied by the first duplicates are named once the
		// run is over, from their positions.
		defer func() {
			dups.mu.Lock()
			defer dups.mu.Unlock()
			defer func() { dups.set.Close(); dups.set = nil }()
			if len(dups.examples) == 0 {
				return
			}
			pos := map[uint64]int{}
			at := map[int]string{}
			for _, sum := range dups.examples {
				if i, ok, err := dups.set.Position(sum); err == nil && ok {
					pos[sum] = int(i)
					at[int(i)] = ""
				}
			}
			if rels(at) == nil {
				rep.DuplicateOf = map[string]string{}
				for rel, sum := range dups.examples {
					if i, ok := pos[sum]; ok {
						rep.DuplicateOf[rel] = at[i]
					}
				}
			}
		}()
	}
	var feedErr error
	go func() {
		defer close(jobs)
		feedErr = feed(func(j pageJob) bool {
			if ctx.Err() != nil {
				return false // select picks at random between ready cases
			}
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return false
			}
			select {
			case jobs <- j:
				return true
			case <-ctx.Done():
				return false
			}
		})
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				if ctx.Err() != nil {
					return
				}
				r := result{i: j.i, rel: j.rel}
				n, err := budget.Acquire(ctx, j.size)
				if err != nil {
					return
				}
				// The page is read and tokenized in one pass (see
				// wrapper.ExtractStream); a page without objects is read
				// again to say why. A copy of a page that a worker read
				// for an earlier position is not matched.
				load := func(v annotate.Visitor) (*annotate.Page, error) {
					p, err := j.load(v)
					if err != nil || p == nil {
						return p, err
					}
					r.sum, r.replaced = p.Sum, p.Replaced
					if copied, _ := dups.has(p.Sum); copied {
						p.Release()
						return nil, errCopy
					}
					return p, nil
				}
				r.objs, r.err = w.ExtractStream(load)
				if r.err == nil && len(r.objs) == 0 {
					if p, err := j.load(nil); err == nil {
						r.empty = w.WhyEmpty(p)
						p.Release()
					}
				}
				budget.Release(n)
				select {
				case results <- r:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	// stop ends the run on err: the workers are cancelled and their
	// results drained, so none is left blocked.
	stop := func(err error) error {
		cancel()
		for range results {
		}
		return err
	}
	pending := map[int]result{}
	next := 0
	for r := range results {
		pending[r.i] = r
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-window
			if cfg.PageSums != nil && r.sum != 0 {
				cfg.PageSums(r.rel, r.sum)
			}
			if dups != nil && r.sum != 0 {
				copied, err := dups.has(r.sum)
				if err == nil && !copied {
					err = dups.take(r.sum, r.i, r.rel)
				}
				if err != nil {
					return stop(fmt.Errorf("duplicate detection: %w", err))
				}
				if copied {
					rep.Duplicates++
					if len(dups.examples) < maxDuplicateExamples {
						if dups.examples == nil {
							dups.examples = map[string]uint64{}
						}
						dups.examples[r.rel] = r.sum
					}
					rep.Processed++
					if cfg.Progress != nil {
						cfg.Progress(Progress{Stage: "extract", Done: next, Total: total})
					}
					continue
				}
			}
			if r.empty != "" {
				rep.Empty[r.empty] = append(rep.Empty[r.empty], r.rel)
			}
			if r.replaced > 0 {
				if rep.Replaced == nil {
					rep.Replaced = map[string]int{}
				}
				rep.Replaced[r.rel] = r.replaced
			}
			if err := rep.take(r.rel, r.objs, rep.dropRefutedAll(r.objs, rep.dropBelowAll(r.objs, r.err, cfg.MinConfidence, fields), cfg.KeepRefuted, fields), cfg.Strict, emit); err != nil {
				return stop(err)
			}
			if cfg.Progress != nil {
				cfg.Progress(Progress{Stage: "extract", Done: next, Total: total})
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return feedErr
}

// errCopy stops the extraction of a page that copies a page taken earlier
// in the run (taken).
var errCopy = errors.New("a copy of an earlier page")

// taken holds the sums of the pages taken so far (in order), with the
// position of the first page that had each: a page whose sum is there
// copies a page at an earlier position. Workers look here to skip matching
// such copies; the in-order loop decides (a copy read before its original
// was taken is matched, then left out), so the output does not depend on
// the workers' timing. The sums are an exact set (internal/sumset: about
// 2.5 bytes of memory a distinct page, outside the Go heap; the sums and
// positions themselves in a temporary file); no page name is kept: the pages copied by the first maxDuplicateExamples duplicates
// (examples, duplicate → sum) are found from their positions at the end
// (Report.DuplicateOf).
type taken struct {
	mu       sync.Mutex
	set      *sumset.Set // nil once the run is over
	examples map[string]uint64
	// names, when set, holds the name of every page taken (for a feed
	// that cannot be read again: RunPages).
	names map[int32]string
}

// rels names the pages at the positions of at from t.names.
func (t *taken) rels(at map[int]string) error {
	for i := range at {
		at[i] = t.names[int32(i)]
	}
	return nil
}

// has reports whether a page with sum was taken (false when t is nil).
func (t *taken) has(sum uint64) (bool, error) {
	if t == nil {
		return false, nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.set == nil {
		return false, nil
	}
	return t.set.Has(sum)
}

// take records that the page at position i, rel, with sum, is taken.
func (t *taken) take(sum uint64, i int, rel string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.names != nil {
		t.names[int32(i)] = rel
	}
	_, err := t.set.Add(sum, int64(i))
	return err
}

// pageBudget returns a new budget of cfg.InFlightBytes.
func (cfg *Config) pageBudget() *annotate.PageBudget {
	n := cfg.InFlightBytes
	if n == 0 {
		n = annotate.DefaultInFlightBytes
	}
	return annotate.NewPageBudget(n)
}

// take records one page's outcome (rel: its path in the source) and emits
// its objects. A page whose objects lack a mandatory field, or a list page
// where some records did not fit, still gives the objects it has
// (incomplete ones left out when strict, the page still counted as
// incomplete); a page that gave none is unfit.
func (rep *Report) take(rel string, objs []*wrapper.Object, err error, strict bool, emit func(*wrapper.Object) error) error {
	var mm *wrapper.MismatchError
	switch {
	case errors.As(err, &mm):
		dropped := 0
		if strict {
			kept := objs[:0:0]
			for _, o := range objs {
				if len(o.Missing) == 0 {
					kept = append(kept, o)
				} else {
					dropped++
				}
			}
			objs = kept
			rep.Dropped += dropped
		}
		// A page whose objects Strict left out is incomplete, as it is
		// without Strict; unfit is a page that gave no object at all.
		if !mm.Partial || (len(objs) == 0 && dropped == 0) {
			rep.Unfit[mm.Reason] = append(rep.Unfit[mm.Reason], rel)
			rep.Processed++
			return nil
		}
		rep.Incomplete[mm.Reason] = append(rep.Incomplete[mm.Reason], rel)
	case err != nil:
		rep.Failed = append(rep.Failed, &annotate.PageError{Path: rel, Err: err})
		rep.Processed++
		return nil
	}
	if len(objs) > 0 {
		rep.PagesWithObjects++
	}
	for _, o := range objs {
		rep.Objects++
		rep.count(o)
		if err := emit(o); err != nil {
			return err
		}
	}
	rep.Processed++
	return nil
}

// FieldStats say how the objects of a run filled one field.
type FieldStats struct {
	// Objects is the number of objects (nested values for a field of a
	// nested tuple) with at least one value; Values the number of values.
	Objects, Values int
	// Unrecognized counts the values in which the field's predefined or
	// regex recognizer finds no instance (wrapper.Value.Unrecognized).
	Unrecognized int
	// Rejected counts the values read for the field that failed its
	// regex or predefined recognizer and were not written
	// (wrapper.Object.Rejected); RejectedExamples holds up to
	// MaxRejectedExamples distinct ones.
	Rejected         int
	RejectedExamples []string
	// ConfidenceSum is the sum of the values' confidences.
	ConfidenceSum float64
	// BelowConfidence counts the values left out for a confidence below
	// Config.MinConfidence (not in Values).
	BelowConfidence int
	// Refuted counts the values left out because the field's doubt notes
	// refute them (Config.KeepRefuted), RefutedBy names those notes'
	// kinds.
	Refuted         int
	RefutedBy       []string
	RefutedExamples []string
}

// MeanConfidence is the mean confidence of the field's values.
func (f *FieldStats) MeanConfidence() float64 {
	if f.Values == 0 {
		return 0
	}
	return f.ConfidenceSum / float64(f.Values)
}

// count adds an object's fields to rep.Fields.
func (rep *Report) count(o *wrapper.Object) {
	if rep.Fields == nil {
		rep.Fields = map[string]*FieldStats{}
	}
	var walk func(prefix string, fs []wrapper.Field)
	walk = func(prefix string, fs []wrapper.Field) {
		for _, f := range fs {
			path := prefix + f.Name
			st := rep.Fields[path]
			if st == nil {
				st = &FieldStats{}
				rep.Fields[path] = st
			}
			if f.Tuple { // Values: the nested objects, which its fields' Objects count
				if len(f.Values) > 0 {
					st.Objects++
				}
				st.Values += len(f.Values)
				for _, v := range f.Values {
					walk(path+".", v.Fields)
				}
				continue
			}
			if len(f.Values) > 0 {
				st.Objects++
			}
			for _, v := range f.Values {
				st.Values++
				st.ConfidenceSum += v.Confidence
				if v.Unrecognized {
					st.Unrecognized++
				}
			}
		}
	}
	walk("", o.Fields)
	rep.countRejected(o) // trustdiag.go
	rep.countSplit(o)    // selfcheck.go
}

// Grower feeds extracted values of dictionary-recognised fields back into
// the dictionary store (seed 003, step 3: refine the recognizers), in
// batches, so memory does not grow with the number of pages.
type Grower struct {
	store   *dictionaries.Store
	fields  map[string]string // dotted field path → dictionary class
	minConf float64
	source  string
	sodFile string
	pending map[string][]dictionaries.Observation
	n       int
	// Reports accumulates what Grow did, per class.
	Reports map[string]*dictionaries.GrowReport
	// Hold keeps every observation until Flush, however many (the corpus
	// loop grows the dictionaries between rounds, never during one).
	Hold bool
}

// growBatch is how many observations are buffered before they are written.
const growBatch = 5000

// NewGrower returns a Grower that adds the values of every field of s whose
// entity type has a dictionary recognizer, when their confidence is at
// least minConf. source and the SOD's file are recorded as provenance.
func NewGrower(store *dictionaries.Store, s *sod.SOD, source string, minConf float64) *Grower {
	g := &Grower{store: store, fields: map[string]string{}, minConf: minConf, source: source, sodFile: s.File,
		pending: map[string][]dictionaries.Observation{}, Reports: map[string]*dictionaries.GrowReport{}}
	s.Walk(func(path []string, f *sod.Field) bool {
		if f.Type.Kind == sod.Entity && f.Type.Recognizer != nil && f.Type.Recognizer.Kind == sod.Dictionary {
			g.fields[strings.Join(path, ".")] = f.Type.Recognizer.Class
		}
		return true
	})
	return g
}

// Classes lists the field → class pairs the Grower feeds, sorted.
func (g *Grower) Classes() []string {
	var out []string
	for f, c := range g.fields {
		out = append(out, f+"→"+c)
	}
	sort.Strings(out)
	return out
}

// Add offers the values of one object.
func (g *Grower) Add(o *wrapper.Object) error {
	g.walk(o.Page, "", o.Fields)
	if g.n >= growBatch && !g.Hold {
		return g.Flush()
	}
	return nil
}

func (g *Grower) walk(page, prefix string, fs []wrapper.Field) {
	for _, f := range fs {
		path := prefix + f.Name
		for _, v := range f.Values {
			if f.Tuple {
				g.walk(page, path+".", v.Fields)
				continue
			}
			class, ok := g.fields[path]
			if !ok || v.Confidence < g.minConf || v.Text == "" {
				continue
			}
			g.pending[class] = append(g.pending[class], dictionaries.Observation{
				Value: v.Text, Confidence: v.Confidence, Source: g.source, SOD: g.sodFile, Page: page})
			g.n++
		}
	}
}

// Flush writes the buffered observations.
func (g *Grower) Flush() error {
	classes := make([]string, 0, len(g.pending))
	for c := range g.pending {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	for _, c := range classes {
		r, err := g.store.Grow(c, g.pending[c])
		if err != nil {
			return fmt.Errorf("growing dictionary %s: %w", c, err)
		}
		acc := g.Reports[c]
		if acc == nil {
			acc = &dictionaries.GrowReport{Class: c}
			g.Reports[c] = acc
		}
		acc.New += r.New
		acc.Updated += r.Updated
		acc.Unchanged += r.Unchanged
		acc.Refused = append(acc.Refused, r.Refused...)
		delete(g.pending, c)
	}
	g.n = 0
	return nil
}
