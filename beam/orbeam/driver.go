package orbeam

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/objectrunner/objectrunner/corpus"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/sod"
)

// Options say how to run a corpus as Beam pipelines.
type Options struct {
	// SOD is the SOD file (required).
	SOD string
	// DictDir is the dictionary store: workers open it read-only (a
	// published snapshot, see package dictionaries), the driver writes the
	// growth of each round to it between rounds. It must be a path every
	// worker can read ("" when the SOD has no dictionary type).
	DictDir string
	// Grow grows the dictionaries between rounds with values of at least
	// MinConfidence (default 0.7); NoRetry disables the second try of
	// sources discarded before some growth.
	Grow          bool
	MinConfidence float64
	NoRetry       bool
	// Jobs is the number of sources per round (default 2, as `objectrunner
	// run`); with Grow off, rounds do not change the result and Jobs may be
	// the whole corpus.
	Jobs int
	// SampleK is the sample size per source (default
	// annotate.DefaultSampleSize); Encoding the pages' encoding.
	SampleK  int
	Encoding string
	// Out receives round-RRR/ per round (see Round); a local path or a Beam
	// file system path (gs://…).
	Out string
	// Shards is the number of object files per source (default 1).
	Shards int
	// PagesPerTask bounds the pages extracted as one element (default
	// DefaultPagesPerTask): fewer pages per element spread a small source
	// over more workers, more pages cost the runner less per page.
	PagesPerTask int
	// WARC selects the pages of WARC sources (`objectrunner run --host,
	// --url, --url-exclude`); by default every HTML response with status
	// 200.
	WARC WARCFilter
	// NoPageReshuffle leaves out the reshuffle of the page tasks before
	// extraction (see Params.NoPageReshuffle): for Prism, not for a
	// runner that fuses steps.
	NoPageReshuffle bool
	// Execute runs one pipeline (beamx.Run with --runner, prism.Execute…).
	Execute func(context.Context, *beam.Pipeline) error
	// Log receives progress (default: discarded).
	Log *slog.Logger
}

