package orbeam

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"path"
	"runtime"
	"slices"
	"strings"
	"testing/fstest"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/corpus"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/repository"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/warc"
	"github.com/objectrunner/objectrunner/wrapper"
)

func init() {
	register.DoFn5x1[context.Context, SourceTask, func(WrapperRec), func(PageTask), func(int, SourceOut), error](&learnFn{})
	register.DoFn4x1[context.Context, PageTask, func(*WrapperRec) bool, func(int, SourceOut), error](&extractFn{})
	register.DoFn3x1[context.Context, int, func(*SourceOut) bool, error](&sourceFn{})
	register.Emitter1[WrapperRec]()
	register.Emitter1[PageTask]()
	register.Emitter2[int, SourceOut]()
	register.Iter1[WrapperRec]()
	register.Iter1[SourceOut]()
}

// parseSOD parses the SOD a DoFn carries (its text and the path it was
// loaded from, which provenance records).
func parseSOD(file string, data []byte) (*sod.SOD, error) {
	s, err := sod.Parse(file, data)
	if err != nil {
		return nil, err
	}
	s.File = file
	return s, nil
}

// learnFn annotates, samples and induces the wrapper of one source
// (objectrunner.Learn), and lists its pages for extraction. It reads the
// dictionaries from DictDir, opened read-only: the round's snapshot.
type learnFn struct {
	SOD      []byte
	SODFile  string
	DictDir  string
	SampleK  int
	Encoding string
	// WrapperDir, when set, receives NAME.wrapper.json per learned source.
	WrapperDir string
	// WARC selects the pages of a WARC source.
	WARC WARCFilter
	// PagesPerTask bounds the pages of one PageTask.
	PagesPerTask int

	sod   *sod.SOD
	recs  map[string]recognizers.Recognizer
	store *dictionaries.Store
}

func (f *learnFn) Setup() error {
	s, err := parseSOD(f.SODFile, f.SOD)
	if err != nil {
		return err
	}
	var dicts recognizers.Dictionaries
	if f.DictDir != "" {
		st, err := dictionaries.Open(f.DictDir, &dictionaries.Options{ReadOnly: true})
		if err != nil {
			return fmt.Errorf("dictionary snapshot %s: %w", f.DictDir, err)
		}
		f.store, dicts = st, st
	}
	recs, err := recognizers.ForSOD(s, dicts)
	if err != nil {
		return err
	}
	f.sod, f.recs = s, recs
	return nil
}

func (f *learnFn) Teardown() error {
	if f.store != nil {
		return f.store.Close()
	}
	return nil
}

func (f *learnFn) ProcessElement(ctx context.Context, t SourceTask, emitWrapper func(WrapperRec), emitPage func(PageTask), emitLearn func(int, SourceOut)) error {
	start := time.Now()
	rec := LearnRec{Source: t.Index}
	root, paths, wfs, w, annotated, err := f.learn(ctx, t)
	if wfs != nil {
		defer wfs.Close() // its spill file: workers read the records themselves
	}
	rec.Pages = len(paths)
	rec.Seconds = time.Since(start).Seconds()
	if annotated != nil {
		b, _ := json.Marshal(annotated)
		rec.Annotated = string(b)
	}
	var discard *annotate.DiscardError
	var stop *wrapper.StopError
	switch {
	case errors.As(err, &discard) || errors.As(err, &stop):
		rec.Status, rec.Reason = string(corpus.Discarded), err.Error()
	case err != nil:
		rec.Status, rec.Reason = string(corpus.Failed), err.Error()
	}
	if err == nil {
		var b strings.Builder
		if err := w.Save(&b); err != nil {
			rec.Status, rec.Reason = string(corpus.Failed), err.Error()
		} else {
			if f.WrapperDir != "" {
				if err := writeFile(ctx, path.Join(f.WrapperDir, t.Name+".wrapper.json"), []byte(b.String())); err != nil {
					return err // an I/O error: the runner retries the bundle
				}
			}
			emitWrapper(WrapperRec{Source: t.Index, Data: []byte(b.String())})
			size := TaskSize(len(paths), f.PagesPerTask)
			for lo := 0; lo < len(paths); lo += size {
				pt := PageTask{Source: t.Index, First: lo, Root: root, Rels: paths[lo:min(len(paths), lo+size)]}
				if wfs != nil {
					pt.Root = ""
					for _, p := range pt.Rels {
						e, _ := wfs.Entry(p)
						pt.Files, pt.Offsets, pt.URLs = append(pt.Files, e.File), append(pt.Offsets, e.Offset), append(pt.URLs, e.URL)
					}
				}
				emitPage(pt)
			}
		}
	}
	emitLearn(t.Index, SourceOut{IsLearn: true, Learn: rec})
	return nil
}

