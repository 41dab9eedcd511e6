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
	register.DoFn5x1[context.Context, SourceTask, func(WrapperRec), func(PageTask), func(int, LearnRec), error](&learnFn{})
	register.DoFn7x1[context.Context, PageTask, func(*WrapperRec) bool, func(ObjectBatch), func(int, PageStats), func(string, ObsBatch), func(string), error](&extractFn{})
	register.DoFn1x2[ObjectBatch, int, ObjectBatch](&shardKeyFn{})
	register.DoFn3x1[context.Context, int, func(*ObjectBatch) bool, error](&writeShardFn{})
	register.DoFn3x1[context.Context, string, func(*ObsBatch) bool, error](&writeGrowthFn{})
	register.DoFn4x1[int, func(*LearnRec) bool, func(*PageStats) bool, func(string), error](&finishFn{})
	register.Function2x1(mergeStats)
	register.Emitter1[WrapperRec]()
	register.Emitter1[PageTask]()
	register.Emitter2[int, LearnRec]()
	register.Emitter1[ObjectBatch]()
	register.Emitter2[int, PageStats]()
	register.Emitter2[string, ObsBatch]()
	register.Emitter1[string]()
	register.Iter1[WrapperRec]()
	register.Iter1[ObjectBatch]()
	register.Iter1[ObsBatch]()
	register.Iter1[LearnRec]()
	register.Iter1[PageStats]()
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