// Run runs the sources of a corpus for one SOD as successive Beam
// pipelines, one per round, with the semantics of corpus.Run (which
// `objectrunner run` calls): rounds of Jobs sources in order; after each
// round the values its successful sources offered grow the dictionaries,
// source by source in corpus order, so the next round reads the grown
// snapshot; sources discarded before some growth get a second try at the
// end. It returns the same report as corpus.Run (Seconds of an attempt are
// its work seconds summed over workers; Output is the round's directory).
func Run(ctx context.Context, sources []corpus.Source, opt Options) (*corpus.Report, error) {
	start := time.Now()
	if opt.SOD == "" || opt.Out == "" || opt.Execute == nil {
		return nil, errors.New("orbeam: the SOD, the output directory and an executor are required")
	}
	if opt.Jobs <= 0 {
		opt.Jobs = 2
	}
	if opt.MinConfidence <= 0 {
		opt.MinConfidence = 0.7
	}
	if opt.Shards <= 0 {
		opt.Shards = 1
	}
	if opt.Log == nil {
		opt.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	data, err := os.ReadFile(opt.SOD)
	if err != nil {
		return nil, err
	}
	s, err := sod.Parse(opt.SOD, data)
	if err != nil {
		return nil, err
	}
	if opt.Grow && !UsesDictionaries(s) {
		opt.Grow = false // nothing to grow, as `objectrunner run` decides
	}
	p := Params{SOD: data, SODFile: s.File, DictDir: opt.DictDir, SampleK: opt.SampleK, Encoding: opt.Encoding,
		Grow: opt.Grow, MinConfidence: opt.MinConfidence, Shards: opt.Shards, WARC: opt.WARC, PagesPerTask: opt.PagesPerTask, NoPageReshuffle: opt.NoPageReshuffle}
	if _, err := opt.WARC.Filter(); err != nil {
		return nil, err
	}
	if p.SODFile == "" {
		p.SODFile = opt.SOD
	}
	if opt.Grow && opt.DictDir == "" {
		return nil, errors.New("orbeam: growing the dictionaries needs a dictionary store")
	}
	rep := &corpus.Report{SOD: s.Name, Jobs: opt.Jobs}
	for _, f := range s.Root.Fields {
		rep.Fields = append(rep.Fields, f.Name)
	}
	p.Fields = rep.Fields
	for _, src := range sources {
		rep.Sources = append(rep.Sources, &corpus.SourceReport{Name: src.Name, Dir: src.Dir, Template: src.Template})
	}
	all := make([]int, len(sources))
	for i := range all {
		all[i] = i
	}
	grownAfter := map[int]int{}
	runRounds := func(idx []int) error {
		for lo := 0; lo < len(idx); lo += opt.Jobs {
			rep.Rounds++
			n, err := round(ctx, sources, idx[lo:min(len(idx), lo+opt.Jobs)], rep.Rounds, p, rep, opt)
			if err != nil {
				return err
			}
			for rd := 1; rd <= rep.Rounds; rd++ {
				grownAfter[rd] += n
			}
		}
		return nil
	}
	err = runRounds(all)
	if err == nil && opt.Grow && !opt.NoRetry {
		if again := rep.SecondTry(grownAfter); len(again) > 0 {
			opt.Log.Info("second try after dictionary growth", "sources", len(again))
			err = runRounds(again)
		}
	}
	rep.Seconds = time.Since(start).Seconds()
	return rep, err
}

// UsesDictionaries reports whether an entity type of s has a dictionary
// recognizer (and so whether a run reads and grows a dictionary store).
func UsesDictionaries(s *sod.SOD) bool {
	for _, t := range s.Entities() {
		if t.Recognizer != nil && t.Recognizer.Kind == sod.Dictionary {
			return true
		}
	}
	return false
}

// RoundDir is the output directory of round n under out.
func RoundDir(out string, n int) string { return path.Join(out, fmt.Sprintf("round-%03d", n)) }

// round runs one pipeline for the sources idx, records their attempts and
// grows the dictionaries from the successful ones; it returns how many
// entries growth added.
func round(ctx context.Context, sources []corpus.Source, idx []int, n int, p Params, rep *corpus.Report, opt Options) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	r := Round{Number: n, Out: RoundDir(opt.Out, n)}
	for _, i := range idx {
		r.Sources = append(r.Sources, SourceTask{Index: i, Name: sources[i].Name, Dir: sources[i].Dir, Pages: sources[i].Pages})
	}
	if !strings.Contains(r.Out, "://") {
		// A rerun into the same directory must not see the last run's files.
		if err := os.RemoveAll(r.Out); err != nil {
			return 0, err
		}
	}
	opt.Log.Info("round", "round", n, "sources", len(idx), "out", r.Out)
	pl, scope := beam.NewPipelineWithRoot()
	Build(scope, p, r)
	before := loopbackFiles()
	err := opt.Execute(ctx, pl)
	removeLoopbackFiles(before)
	if err != nil {
		return 0, fmt.Errorf("round %d: pipeline: %w", n, err)
	}
	// The report lines and dead letters the pipeline wrote per source,
	// assembled in corpus order into report.jsonl and deadletter.jsonl.
	got := map[int]*corpus.Attempt{}
	var report, dead bytes.Buffer
	for _, i := range idx {
		name := path.Join(r.Out, "report", sources[i].Name+".json")
		b, err := readFile(ctx, name)
		if err != nil {
			return 0, fmt.Errorf("round %d: the report has no line for source %s: %w", n, sources[i].Name, err)
		}
		var sl sourceLine
		if err := json.Unmarshal(b, &sl); err != nil || sl.Attempt == nil || sl.Source != i {
			return 0, fmt.Errorf("%s: not an attempt of source %d: %v", name, i, err)
		}
		got[i] = sl.Attempt
		report.Write(b)
		if sl.DeadLetters > 0 {
			d, err := readFile(ctx, path.Join(r.Out, "deadletter", sources[i].Name+".jsonl"))
			if err != nil {
				return 0, fmt.Errorf("round %d: %w", n, err)
			}
			dead.Write(d)
		}
	}
	if err := writeFile(ctx, path.Join(r.Out, "report.jsonl"), report.Bytes()); err != nil {
		return 0, err
	}
	if dead.Len() > 0 {
		if err := writeFile(ctx, path.Join(r.Out, "deadletter.jsonl"), dead.Bytes()); err != nil {
			return 0, err
		}
	}
	for _, i := range idx {
		a := got[i]
		if a == nil {
			return 0, fmt.Errorf("round %d: the report has no line for source %s", n, sources[i].Name)
		}
		sr := rep.Sources[i]
		sr.Attempts = append(sr.Attempts, a)
		if a.Status == corpus.OK {
			sr.Output = r.Out
			sr.Wrapper = path.Join(r.Out, "wrappers", sources[i].Name+".wrapper.json")
		}
		opt.Log.Info("source "+string(a.Status), "source", sources[i].Name, "objects", a.Objects, "pages", a.Pages, "reason", a.Reason)
	}
	if !opt.Grow {
		return 0, nil
	}
	return grow(ctx, idx, n, r.Out, rep, opt)
}