// learn lists the pages of a source and learns its wrapper, as
// objectrunner.Run does before extracting; a panic is an error of the
// source, not of the bundle. A WARC source is indexed (wfs) and its pages
// are fs paths.
func (f *learnFn) learn(ctx context.Context, t SourceTask) (root string, paths []string, wfs *warc.FS, w *wrapper.Wrapper, annotated map[string]float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic while learning the wrapper: %v", r)
		}
	}()
	cfg := objectrunner.Config{SOD: f.sod, Recognizers: f.recs, Workers: runtime.GOMAXPROCS(0)}
	cfg.Sample.K = f.SampleK
	cfg.Load = annotate.LoadOptions{Encoding: f.Encoding}
	iopt := wrapper.DefaultOptions()
	cfg.Induce = &iopt
	var rep *objectrunner.Report
	if warc.IsSource(t.Dir) {
		filter, ferr := f.WARC.Filter()
		if ferr != nil {
			return "", nil, nil, nil, nil, ferr
		}
		if wfs, err = objectrunner.OpenWARC(t.Dir, filter); err != nil {
			return "", nil, nil, nil, nil, err
		}
		if paths, err = annotate.ListFS(wfs); err != nil {
			return "", nil, nil, nil, nil, err
		}
		root = "."
		if paths, err = only(paths, t.Pages, func(p string) string { return p }); err != nil {
			return "", nil, nil, nil, nil, err
		}
		rep = &objectrunner.Report{Root: root, Pages: len(paths)}
		err = objectrunner.LearnFS(ctx, wfs, paths, rep, cfg)
	} else {
		paths, err = annotate.ListSource(t.Dir)
		if err != nil {
			return "", nil, nil, nil, nil, err
		}
		if len(paths) == 0 {
			return "", nil, nil, nil, nil, fmt.Errorf("%s: no pages (.htm, .html or .xhtml files)", t.Dir)
		}
		root = annotate.SourceRoot(t.Dir)
		if paths, err = only(paths, t.Pages, func(p string) string { return annotate.SourceRel(root, p) }); err != nil {
			return "", nil, nil, nil, nil, err
		}
		rep = &objectrunner.Report{Root: root, Pages: len(paths)}
		err = objectrunner.Learn(ctx, paths, rep, cfg)
	}
	if rep.Sample != nil {
		annotated = map[string]float64{}
		for _, st := range rep.Sample.Stats {
			if st.Candidates > 0 {
				annotated[st.Type] = float64(st.PagesWithHits) / float64(st.Candidates)
			}
		}
	}
	return root, paths, wfs, rep.Wrapper, annotated, err
}

// only keeps the paths whose name (the objects' Page) is in keep, in
// order, as objectrunner.Config.Pages restricts a source; a nil keep
// keeps them all.
func only(paths, keep []string, name func(string) string) ([]string, error) {
	if keep == nil {
		return paths, nil
	}
	set := make(map[string]bool, len(keep))
	for _, n := range keep {
		set[n] = true
	}
	var out []string
	for _, p := range paths {
		if set[name(p)] {
			out = append(out, p)
		}
	}
	switch {
	case len(keep) == 0:
		return nil, errors.New("the source's page list names no page")
	case len(out) == 0:
		return nil, fmt.Errorf("none of the %d pages asked for is in the source (e.g. %s)", len(keep), keep[0])
	}
	return out, nil
}

// extractFn extracts one page with its source's wrapper (the side input,
// loaded with wrapper.Load once per source and DoFn instance). It emits the
// page's objects, its counts, the values offered to dictionary growth and,
// for a page that could not be read or whose extraction panicked, a
// dead-letter record with the reason.
type extractFn struct {
	SOD           []byte
	SODFile       string
	Encoding      string
	Grow          bool
	MinConfidence float64
	// Dirs maps a source's index to its directory (the provenance of the
	// values offered to growth, as `objectrunner run` records it).
	Dirs map[int]string
	// Names maps a source's index to its name (dead-letter records).
	Names map[int]string

	sod      *sod.SOD
	fields   []string
	data     map[int][]byte
	wrappers map[int]*wrapper.Wrapper
	growers  map[int]*objectrunner.Grower
}