func (f *learnFn) ProcessElement(ctx context.Context, t SourceTask, emitWrapper func(WrapperRec), emitPage func(PageTask), emitLearn func(int, LearnRec)) error {
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
	emitLearn(t.Index, rec)
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
// the reason it is a dead letter.
type pageResult struct {
	objs   []*wrapper.Object
	failed string
}

func (f *extractFn) ProcessElement(ctx context.Context, t PageTask, side func(*WrapperRec) bool,
	emitObjects func(ObjectBatch), emitStats func(int, PageStats), emitObs func(string, ObsBatch), emitDead func(string)) error {
	start := time.Now()
	st := PageStats{Pages: len(t.Rels), Filled: make([]int, len(f.fields))}
	w, err := f.wrapperOf(t.Source, side)
	if err != nil {
		return err // the side input is incomplete: a bundle error the runner retries
	}
	pages, rep, err := extractTask(ctx, w, t, f.Encoding)
	if err != nil {
		// The task as a whole failed (a panic, most likely): each page
		// alone, so that only the pages that fail are dead letters.
		pages = make([]pageResult, len(t.Rels))
		st.Unfit, st.PagesWithObjects = 0, 0
		for i := range t.Rels {
			res, rep, err := extractTask(ctx, w, t.page(i), f.Encoding)
			if err != nil {
				pages[i].failed = err.Error()
				continue
			}
			pages[i] = res[0]
			st.Unfit += rep.UnfitPages()
			st.PagesWithObjects += rep.PagesWithObjects
		}
	} else {
		st.Unfit, st.PagesWithObjects = rep.UnfitPages(), rep.PagesWithObjects
	}
	var g *objectrunner.Grower
	if f.Grow {
		if g = f.growers[t.Source]; g == nil {
			g = objectrunner.NewGrower(nil, f.sod, f.Dirs[t.Source], f.MinConfidence)
			f.growers[t.Source] = g
		}
	}
	batch := ObjectBatch{Source: t.Source, First: t.First}
	obs := map[string]*ObsBatch{}
	var classes []string
	for k, pr := range pages {
		if pr.failed != "" {
			st.Unreadable++
			page := t.Rels[k]
			if len(t.Files) == 0 {
				page = annotate.SourceRel(t.Root, page)
			}
			b, _ := json.Marshal(deadLetter{Source: f.Names[t.Source], Page: page, Reason: pr.failed})
			emitDead(string(b))
			continue
		}
		for i, o := range pr.objs {
			b, err := json.Marshal(o)
			if err != nil {
				return err
			}
			batch.Lines = append(batch.Lines, string(b))
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
				ob := obs[class]
				if ob == nil {
					ob = &ObsBatch{Source: t.Source, First: t.First}
					obs[class] = ob
					classes = append(classes, class)
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
					ob.Lines = append(ob.Lines, string(lb))
				}
			}
		}
	}
	if len(batch.Lines) > 0 {
		emitObjects(batch)
	}
	for _, c := range classes {
		emitObs(c, *obs[c])
	}
	st.Seconds = time.Since(start).Seconds()
	emitStats(t.Source, st)
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
// (objectrunner.Extract on the task's list, copies kept, one worker: the
// runner gives the parallelism), and returns each page's objects; a page
// that could not be read is in the report's Failed and its result says
// why. A panic is the task's error.
func extractTask(ctx context.Context, w *wrapper.Wrapper, t PageTask, encoding string) (pages []pageResult, rep *objectrunner.Report, err error) {
	defer func() {
		if r := recover(); r != nil {
			pages, err = nil, fmt.Errorf("panic while extracting: %v", r)
		}
	}()
	pages = make([]pageResult, len(t.Rels))
	cfg := objectrunner.Config{Workers: 1, KeepDuplicates: true, Load: annotate.LoadOptions{Encoding: encoding}}
	if len(t.Files) > 0 {
		// Pages of a WARC source: each one's record is read (and
		// decompressed) here, and extracted as RunFS extracts it.
		fsys := fstest.MapFS{}
		index := map[string]int{}
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
			return pages, &objectrunner.Report{}, nil
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
		rep, err = objectrunner.RunFS(ctx, fsys, cfg, collect)
		if err != nil {
			return nil, nil, err
		}
		for _, pe := range rep.Failed {
			if i, ok := index[pe.Path]; ok {
				pages[i].failed = pe.Err.Error()
			}
		}
		return pages, rep, nil
	}
	rep = &objectrunner.Report{Root: t.Root}
	// Extract emits a page's objects before it counts the page as
	// processed: rep.Processed is the position of the page being emitted.
	collect := func(o *wrapper.Object) error {
		pages[rep.Processed].objs = append(pages[rep.Processed].objs, o)
		return nil
	}
	if err := objectrunner.Extract(ctx, w, t.Rels, rep, cfg, collect); err != nil {
		return nil, nil, err
	}
	failed := map[string]string{}
	for _, pe := range rep.Failed {
		failed[pe.Path] = pe.Err.Error()
	}
	for i, rel := range t.Rels {
		// The report names a page by its path in the source.
		if r, ok := failed[annotate.SourceRel(t.Root, rel)]; ok {
			pages[i].failed = r
		}
	}
	return pages, rep, nil
}

// mergeStats adds the counts of two pages or sources.
func mergeStats(a, b PageStats) PageStats {
	out := PageStats{Pages: a.Pages + b.Pages, Objects: a.Objects + b.Objects, PagesWithObjects: a.PagesWithObjects + b.PagesWithObjects,
		Unfit: a.Unfit + b.Unfit, Unreadable: a.Unreadable + b.Unreadable, Conf: a.Conf + b.Conf, Seconds: a.Seconds + b.Seconds}
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

// shardKeyFn keys a task's objects by their shard: a hash of the source
// and the task's first page, so the shards do not depend on the bundles.
type shardKeyFn struct {
	Shards int
}

func (f *shardKeyFn) ProcessElement(o ObjectBatch) (int, ObjectBatch) {
	h := fnv.New32a()
	fmt.Fprintf(h, "%d/%d", o.Source, o.First)
	return int(h.Sum32() % uint32(f.Shards)), o
}

// ShardName is the file of shard i of n in dir.
func ShardName(dir string, i, n int) string {
	return path.Join(dir, fmt.Sprintf("objects-%05d-of-%05d.jsonl", i, n))
}

// writeShardFn writes one shard of objects, sorted by source, page and
// order on the page: the same bytes whatever the bundles and retries.
type writeShardFn struct {
	Dir    string
	Shards int
}

func (f *writeShardFn) ProcessElement(ctx context.Context, shard int, iter func(*ObjectBatch) bool) error {
	var batches []ObjectBatch
	var o ObjectBatch
	for iter(&o) {
		batches = append(batches, o)
		o = ObjectBatch{}
	}
	return writeFile(ctx, ShardName(f.Dir, shard, f.Shards), joinLines(batches))
}

// joinLines sorts batches by source and first page and returns their
// lines, one per line.
func joinLines(batches []ObjectBatch) []byte {
	slices.SortFunc(batches, func(a, b ObjectBatch) int {
		return cmp.Or(cmp.Compare(a.Source, b.Source), cmp.Compare(a.First, b.First))
	})
	var b bytes.Buffer
	for _, o := range batches {
		for _, l := range o.Lines {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// writeGrowthFn writes the values offered to one dictionary class, sorted
// by source, page and order: DIR/CLASS.jsonl, one ObsRec per line.
type writeGrowthFn struct {
	Dir string
}

func (f *writeGrowthFn) ProcessElement(ctx context.Context, class string, iter func(*ObsBatch) bool) error {
	if class == "" || strings.ContainsAny(class, `/\`) || strings.HasPrefix(class, ".") {
		return fmt.Errorf("dictionary class %q cannot name a file", class)
	}
	var batches []ObjectBatch
	var o ObsBatch
	for iter(&o) {
		batches = append(batches, ObjectBatch(o))
		o = ObsBatch{}
	}
	return writeFile(ctx, path.Join(f.Dir, class+".jsonl"), joinLines(batches))
}

// sourceLine is one line of a round's report: a source's attempt.
type sourceLine struct {
	Source  int             `json:"source"`
	Attempt *corpus.Attempt `json:"attempt"`
}

// finishFn joins a source's learning outcome and its extraction counts
// into its attempt, as `objectrunner run` reports it.
type finishFn struct {
	Round  int
	Fields []string
}

func (f *finishFn) ProcessElement(src int, learned func(*LearnRec) bool, stats func(*PageStats) bool, emit func(string)) error {
	var lr LearnRec
	if !learned(&lr) {
		return fmt.Errorf("source %d: no learning outcome", src)
	}
	a := &corpus.Attempt{Round: f.Round, Status: corpus.Status(lr.Status), Reason: lr.Reason, Pages: lr.Pages, Seconds: lr.Seconds}
	if lr.Annotated != "" {
		if err := json.Unmarshal([]byte(lr.Annotated), &a.Annotated); err != nil {
			return err
		}
	}
	var st PageStats
	var one PageStats
	for stats(&one) {
		st = mergeStats(st, one)
	}
	a.Objects, a.PagesWithObjects, a.Unfit, a.Unreadable = st.Objects, st.PagesWithObjects, st.Unfit, st.Unreadable
	a.Seconds += st.Seconds
	if a.Objects > 0 {
		a.Fill = map[string]float64{}
		for i, name := range f.Fields {
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
	b, err := json.Marshal(sourceLine{Source: src, Attempt: a})
	if err != nil {
		return err
	}
	emit(string(b))
	return nil
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
