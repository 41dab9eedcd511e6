package orbeam

import (
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
	"sort"
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
	register.DoFn7x1[context.Context, PageTask, func(*WrapperRec) bool, func(ObjectLine), func(int, PageStats), func(string, ObsRec), func(string), error](&extractFn{})
	register.DoFn1x2[ObjectLine, int, ObjectLine](&shardKeyFn{})
	register.DoFn3x1[context.Context, int, func(*ObjectLine) bool, error](&writeShardFn{})
	register.DoFn3x1[context.Context, string, func(*ObsRec) bool, error](&writeGrowthFn{})
	register.DoFn4x1[int, func(*LearnRec) bool, func(*PageStats) bool, func(string), error](&finishFn{})
	register.Function2x1(mergeStats)
	register.Emitter1[WrapperRec]()
	register.Emitter1[PageTask]()
	register.Emitter2[int, LearnRec]()
	register.Emitter1[ObjectLine]()
	register.Emitter2[int, PageStats]()
	register.Emitter2[string, ObsRec]()
	register.Emitter1[string]()
	register.Iter1[WrapperRec]()
	register.Iter1[ObjectLine]()
	register.Iter1[ObsRec]()
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
			for i, p := range paths {
				pt := PageTask{Source: t.Index, Page: i, Root: root, Rel: p}
				if wfs != nil {
					e, _ := wfs.Entry(p)
					pt.Root, pt.File, pt.Offset, pt.URL = "", e.File, e.Offset, e.URL
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

func (f *extractFn) ProcessElement(ctx context.Context, t PageTask, side func(*WrapperRec) bool,
	emitObject func(ObjectLine), emitStats func(int, PageStats), emitObs func(string, ObsRec), emitDead func(string)) error {
	start := time.Now()
	st := PageStats{Pages: 1, Filled: make([]int, len(f.fields))}
	dead := func(reason string) {
		st.Unreadable++
		page := t.Rel
		if t.File == "" {
			page = annotate.SourceRel(t.Root, t.Rel)
		}
		b, _ := json.Marshal(deadLetter{Source: f.Names[t.Source], Page: page, Reason: reason})
		emitDead(string(b))
	}
	w, err := f.wrapperOf(t.Source, side)
	if err != nil {
		return err // the side input is incomplete: a bundle error the runner retries
	}
	objs, rep, err := extractPage(ctx, w, t, f.Encoding)
	switch {
	case err != nil:
		dead(err.Error())
	case len(rep.Failed) > 0:
		dead(rep.Failed[0].Err.Error())
	default:
		st.Unfit = rep.UnfitPages()
		st.PagesWithObjects = rep.PagesWithObjects
	}
	var g *objectrunner.Grower
	if f.Grow {
		if g = f.growers[t.Source]; g == nil {
			g = objectrunner.NewGrower(nil, f.sod, f.Dirs[t.Source], f.MinConfidence)
			f.growers[t.Source] = g
		}
	}
	for i, o := range objs {
		b, err := json.Marshal(o)
		if err != nil {
			return err
		}
		emitObject(ObjectLine{Source: t.Source, Page: t.Page, Seq: i, JSON: string(b)})
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
		if g != nil {
			for class, obs := range g.Take(o) {
				for j, ob := range obs {
					b, err := json.Marshal(ob)
					if err != nil {
						return err
					}
					emitObs(class, ObsRec{Class: class, Source: t.Source, Page: t.Page, Seq: i<<20 | j, JSON: string(b)})
				}
			}
		}
	}
	st.Seconds = time.Since(start).Seconds()
	emitStats(t.Source, st)
	return nil
}

// extractPage applies w to one page as objectrunner.Run does to each page
// (objectrunner.Extract on a list of one); a panic is the page's error.
func extractPage(ctx context.Context, w *wrapper.Wrapper, t PageTask, encoding string) (objs []*wrapper.Object, rep *objectrunner.Report, err error) {
	defer func() {
		if r := recover(); r != nil {
			objs, err = nil, fmt.Errorf("panic while extracting: %v", r)
		}
	}()
	cfg := objectrunner.Config{Workers: 1, Load: annotate.LoadOptions{Encoding: encoding}}
	collect := func(o *wrapper.Object) error {
		objs = append(objs, o)
		return nil
	}
	if t.File != "" {
		// A page of a WARC source: its one record is read (and
		// decompressed) here, and extracted as RunFS extracts it.
		rec, rerr := warc.ReadAt(t.File, t.Offset)
		if rerr != nil {
			return nil, nil, rerr
		}
		if rec.URL != t.URL {
			return nil, nil, fmt.Errorf("%s: record at offset %d is %s, not %s (was the file changed?)", t.File, t.Offset, rec.URL, t.URL)
		}
		cfg.Wrapper = w
		rep, err = objectrunner.RunFS(ctx, fstest.MapFS{t.Rel: &fstest.MapFile{Data: rec.Body}}, cfg, collect)
		return objs, rep, err
	}
	rep = &objectrunner.Report{Root: t.Root}
	err = objectrunner.Extract(ctx, w, []string{t.Rel}, rep, cfg, collect)
	return objs, rep, err
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

// shardKeyFn keys an object by its shard: a hash of its source and page,
// so a page's objects stay together and the shards do not depend on the
// bundles.
type shardKeyFn struct {
	Shards int
}

func (f *shardKeyFn) ProcessElement(o ObjectLine) (int, ObjectLine) {
	h := fnv.New32a()
	fmt.Fprintf(h, "%d/%d", o.Source, o.Page)
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

func (f *writeShardFn) ProcessElement(ctx context.Context, shard int, iter func(*ObjectLine) bool) error {
	var objs []ObjectLine
	var o ObjectLine
	for iter(&o) {
		objs = append(objs, o)
	}
	slices.SortFunc(objs, func(a, b ObjectLine) int {
		return cmp.Or(cmp.Compare(a.Source, b.Source), cmp.Compare(a.Page, b.Page), cmp.Compare(a.Seq, b.Seq))
	})
	var b strings.Builder
	for _, o := range objs {
		b.WriteString(o.JSON)
		b.WriteByte('\n')
	}
	return writeFile(ctx, ShardName(f.Dir, shard, f.Shards), []byte(b.String()))
}

// writeGrowthFn writes the values offered to one dictionary class, sorted
// by source, page and order: DIR/CLASS.jsonl, one ObsRec per line.
type writeGrowthFn struct {
	Dir string
}

func (f *writeGrowthFn) ProcessElement(ctx context.Context, class string, iter func(*ObsRec) bool) error {
	if class == "" || strings.ContainsAny(class, `/\`) || strings.HasPrefix(class, ".") {
		return fmt.Errorf("dictionary class %q cannot name a file", class)
	}
	var obs []ObsRec
	var o ObsRec
	for iter(&o) {
		obs = append(obs, o)
	}
	sort.Slice(obs, func(i, j int) bool {
		a, b := obs[i], obs[j]
		return cmp.Or(cmp.Compare(a.Source, b.Source), cmp.Compare(a.Page, b.Page), cmp.Compare(a.Seq, b.Seq)) < 0
	})
	var b strings.Builder
	enc := json.NewEncoder(&b)
	for _, o := range obs {
		if err := enc.Encode(o); err != nil {
			return err
		}
	}
	return writeFile(ctx, path.Join(f.Dir, class+".jsonl"), []byte(b.String()))
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