func (f *extractFn) Setup() error {
	s, err := parseSOD(f.SODFile, f.SOD)
	if err != nil {
		return err
	}
	f.sod = s
	for _, fd := range s.Root.Fields {
		f.fields = append(f.fields, fd.Name)
	}
	f.wrappers = map[int]*wrapper.Wrapper{}
	f.growers = map[int]*objectrunner.Grower{}
	return nil
}

// deadLetter is a page that failed, in the dead-letter output.
type deadLetter struct {
	Source string `json:"source"`
	Page   string `json:"page"`
	Reason string `json:"reason"`
}

func (f *extractFn) wrapperOf(src int, side func(*WrapperRec) bool) (*wrapper.Wrapper, error) {
	if w := f.wrappers[src]; w != nil {
		return w, nil
	}
	if f.data == nil {
		f.data = map[int][]byte{}
		var r WrapperRec
		for side(&r) {
			f.data[r.Source] = r.Data
		}
	}
	data, ok := f.data[src]
	if !ok {
		return nil, fmt.Errorf("no wrapper for source %d in the side input", src)
	}
	w, err := wrapper.Load(strings.NewReader(string(data)))
	if err != nil {
		return nil, err
	}
	f.wrappers[src] = w
	return w, nil
}

// TaskSize is the number of pages per PageTask for a source of n pages:
// at most max (DefaultPagesPerTask when max <= 0), and small enough that a
// source gives about eight tasks, so that its pages still spread over the
// workers.
func TaskSize(n, max int) int {
	if max <= 0 {
		max = DefaultPagesPerTask
	}
	return min(max, (n+7)/8)
}

// DefaultPagesPerTask is the default bound of the pages of one PageTask.
const DefaultPagesPerTask = 64

// pageResult is what one page of a task gave: its objects (the objects'
// JSON lines and the values they offer to growth come from these), or
// the reason it is a dead letter; whether it did not fit the wrapper, and
// its annotate.Page.Sum (stable across processes; 0: not read).
type pageResult struct {
	objs   []*wrapper.Object
	failed string
	unfit  bool
	sum    uint64
}

func (f *extractFn) ProcessElement(ctx context.Context, t PageTask, side func(*WrapperRec) bool, emit func(int, SourceOut)) error {
	start := time.Now()
	w, err := f.wrapperOf(t.Source, side)
	if err != nil {
		return err // the side input is incomplete: a bundle error the runner retries
	}
	pages, err := extractTask(ctx, w, t, f.Encoding)
	if err != nil {
		// The task as a whole failed (a panic, most likely): each page
		// alone, so that only the pages that fail are dead letters.
		pages = make([]pageResult, len(t.Rels))
		for i := range t.Rels {
			res, err := extractTask(ctx, w, t.page(i), f.Encoding)
			if err != nil {
				pages[i].failed = err.Error()
				continue
			}
			pages[i] = res[0]
		}
	}
	var g *objectrunner.Grower
	if f.Grow {
		if g = f.growers[t.Source]; g == nil {
			g = objectrunner.NewGrower(nil, f.sod, f.Dirs[t.Source], f.MinConfidence)
			f.growers[t.Source] = g
		}
	}
	out := TaskOut{First: t.First, Sums: make([]int64, len(pages)), Pages: make([]PageStats, len(pages))}
	obs := map[string]int{} // class → its index in out.Obs
	for k, pr := range pages {
		st := PageStats{Pages: 1, Filled: make([]int, len(f.fields))}
		out.Sums[k] = int64(pr.sum)
		if pr.failed != "" {
			st.Unreadable++
			out.Pages[k] = st
			page := t.Rels[k]
			if len(t.Files) == 0 {
				page = annotate.SourceRel(t.Root, page)
			}
			b, _ := json.Marshal(deadLetter{Source: f.Names[t.Source], Page: page, Reason: pr.failed})
			out.Dead = append(out.Dead, string(b))
			continue
		}
		if pr.unfit {
			st.Unfit++
		}
		if len(pr.objs) > 0 {
			st.PagesWithObjects++
		}
		for i, o := range pr.objs {
			b, err := json.Marshal(o)
			if err != nil {
				return err
			}
			out.Lines = append(out.Lines, string(b))
			out.LinePages = append(out.LinePages, t.First+k)
			st.Objects++
			for k, name := range f.fields {
				for _, fd := range o.Fields {
					if fd.Name != name {
						continue
					}
					for _, v := range fd.Values {
						if v.Text != "" || len(v.Fields) > 0 {
							st.Filled[k]++
							break
						}
					}
				}
			}
			st.Conf += repository.Confidence(o)
			if g == nil {
				continue
			}
			for class, vals := range g.Take(o) {
				c, ok := obs[class]
				if !ok {
					c = len(out.Obs)
					obs[class] = c
					out.Obs = append(out.Obs, ClassLines{Class: class})
				}
				for j, v := range vals {
					vb, err := json.Marshal(v)
					if err != nil {
						return err
					}
					lb, err := json.Marshal(ObsRec{Class: class, Source: t.Source, Page: t.First + k, Seq: i<<20 | j, JSON: string(vb)})
					if err != nil {
						return err
					}
					out.Obs[c].Lines = append(out.Obs[c].Lines, string(lb))
					out.Obs[c].Pages = append(out.Obs[c].Pages, t.First+k)
				}
			}
		}
		out.Pages[k] = st
	}
	out.Seconds = time.Since(start).Seconds()
	emit(t.Source, SourceOut{Task: out})
	return nil
}

