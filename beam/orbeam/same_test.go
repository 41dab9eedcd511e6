package orbeam

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/corpus"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/examples/zoo"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

var (
	zooSeeds  = flag.String("beam.zoo", "1-8", "zoo seeds run as one-source corpora by TestSameAsCorpusRun (never the reserved held-out ranges)")
	realPages = flag.Int("beam.realpages", 200, "pages per real SWDE site at most (0: all)")
)

func TestMain(m *testing.M) {
	flag.Parse()
	beam.Init()
	os.Exit(m.Run())
}

// execPrism runs a pipeline in this process on Prism.
func execPrism(ctx context.Context, p *beam.Pipeline) error {
	_, err := prism.Execute(ctx, p)
	return err
}

// corpusCase is one corpus: an SOD, its sources, the word lists
// (CLASS.txt) both stores start from, and the round size.
type corpusCase struct {
	name    string
	sod     string
	sources []string
	lists   []string
	jobs    int
	// warc selects the pages of WARC sources, on both sides.
	warc WARCFilter
	// templates splits each source by template first
	// (corpus.SplitTemplates, `--templates`), on both sides.
	templates bool
	// reshuffle keeps the reshuffle of the page tasks, which the command
	// leaves out on Prism (Options.NoPageReshuffle): both pipeline shapes
	// must give the same output.
	reshuffle bool
}