// grow applies the values a round's successful sources offered to the
// store: source by source in corpus order, class by class in name order,
// as corpus.Run flushes its Growers.
func grow(ctx context.Context, idx []int, n int, out string, rep *corpus.Report, opt Options) (int, error) {
	files, err := listFiles(ctx, path.Join(out, "growth", "*.jsonl"))
	if err != nil {
		return 0, err
	}
	bySource := map[int]map[string][]dictionaries.Observation{}
	for _, f := range files {
		b, err := readFile(ctx, f)
		if err != nil {
			return 0, err
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(nil, 1<<24)
		for line := 1; sc.Scan(); line++ {
			var o ObsRec
			var ob dictionaries.Observation
			if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
				return 0, fmt.Errorf("%s:%d: %w", f, line, err)
			}
			if err := json.Unmarshal([]byte(o.JSON), &ob); err != nil {
				return 0, fmt.Errorf("%s:%d: %w", f, line, err)
			}
			if bySource[o.Source] == nil {
				bySource[o.Source] = map[string][]dictionaries.Observation{}
			}
			bySource[o.Source][o.Class] = append(bySource[o.Source][o.Class], ob)
		}
	}
	store, err := dictionaries.Open(opt.DictDir, nil)
	if err != nil {
		return 0, err
	}
	added := 0
	byClass := map[string]*corpus.Growth{}
	for _, i := range idx {
		a := rep.Sources[i].Final()
		if a.Status != corpus.OK {
			continue
		}
		a.Grown = map[string]int{}
		classes := make([]string, 0, len(bySource[i]))
		for c := range bySource[i] {
			classes = append(classes, c)
		}
		sort.Strings(classes)
		for _, c := range classes {
			gr, err := store.Grow(c, bySource[i][c])
			if err != nil {
				store.Close()
				return added, fmt.Errorf("growing dictionary %s: %w", c, err)
			}
			a.Grown[c] = gr.New
			added += gr.New
			if byClass[c] == nil {
				byClass[c] = &corpus.Growth{Round: n, Class: c}
			}
			byClass[c].New += gr.New
			byClass[c].Updated += gr.Updated
		}
	}
	// Closing publishes the snapshot the next round's workers read.
	if err := store.Close(); err != nil {
		return added, err
	}
	classes := make([]string, 0, len(byClass))
	for c := range byClass {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	for _, c := range classes {
		rep.Growth = append(rep.Growth, *byClass[c])
		opt.Log.Info("dictionary grown", "round", n, "class", c, "new", byClass[c].New, "updated", byClass[c].Updated)
	}
	return added, nil
}

// loopbackFiles returns the Beam SDK's loopback placeholder files in the
// temporary directory. In loopback mode (Prism, the default runner) the
// SDK creates an empty "beamloopbackworker-*" file there for every
// pipeline it submits and never closes or removes it (its own TODO,
// apache/beam#27569): one per round.
func loopbackFiles() map[string]bool {
	names, _ := filepath.Glob(filepath.Join(os.TempDir(), "beamloopbackworker-*"))
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[n] = true
	}
	return out
}

// removeLoopbackFiles removes the empty loopback placeholder files that
// appeared since before (loopbackFiles); a file with content is not one.
func removeLoopbackFiles(before map[string]bool) {
	for n := range loopbackFiles() {
		if before[n] {
			continue
		}
		if st, err := os.Stat(n); err == nil && st.Mode().IsRegular() && st.Size() == 0 {
			os.Remove(n)
		}
	}
}