// page is the task of page i of t alone.
func (t PageTask) page(i int) PageTask {
	one := PageTask{Source: t.Source, First: t.First + i, Root: t.Root, Rels: t.Rels[i : i+1]}
	if len(t.Files) > 0 {
		one.Files, one.Offsets, one.URLs = t.Files[i:i+1], t.Offsets[i:i+1], t.URLs[i:i+1]
	}
	return one
}

// extractTask applies w to the pages of t as objectrunner.Run does
// (objectrunner.Extract on the task's list, one worker: the runner gives
// the parallelism), and returns each page's objects, whether it did not
// fit and its sum. Copies are kept here (a copy of a page of another task
// would not be seen): the copies of the source are left out after all its
// pages are extracted (sourceFn). A page that could not be read is
// in the report's Failed and its result says why. A panic is the task's
// error.
func extractTask(ctx context.Context, w *wrapper.Wrapper, t PageTask, encoding string) (pages []pageResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			pages, err = nil, fmt.Errorf("panic while extracting: %v", r)
		}
	}()
	pages = make([]pageResult, len(t.Rels))
	// index maps the name the report gives a page (its path in the
	// source; in a WARC source, its name in the task's file system) to
	// its position in the task.
	index := map[string]int{}
	cfg := objectrunner.Config{Workers: 1, KeepDuplicates: true, Load: annotate.LoadOptions{Encoding: encoding, StableSum: true},
		PageSums: func(rel string, sum uint64) {
			if i, ok := index[rel]; ok {
				pages[i].sum = sum
			}
		}}
	// outcome sets the failures and unfit pages of the report.
	outcome := func(rep *objectrunner.Report) {
		for _, pe := range rep.Failed {
			if i, ok := index[pe.Path]; ok {
				pages[i].failed = pe.Err.Error()
			}
		}
		for _, rels := range rep.Unfit {
			for _, rel := range rels {
				if i, ok := index[rel]; ok {
					pages[i].unfit = true
				}
			}
		}
	}
	if len(t.Files) > 0 {
		// Pages of a WARC source: each one's record is read (and
		// decompressed) here, and extracted as RunFS extracts it.
		fsys := fstest.MapFS{}
		for i, rel := range t.Rels {
			rec, rerr := warc.ReadAt(t.Files[i], t.Offsets[i])
			if rerr == nil && rec.URL != t.URLs[i] {
				rerr = fmt.Errorf("%s: record at offset %d is %s, not %s (was the file changed?)", t.Files[i], t.Offsets[i], rec.URL, t.URLs[i])
			}
			if rerr != nil {
				pages[i].failed = rerr.Error()
				continue
			}
			fsys[rel] = &fstest.MapFile{Data: rec.Body}
			index[rel] = i
		}
		if len(fsys) == 0 {
			return pages, nil
		}
		cfg.Wrapper = w
		collect := func(o *wrapper.Object) error {
			i, ok := index[o.Page]
			if !ok {
				return fmt.Errorf("an object of page %q, not a page of the task", o.Page)
			}
			pages[i].objs = append(pages[i].objs, o)
			return nil
		}
		rep, err := objectrunner.RunFS(ctx, fsys, cfg, collect)
		if err != nil {
			return nil, err
		}
		outcome(rep)
		return pages, nil
	}
	for i, rel := range t.Rels {
		index[annotate.SourceRel(t.Root, rel)] = i
	}
	rep := &objectrunner.Report{Root: t.Root}
	// Extract emits a page's objects before it counts the page as
	// processed: rep.Processed is the position of the page being emitted.
	collect := func(o *wrapper.Object) error {
		pages[rep.Processed].objs = append(pages[rep.Processed].objs, o)
		return nil
	}
	if err := objectrunner.Extract(ctx, w, t.Rels, rep, cfg, collect); err != nil {
		return nil, err
	}
	outcome(rep)
	return pages, nil
}