// newStore opens a writable store in a fresh directory with the lists
// imported, as `objectrunner run --import` does.
func newStore(t *testing.T, lists []string) (string, *dictionaries.Store) {
	t.Helper()
	dir := t.TempDir()
	st, err := dictionaries.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lists {
		class := strings.TrimSuffix(filepath.Base(l), filepath.Ext(l))
		if _, err := st.ImportFile(context.Background(), class, l, dictionaries.ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	return dir, st
}

// sortedLines returns the lines of the files matching glob, sorted.
func sortedLines(t *testing.T, glob string) []string {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 1<<26)
		for sc.Scan() {
			out = append(out, sc.Text())
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	sort.Strings(out)
	return out
}

// timing accumulates the wall and CPU time (this process's, all threads)
// of both sides over a test, and the pages they ran.
type timing struct {
	run, pipeline       time.Duration
	runCPU, pipelineCPU time.Duration
	pages               int
}

// cpuTime is the CPU time (user and system) this process used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// runBoth runs c with corpus.Run as `objectrunner run` does (same
// options as its flags' defaults) and with the Beam pipeline on Prism,
// each from its own copy of the dictionaries, and compares objects and
// reports.
func runBoth(t *testing.T, c corpusCase, tm *timing) (out string, rep *corpus.Report) {
	t.Helper()
	ctx := context.Background()
	srcs, err := corpus.Sources(c.sources)
	if err != nil {
		t.Fatal(err)
	}
	if c.templates {
		if srcs, _, err = corpus.SplitTemplates(srcs, objectrunner.Config{}); err != nil {
			t.Fatal(err)
		}
	}
	s, err := sod.Load(c.sod)
	if err != nil {
		t.Fatal(err)
	}
	uses := UsesDictionaries(s)

	// objectrunner run: corpus.Run over a writable store.
	outA := t.TempDir()
	opt := corpus.Options{SOD: s, Jobs: c.jobs, Out: outA, Grow: uses, MinConfidence: 0.7}
	if opt.Config.WARC, err = c.warc.Filter(); err != nil {
		t.Fatal(err)
	}
	iopt := wrapper.DefaultOptions()
	opt.Config.Induce = &iopt
	var dicts recognizers.Dictionaries
	if uses {
		_, st := newStore(t, c.lists)
		defer st.Close()
		opt.Store, dicts = st, st
	}
	if opt.Recognizers, err = recognizers.ForSOD(s, dicts); err != nil {
		t.Fatal(err)
	}
	start, cpu := time.Now(), cpuTime()
	want, err := corpus.Run(ctx, srcs, opt)
	if err != nil {
		t.Fatal(err)
	}
	ta, ca := time.Since(start), cpuTime()-cpu

	// The pipeline: its store is closed (published) before it runs.
	outB := t.TempDir()
	out = outB
	bopt := Options{SOD: c.sod, Grow: true, Jobs: c.jobs, Out: outB, Shards: 3, Execute: execPrism, WARC: c.warc, NoPageReshuffle: !c.reshuffle}
	if uses {
		dir, st := newStore(t, c.lists)
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
		bopt.DictDir = dir
	}
	start, cpu = time.Now(), cpuTime()
	got, err := Run(ctx, srcs, bopt)
	if err != nil {
		t.Fatal(err)
	}
	tb, cb := time.Since(start), cpuTime()-cpu
	rep = got
	tm.run += ta
	tm.pipeline += tb
	tm.runCPU += ca
	tm.pipelineCPU += cb
	for _, sr := range want.Sources {
		tm.pages += sr.Attempts[0].Pages
	}

	wantLines := sortedLines(t, filepath.Join(outA, "*.jsonl"))
	gotLines := sortedLines(t, filepath.Join(outB, "round-*", "objects-*.jsonl"))
	var table strings.Builder
	got.WriteTable(&table)
	t.Logf("%s: %d objects; objectrunner run %.1fs wall %.1fs CPU, Beam on Prism %.1fs wall %.1fs CPU\n%s", c.name, len(wantLines), ta.Seconds(), ca.Seconds(), tb.Seconds(), cb.Seconds(), table.String())
	var diffs []string
	if !slices.Equal(wantLines, gotLines) {
		diffs = append(diffs, fmt.Sprintf("the pipeline gave %d object lines, objectrunner run %d; first difference: %s", len(gotLines), len(wantLines), firstDiff(wantLines, gotLines)))
	}
	diffs = append(diffs, compareReports(want, got)...)
	for _, d := range diffs {
		t.Errorf("%s: %s", c.name, d)
	}
	return out, rep
}

// firstDiff describes the first line where two sorted lists differ.
func firstDiff(want, got []string) string {
	for i := range max(len(want), len(got)) {
		var w, g string
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\n run:      %.400s\n pipeline: %.400s", i+1, w, g)
		}
	}
	return "none"
}

// compareReports checks that two corpus reports agree on every count.
func compareReports(want, got *corpus.Report) []string {
	var out []string
	if want.Rounds != got.Rounds || !reflect.DeepEqual(want.Fields, got.Fields) || len(want.Sources) != len(got.Sources) {
		return append(out, fmt.Sprintf("%d rounds, fields %v, %d sources; objectrunner run: %d, %v, %d", got.Rounds, got.Fields, len(got.Sources), want.Rounds, want.Fields, len(want.Sources)))
	}
	if !reflect.DeepEqual(want.Growth, got.Growth) {
		out = append(out, fmt.Sprintf("growth %+v, objectrunner run %+v", got.Growth, want.Growth))
	}
	for i, ws := range want.Sources {
		gs := got.Sources[i]
		if len(ws.Attempts) != len(gs.Attempts) {
			out = append(out, fmt.Sprintf("%s: %d attempts, objectrunner run %d", ws.Name, len(gs.Attempts), len(ws.Attempts)))
			continue
		}
		for k, w := range ws.Attempts {
			g := *gs.Attempts[k]
			wa := *w
			if math.Abs(wa.Confidence-g.Confidence) > 1e-9 {
				out = append(out, fmt.Sprintf("%s try %d: confidence %v, objectrunner run %v", ws.Name, k+1, g.Confidence, wa.Confidence))
			}
			wa.Confidence, g.Confidence, wa.Seconds, g.Seconds = 0, 0, 0, 0
			if !reflect.DeepEqual(wa, g) {
				out = append(out, fmt.Sprintf("%s try %d:\n pipeline %+v\n run      %+v", ws.Name, k+1, g, wa))
			}
		}
	}
	return out
}

// TestSameAsCorpusRun runs small corpora both ways and wants the same
// objects (sorted JSON Lines identical) and reports that agree on every
// count: the three example corpora of three sources each (seeded with the
// first source's word lists, two sources a round, so dictionaries grow
// between rounds and discarded sources get their second try), zoo sources
// (-beam.zoo) and the real dev sites of ../shared/data/swde with the
// newcomer SODs of examples/real (skipped when absent).
func TestSameAsCorpusRun(t *testing.T) {
	var tm timing
	defer func() {
		t.Logf("%d pages: objectrunner run %.1fs wall, %.1fs CPU (%.1f pages per CPU-second); Beam pipeline on Prism %.1fs wall (%.2fx), %.1fs CPU (%.1f pages per CPU-second, %.2fx)",
			tm.pages, tm.run.Seconds(), tm.runCPU.Seconds(), float64(tm.pages)/max(tm.runCPU.Seconds(), 1e-9),
			tm.pipeline.Seconds(), tm.pipeline.Seconds()/max(tm.run.Seconds(), 1e-9),
			tm.pipelineCPU.Seconds(), float64(tm.pages)/max(tm.pipelineCPU.Seconds(), 1e-9), tm.pipelineCPU.Seconds()/max(tm.runCPU.Seconds(), 1e-9))
	}()
	ex := filepath.Join("..", "..", "examples")
	t.Run("examples", func(t *testing.T) {
		for _, g := range []string{"concerts", "books", "bookdetail"} {
			c := corpusCase{name: g, sod: filepath.Join(ex, g+"-a", "sod.toml"), jobs: 2}
			for _, v := range []string{"-a", "-b", "-c"} {
				c.sources = append(c.sources, filepath.Join(ex, g+v))
			}
			c.lists, _ = filepath.Glob(filepath.Join(ex, g+"-a", "dictionaries", "*.txt"))
			runBoth(t, c, &tm)
		}
	})
	t.Run("zoo", func(t *testing.T) {
		seeds, err := zoo.ParseSeeds(*zooSeeds)
		if err != nil {
			t.Fatal(err)
		}
		for _, seed := range seeds {
			if seed >= 4948 && seed <= 5047 || seed >= 8254 && seed <= 8353 {
				t.Fatalf("seed %d is held out: never run it", seed)
			}
			src := zoo.Generate(seed)
			dir := filepath.Join(t.TempDir(), src.Name)
			if err := src.WriteDir(dir); err != nil {
				t.Fatal(err)
			}
			c := corpusCase{name: src.Name, sod: filepath.Join(dir, "sod.toml"), sources: []string{dir}, jobs: 2}
			c.lists, _ = filepath.Glob(filepath.Join(dir, "dictionaries", "*.txt"))
			runBoth(t, c, &tm)
		}
	})
	t.Run("real", func(t *testing.T) {
		data := filepath.Join("..", "..", "..", "shared", "data")
		if _, err := os.Stat(filepath.Join(data, "swde")); err != nil {
			t.Skip("../shared/data/swde not found (the shared data sits beside the repository): skipping the real dev sites")
		}
		for site, gaz := range map[string]string{"job-nettemps": "", "nbaplayer-usatoday": "nbaplayer", "auto-carquotes": "", "book-booksamillion": "book"} {
			sodDir := filepath.Join(ex, "real", site)
			pages, _ := filepath.Glob(filepath.Join(data, "swde", site, "*.htm"))
			if len(pages) == 0 {
				t.Fatalf("%s: no pages", site)
			}
			sort.Strings(pages)
			if *realPages > 0 && len(pages) > *realPages {
				pages = pages[:*realPages]
			}
			// The source: links to the pages in a directory named after the site.
			dir := filepath.Join(t.TempDir(), site)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, p := range pages {
				abs, err := filepath.Abs(p)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(abs, filepath.Join(dir, filepath.Base(p))); err != nil {
					t.Fatal(err)
				}
			}
			c := corpusCase{name: site, sod: filepath.Join(sodDir, "sod.toml"), sources: []string{dir}, jobs: 2}
			c.lists, _ = filepath.Glob(filepath.Join(sodDir, "dictionaries", "*.txt"))
			if gaz != "" {
				g, _ := filepath.Glob(filepath.Join(data, "gazetteers", gaz, "*.txt"))
				c.lists = append(c.lists, g...)
			}
			runBoth(t, c, &tm)
		}
	})
}

// TestDeadLetter: a page that cannot be read (a dangling link among a
// source's pages) is a dead-letter record with the reason, counted as
// unreadable as objectrunner run counts it; the other pages give the same
// objects. The source also holds two copies of a page under other names,
// one listed before its original (so the copy is kept and the original
// left out) and one after, in other page tasks: as objectrunner run, the
// pipeline leaves out the later page of each pair and counts it as a
// duplicate.
func TestDeadLetter(t *testing.T) {
	ex := filepath.Join("..", "..", "examples", "concerts-a")
	dir := filepath.Join(t.TempDir(), "concerts-x")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	pages, _ := filepath.Glob(filepath.Join(ex, "pages", "*.htm*"))
	if len(pages) == 0 {
		t.Fatal("no pages in examples/concerts-a")
	}
	for _, p := range pages {
		abs, _ := filepath.Abs(p)
		if err := os.Symlink(abs, filepath.Join(dir, filepath.Base(p))); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(dir, "missing.html"), filepath.Join(dir, "zz-gone.html")); err != nil {
		t.Fatal(err)
	}
	sort.Strings(pages)
	for name, p := range map[string]string{"0-copy.html": pages[len(pages)-1], "zz-copy.html": pages[0]} {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lists, _ := filepath.Glob(filepath.Join(ex, "dictionaries", "*.txt"))
	var tm timing
	out, rep := runBoth(t, corpusCase{name: "dead-letter", sod: filepath.Join(ex, "sod.toml"), sources: []string{dir}, lists: lists, jobs: 2, reshuffle: true}, &tm)
	if a := rep.Sources[0].Final(); a.Duplicates != 2 || a.Pages != len(pages)+3 {
		t.Errorf("%d pages, %d duplicates; want %d pages, 2 of them duplicates", a.Pages, a.Duplicates, len(pages)+3)
	}
	b, err := os.ReadFile(filepath.Join(RoundDir(out, 1), "deadletter.jsonl"))
	if err != nil {
		t.Fatalf("no dead-letter output: %v", err)
	}
	var dl []deadLetter
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var d deadLetter
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("dead-letter line %q: %v", line, err)
		}
		dl = append(dl, d)
	}
	if len(dl) != 1 || dl[0].Source != "concerts-x" || dl[0].Page != "zz-gone.html" || !strings.Contains(dl[0].Reason, "no such file") {
		t.Errorf("dead letters %+v, want one for concerts-x zz-gone.html saying the file is missing", dl)
	}
}