// mergeStats adds the counts of two pages or sources.
func mergeStats(a, b PageStats) PageStats {
	out := PageStats{Pages: a.Pages + b.Pages, Objects: a.Objects + b.Objects, PagesWithObjects: a.PagesWithObjects + b.PagesWithObjects,
		Unfit: a.Unfit + b.Unfit, Unreadable: a.Unreadable + b.Unreadable, Duplicates: a.Duplicates + b.Duplicates,
		Conf: a.Conf + b.Conf, Seconds: a.Seconds + b.Seconds}
	out.Filled = make([]int, max(len(a.Filled), len(b.Filled)))
	for i := range out.Filled {
		if i < len(a.Filled) {
			out.Filled[i] += a.Filled[i]
		}
		if i < len(b.Filled) {
			out.Filled[i] += b.Filled[i]
		}
	}
	return out
}

// sourceFn writes everything a source gave in the round, from its
// learning outcome and its page tasks' outputs grouped by source: copies of
// a page are found as objectrunner.Run finds them (a page whose sum is
// that of a page earlier in the source's page list is left out and counted
// as a duplicate; the decision depends on the sums and positions alone,
// not on which task or worker read which page); the other pages' objects
// go to objects-NAME.jsonl (sorted by page and order on the page: the
// same bytes whatever the bundles and retries), the source's attempt to
// report/NAME.json, the values it offered to growth (a successful source
// only) to growth/NAME.jsonl and its dead letters to deadletter/NAME.jsonl.
type sourceFn struct {
	Dir    string
	Round  int
	Fields []string
	Names  map[int]string
	Shards int
	Grow   bool
}

func (f *sourceFn) ProcessElement(ctx context.Context, src int, iter func(*SourceOut) bool) error {
	name, ok := f.Names[src]
	if !ok {
		return fmt.Errorf("source %d is not a source of the round", src)
	}
	var lr *LearnRec
	var tasks []TaskOut
	var so SourceOut
	for iter(&so) {
		if so.IsLearn {
			l := so.Learn
			lr = &l
		} else {
			tasks = append(tasks, so.Task)
		}
		so = SourceOut{}
	}
	if lr == nil {
		return fmt.Errorf("source %d: no learning outcome", src)
	}
	slices.SortFunc(tasks, func(a, b TaskOut) int { return cmp.Compare(a.First, b.First) })

	// Copies of a page, and the counts of the other pages.
	var st PageStats
	seen := map[int64]bool{}
	drop := map[int]bool{}
	var dead []string
	for _, t := range tasks {
		st.Seconds += t.Seconds
		dead = append(dead, t.Dead...)
		for k, sum := range t.Sums {
			if sum != 0 {
				if seen[sum] {
					st.Pages++
					st.Duplicates++
					drop[t.First+k] = true
					continue
				}
				seen[sum] = true
			}
			st = mergeStats(st, t.Pages[k])
		}
	}
	a, err := attempt(f.Round, f.Fields, *lr, st)
	if err != nil {
		return err
	}

	// The objects: shard s holds the tasks whose first page hashes to s,
	// in page order.
	shards := make([]bytes.Buffer, max(1, f.Shards))
	for _, t := range tasks {
		b := &shards[0]
		if len(shards) > 1 {
			h := fnv.New32a()
			fmt.Fprintf(h, "%d/%d", src, t.First)
			b = &shards[h.Sum32()%uint32(len(shards))]
		}
		for i, l := range t.Lines {
			if !drop[t.LinePages[i]] {
				b.WriteString(l)
				b.WriteByte('\n')
			}
		}
	}
	for i := range shards {
		if shards[i].Len() > 0 {
			if err := writeFile(ctx, ShardName(f.Dir, name, i, len(shards)), shards[i].Bytes()); err != nil {
				return err
			}
		}
	}

	// The values offered to growth, class by class, in page order.
	if f.Grow && a.Status == corpus.OK {
		byClass := map[string][]string{}
		for _, t := range tasks {
			for _, c := range t.Obs {
				for i, l := range c.Lines {
					if !drop[c.Pages[i]] {
						byClass[c.Class] = append(byClass[c.Class], l)
					}
				}
			}
		}
		if len(byClass) > 0 {
			var b bytes.Buffer
			for _, c := range slices.Sorted(maps.Keys(byClass)) {
				for _, l := range byClass[c] {
					b.WriteString(l)
					b.WriteByte('\n')
				}
			}
			if err := writeFile(ctx, path.Join(f.Dir, "growth", name+".jsonl"), b.Bytes()); err != nil {
				return err
			}
		}
	}
	if len(dead) > 0 {
		if err := writeFile(ctx, path.Join(f.Dir, "deadletter", name+".jsonl"), []byte(strings.Join(dead, "\n")+"\n")); err != nil {
			return err
		}
	}
	b, err := json.Marshal(sourceLine{Source: src, Attempt: a, DeadLetters: len(dead)})
	if err != nil {
		return err
	}
	return writeFile(ctx, path.Join(f.Dir, "report", name+".json"), append(b, '\n'))
}