// TestTemplates: a directory mixing three templates (two concert list
// sites and a book detail site), run with `--templates` (the sources split
// by corpus.SplitTemplates): the pipeline gives the objects and report
// objectrunner run gives on the same split, the two concert templates give
// objects and the book template is discarded.
func TestTemplates(t *testing.T) {
	ex := filepath.Join("..", "..", "examples")
	site := filepath.Join(t.TempDir(), "mixed")
	for sub, e := range map[string]string{"a": "concerts-a", "b": "concerts-b", "c": "bookdetail-a"} {
		if err := os.CopyFS(filepath.Join(site, sub), os.DirFS(filepath.Join(ex, e, "pages"))); err != nil {
			t.Fatal(err)
		}
	}
	lists, _ := filepath.Glob(filepath.Join(ex, "concerts-a", "dictionaries", "*.txt"))
	var tm timing
	_, rep := runBoth(t, corpusCase{name: "templates", sod: filepath.Join(ex, "concerts-a", "sod.toml"), sources: []string{site}, lists: lists, jobs: 2, templates: true}, &tm)
	var ok, discarded int
	for _, sr := range rep.Sources {
		if sr.Template == "" || !strings.HasPrefix(sr.Name, "mixed~") {
			t.Errorf("source %s: template %q, want one template of mixed", sr.Name, sr.Template)
		}
		switch sr.Final().Status {
		case corpus.OK:
			ok++
		case corpus.Discarded:
			discarded++
		}
	}
	if len(rep.Sources) != 3 || ok != 2 || discarded != 1 {
		t.Errorf("%d sources, %d ok, %d discarded; want 3 templates: the two concert ones ok, the book one discarded", len(rep.Sources), ok, discarded)
	}
}