// ShardName is the file of shard i of n of source name's objects in dir.
func ShardName(dir, name string, i, n int) string {
	if n <= 1 {
		return path.Join(dir, fmt.Sprintf("objects-%s.jsonl", name))
	}
	return path.Join(dir, fmt.Sprintf("objects-%s-%05d-of-%05d.jsonl", name, i, n))
}

// sourceLine is one line of a round's report: a source's attempt, and
// how many of its pages are dead letters (deadletter/NAME.jsonl).
type sourceLine struct {
	Source      int             `json:"source"`
	Attempt     *corpus.Attempt `json:"attempt"`
	DeadLetters int             `json:"dead_letters,omitempty"`
}

// attempt joins a source's learning outcome and its extraction counts
// into its attempt, as `objectrunner run` reports it.
func attempt(round int, fields []string, lr LearnRec, st PageStats) (*corpus.Attempt, error) {
	a := &corpus.Attempt{Round: round, Status: corpus.Status(lr.Status), Reason: lr.Reason, Pages: lr.Pages, Seconds: lr.Seconds}
	if lr.Annotated != "" {
		if err := json.Unmarshal([]byte(lr.Annotated), &a.Annotated); err != nil {
			return nil, err
		}
	}
	a.Objects, a.PagesWithObjects, a.Unfit, a.Unreadable, a.Duplicates = st.Objects, st.PagesWithObjects, st.Unfit, st.Unreadable, st.Duplicates
	a.Seconds += st.Seconds
	if a.Objects > 0 {
		a.Fill = map[string]float64{}
		for i, name := range fields {
			n := 0
			if i < len(st.Filled) {
				n = st.Filled[i]
			}
			a.Fill[name] = float64(n) / float64(a.Objects)
		}
		a.Confidence = st.Conf / float64(a.Objects)
	}
	if a.Status == "" {
		if a.Objects == 0 {
			a.Status = corpus.Failed
			a.Reason = fmt.Sprintf("no objects extracted from %d pages (%d did not fit the wrapper, %d unreadable)", a.Pages, a.Unfit, a.Unreadable)
		} else {
			a.Status = corpus.OK
		}
	}
	return a, nil
}

// writeFile writes data to name on its Beam file system (a local path,
// gs://, s3://, …), replacing it.
func writeFile(ctx context.Context, name string, data []byte) error {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// readFile reads name from its Beam file system.
func readFile(ctx context.Context, name string) ([]byte, error) {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

// listFiles lists the files matching glob on its Beam file system.
func listFiles(ctx context.Context, glob string) ([]string, error) {
	fs, err := filesystem.New(ctx, glob)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	return fs.List(ctx, glob)
}
