package corpus

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/internal/tmpfile"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/repository"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/warc"
	"github.com/objectrunner/objectrunner/wrapper"
)

// Options say how to run a corpus.
type Options struct {
	// SOD and its Recognizers (recognizers.ForSOD over Store) are required.
	SOD         *sod.SOD
	Recognizers map[string]recognizers.Recognizer
	// Store is the dictionary store the recognizers read. When Grow is set
	// it must be writable: confident values of dictionary fields are added
	// to it between rounds, and the recognizers see them (the store's
	// Matcher is shared).
	Store *dictionaries.Store
	Grow  bool
	// MinConfidence is the confidence a value needs to grow a dictionary
	// (default 0.7).
	MinConfidence float64
	// NoRetry disables the second try of sources discarded before growth.
	NoRetry bool
	// Jobs is how many sources run at once, and so the size of a round
	// (default 1).
	Jobs int
	// Config is the template of every source's run (sample size, induction
	// options, page loading). Its Workers default to the CPUs divided among
	// the jobs. SOD, Recognizers, Progress and Learned are set per source.
	Config objectrunner.Config
	// Out, when set, is the directory that receives NAME.jsonl (the objects,
	// as `objectrunner extract` writes them) and NAME.wrapper.json for every
	// source that gives objects. Files are written under a temporary name
	// and renamed when the source is done: a source that fails leaves a
	// previous output untouched.
	Out string
	// Repo, when set, is the repository the objects are indexed in; a
	// source's objects replace its previous ones when it is done.
	Repo string
	// Log receives progress (default: discarded).
	Log *slog.Logger
	// BeforeRound, when set, is called before each round with the round's
	// number and sources, once the previous rounds' growth is applied
	// (nothing else uses the store then).
	BeforeRound func(round int, sources []Source)
}

// Status is the outcome of one try of a source.
type Status string

const (
	// OK: objects were extracted.
	OK Status = "ok"
	// Discarded: the source cannot satisfy the SOD (annotation found too
	// few instances of a mandatory type, or induction stopped early);
	// growth may change that, so it gets a second try.
	Discarded Status = "discarded"
	// Failed: any other error, or no object extracted.
	Failed Status = "failed"
)

// Attempt is one try of a source.
type Attempt struct {
	Round  int    `json:"round"`
	Status Status `json:"status"`
	// Reason says why a source was discarded or failed.
	Reason           string `json:"reason,omitempty"`
	Pages            int    `json:"pages"`
	Objects          int    `json:"objects"`
	PagesWithObjects int    `json:"pages_with_objects"`
	Unfit            int    `json:"unfit"`
	Unreadable       int    `json:"unreadable"`
	// Duplicates counts the pages left out as copies of an earlier page
	// of the source (objectrunner.Report.Duplicates).
	Duplicates int `json:"duplicates,omitempty"`
	// SkippedDirs counts the source's subdirectories that could not be
	// read (each logged with the reason); their pages are not in Pages.
	SkippedDirs int `json:"skipped_dirs,omitempty"`
	// Fill is, per top-level field, the share of objects that have a value.
	Fill map[string]float64 `json:"fill,omitempty"`
	// Confidence is the mean confidence of the objects (repository.Confidence).
	Confidence float64 `json:"confidence"`
	// Annotated is, per entity type, the share of the pages annotated for
	// it (at its step of Algorithm 1) where its recognizer found an instance.
	Annotated map[string]float64 `json:"annotated,omitempty"`
	// Grown counts the dictionary entries this try's values added, by class.
	Grown map[string]int `json:"grown,omitempty"`
	// Seconds is the try's duration.
	Seconds float64 `json:"seconds"`
}

// SourceReport is what happened to one source.
type SourceReport struct {
	Name string `json:"name"`
	Dir  string `json:"dir"`
	// Template is the name pattern of the source's pages when it is one
	// template of a mixed directory (SplitTemplates).
	Template string `json:"template,omitempty"`
	// Attempts are its tries, in order; the last one is final.
	Attempts []*Attempt `json:"attempts"`
	// Output and Wrapper are the files written, Indexed the objects
	// committed to the repository.
	Output  string `json:"output,omitempty"`
	Wrapper string `json:"wrapper,omitempty"`
	Indexed int    `json:"indexed,omitempty"`
}

// Final returns the source's last try.
func (s *SourceReport) Final() *Attempt { return s.Attempts[len(s.Attempts)-1] }

// Growth is what growth added to one class after a round.
type Growth struct {
	Round   int    `json:"round"`
	Class   string `json:"class"`
	New     int    `json:"new"`
	Updated int    `json:"updated"`
}

// Report is what a corpus run did.
type Report struct {
	SOD     string          `json:"sod"`
	Jobs    int             `json:"jobs"`
	Rounds  int             `json:"rounds"`
	Sources []*SourceReport `json:"sources"`
	Growth  []Growth        `json:"growth,omitempty"`
	// Fields are the SOD's top-level fields, the columns of Fill.
	Fields  []string `json:"fields"`
	Seconds float64  `json:"seconds"`
	// StaleTemp counts the temporary files of killed runs removed from
	// the output directory before this run (internal/tmpfile).
	StaleTemp int `json:"stale_temp,omitempty"`
}

// Run runs every source of a corpus for one SOD (seed 003, §2.2: for each
// source annotate, sample, induce, extract; then refine the recognizers).
// Sources run in rounds of Jobs, in order, the sources of a round in
// parallel. After each round the confident values of its successful
// sources, in source order, grow the dictionaries, so the next rounds are
// annotated with them: with one job, every source benefits from all the
// sources before it. Sources discarded before some growth happened get one
// more try once all sources have run (in rounds as well). The order of the
// sources and Jobs decide the result; the finishing order of parallel
// sources does not. An error is returned only when nothing can run (bad
// options, a cancelled context); each source's outcome is in the report.
func Run(ctx context.Context, sources []Source, opt Options) (*Report, error) {
	start := time.Now()
	if opt.SOD == nil || opt.Recognizers == nil {
		return nil, errors.New("corpus: the SOD and its recognizers are required")
	}
	if opt.Grow && (opt.Store == nil || opt.Store.ReadOnly()) {
		return nil, errors.New("corpus: growing the dictionaries needs a writable store")
	}
	if opt.Jobs <= 0 {
		opt.Jobs = 1
	}
	if opt.MinConfidence <= 0 {
		opt.MinConfidence = 0.7
	}
	if opt.Log == nil {
		opt.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if opt.Config.Workers <= 0 {
		opt.Config.Workers = max(1, runtime.GOMAXPROCS(0)/opt.Jobs)
	}
	if opt.Out != "" {
		if err := os.MkdirAll(opt.Out, 0o755); err != nil {
			return nil, err
		}
	}
	rep := &Report{SOD: opt.SOD.Name, Jobs: opt.Jobs}
	if opt.Out != "" {
		// Outputs of a run killed with SIGKILL: the directory is the run's.
		if rep.StaleTemp = tmpfile.Clean(opt.Out, nil); rep.StaleTemp > 0 {
			opt.Log.Info("removed temporary files of an earlier run that was killed", "dir", opt.Out, "files", rep.StaleTemp)
		}
	}
	for _, f := range opt.SOD.Root.Fields {
		rep.Fields = append(rep.Fields, f.Name)
	}
	for _, s := range sources {
		rep.Sources = append(rep.Sources, &SourceReport{Name: s.Name, Dir: s.Dir, Template: s.Template})
	}
	r := &runner{opt: opt, rep: rep}
	all := make([]int, len(sources))
	for i := range all {
		all[i] = i
	}
	grownAfter := map[int]int{} // round → entries added after it
	runRounds := func(idx []int) error {
		for lo := 0; lo < len(idx); lo += opt.Jobs {
			rep.Rounds++
			n, err := r.round(ctx, sources, idx[lo:min(len(idx), lo+opt.Jobs)], rep.Rounds)
			if err != nil {
				return err
			}
			for rd := 1; rd <= rep.Rounds; rd++ {
				grownAfter[rd] += n
			}
		}
		return nil
	}
	err := runRounds(all)
	if err == nil && opt.Grow && !opt.NoRetry {
		if again := rep.SecondTry(grownAfter); len(again) > 0 {
			opt.Log.Info("second try after dictionary growth", "sources", len(again))
			err = runRounds(again)
		}
	}
	rep.Seconds = time.Since(start).Seconds()
	return rep, err
}

// runner runs the rounds of one corpus.
type runner struct {
	opt Options
	rep *Report
}

// round runs the sources idx in parallel, then grows the dictionaries from
// the successful ones, in source order, and returns how many entries that
// added.
func (r *runner) round(ctx context.Context, sources []Source, idx []int, round int) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	r.opt.Log.Info("round", "round", round, "sources", len(idx))
	if r.opt.BeforeRound != nil {
		var ss []Source
		for _, i := range idx {
			ss = append(ss, sources[i])
		}
		r.opt.BeforeRound(round, ss)
	}
	growers := make([]*objectrunner.Grower, len(idx))
	var wg sync.WaitGroup
	for k, i := range idx {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, g := r.source(ctx, sources[i], r.rep.Sources[i], round)
			r.rep.Sources[i].Attempts = append(r.rep.Sources[i].Attempts, a)
			growers[k] = g
		}()
	}
	wg.Wait()
	if !r.opt.Grow {
		return 0, ctx.Err()
	}
	added := 0
	byClass := map[string]*Growth{}
	for k, g := range growers {
		if g == nil {
			continue
		}
		if err := g.Flush(); err != nil {
			return added, err
		}
		a := r.rep.Sources[idx[k]].Final()
		a.Grown = map[string]int{}
		for class, gr := range g.Reports {
			a.Grown[class] = gr.New
			added += gr.New
			if byClass[class] == nil {
				byClass[class] = &Growth{Round: round, Class: class}
			}
			byClass[class].New += gr.New
			byClass[class].Updated += gr.Updated
		}
	}
	classes := make([]string, 0, len(byClass))
	for c := range byClass {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	for _, c := range classes {
		r.rep.Growth = append(r.rep.Growth, *byClass[c])
		r.opt.Log.Info("dictionary grown", "round", round, "class", c, "new", byClass[c].New, "updated", byClass[c].Updated)
	}
	return added, ctx.Err()
}

// sink receives the objects of one source: output file, repository,
// dictionary growth and the report's counts.
type sink struct {
	file   *os.File
	buf    *bufio.Writer
	writer *repository.Writer
	grower *objectrunner.Grower
	fields []string
	filled map[string]int
	conf   float64
}

func (k *sink) emit(o *wrapper.Object) error {
	if k.buf != nil {
		b, err := json.Marshal(o)
		if err != nil {
			return err
		}
		k.buf.Write(b)
		if err := k.buf.WriteByte('\n'); err != nil {
			return err
		}
	}
	if k.writer != nil {
		if err := k.writer.Add(o); err != nil {
			return err
		}
	}
	if k.grower != nil {
		if err := k.grower.Add(o); err != nil {
			return err
		}
	}
	for _, f := range o.Fields {
		for _, v := range f.Values {
			if v.Text != "" || len(v.Fields) > 0 {
				k.filled[f.Name]++
				break
			}
		}
	}
	k.conf += repository.Confidence(o)
	return nil
}

// abort drops what the sink wrote.
func (k *sink) abort() {
	if k.file != nil {
		k.file.Close()
		os.Remove(k.file.Name())
	}
	if k.writer != nil {
		k.writer.Abort()
	}
}

// source runs one try of a source and returns its outcome and, when it
// gave objects and growth is on, the Grower holding its values.
func (r *runner) source(ctx context.Context, src Source, sr *SourceReport, round int) (*Attempt, *objectrunner.Grower) {
	start := time.Now()
	log := r.opt.Log.With("source", src.Name)
	a := &Attempt{Round: round}
	k, err := r.newSink(src)
	if err != nil {
		a.Status, a.Reason = Failed, err.Error()
		return a, nil
	}
	cfg := r.opt.Config
	cfg.SOD, cfg.Recognizers = r.opt.SOD, r.opt.Recognizers
	cfg.Pages = src.Pages
	cfg.Progress = nil
	cfg.Learned = func(rep *objectrunner.Report) {
		log.Info("wrapper learned", "sample", len(rep.Sample.Pages), "pages", rep.Pages, "mode", rep.Wrapper.Mode(), "slots", len(rep.Wrapper.Slots()))
	}
	if src.Template != "" {
		log.Info("source started", "round", round, "dir", src.Dir, "template", src.Template, "pages", len(src.Pages))
	} else {
		log.Info("source started", "round", round, "dir", src.Dir)
	}
	rep, runErr := objectrunner.Run(ctx, src.Dir, cfg, k.emit)
	a.Seconds = time.Since(start).Seconds()
	if rep != nil {
		a.Pages, a.Objects, a.PagesWithObjects = rep.Pages, rep.Objects, rep.PagesWithObjects
		a.Unfit, a.Unreadable, a.Duplicates = rep.UnfitPages(), len(rep.Failed), rep.Duplicates
		a.SkippedDirs = len(rep.SkippedDirs)
		for _, d := range rep.SkippedDirs {
			log.Warn("unreadable directory skipped", "dir", d.Path, "err", d.Err)
		}
		if rep.Sample != nil {
			a.Annotated = map[string]float64{}
			for _, st := range rep.Sample.Stats {
				if st.Candidates > 0 {
					a.Annotated[st.Type] = float64(st.PagesWithHits) / float64(st.Candidates)
				}
			}
		}
	}
	if a.Objects > 0 {
		a.Fill = map[string]float64{}
		for _, f := range k.fields {
			a.Fill[f] = float64(k.filled[f]) / float64(a.Objects)
		}
		a.Confidence = k.conf / float64(a.Objects)
	}
	var discard *annotate.DiscardError
	var stop *wrapper.StopError
	switch {
	case errors.As(runErr, &discard) || errors.As(runErr, &stop):
		a.Status, a.Reason = Discarded, runErr.Error()
	case runErr != nil:
		a.Status, a.Reason = Failed, runErr.Error()
	case a.Objects == 0:
		a.Status = Failed
		a.Reason = fmt.Sprintf("no objects extracted from %d pages (%d did not fit the wrapper, %d unreadable)", a.Pages, a.Unfit, a.Unreadable)
	default:
		a.Status = OK
	}
	if a.Status != OK {
		k.abort()
		log.Warn("source "+string(a.Status), "reason", a.Reason)
		return a, nil
	}
	if err := r.finish(src, sr, k, rep); err != nil {
		k.abort()
		a.Status, a.Reason = Failed, err.Error()
		log.Warn("source failed", "reason", a.Reason)
		return a, nil
	}
	log.Info("source done", "objects", a.Objects, "pages", a.Pages, "unfit", a.Unfit, "seconds", fmt.Sprintf("%.1f", a.Seconds))
	return a, k.grower
}

// newSink opens the outputs of a source.
func (r *runner) newSink(src Source) (*sink, error) {
	k := &sink{filled: map[string]int{}}
	for _, f := range r.opt.SOD.Root.Fields {
		k.fields = append(k.fields, f.Name)
	}
	if r.opt.Out != "" {
		f, err := tmpfile.Create(r.opt.Out, src.Name+".jsonl")
		if err != nil {
			return nil, err
		}
		k.file, k.buf = f, bufio.NewWriterSize(f, 64<<10)
	}
	if r.opt.Repo != "" {
		root, wopt := src.Dir, repository.WriterOptions{}
		if warc.IsSource(src.Dir) {
			// Pages are read back from the WARC files, not from a
			// directory: the root recorded is the first file's directory.
			fsys, err := objectrunner.OpenWARC(src.Dir, r.opt.Config.WARC)
			if err != nil {
				k.abort()
				return nil, err
			}
			root = annotate.SourceRoot(strings.TrimSpace(strings.Split(src.Dir, ",")[0]))
			wopt.PageText = func(page string) (string, error) {
				p, err := annotate.ReadPageFS(fsys, page, annotate.LoadOptions{})
				if err != nil {
					return "", err
				}
				return annotate.Text(p.Doc), nil
			}
		}
		w, err := repository.NewWriter(r.opt.Repo, r.opt.SOD, src.Name, root, wopt)
		if err != nil {
			k.abort()
			return nil, err
		}
		k.writer = w
	}
	if r.opt.Grow {
		k.grower = objectrunner.NewGrower(r.opt.Store, r.opt.SOD, src.Dir, r.opt.MinConfidence)
		k.grower.Hold = true // growth happens between rounds
	}
	return k, nil
}

// finish makes a successful source's outputs visible: the JSONL file and
// the wrapper renamed into place, the repository's objects committed.
func (r *runner) finish(src Source, sr *SourceReport, k *sink, rep *objectrunner.Report) error {
	if k.file != nil {
		if err := k.buf.Flush(); err != nil {
			return err
		}
		if err := k.file.Close(); err != nil {
			return err
		}
		out := filepath.Join(r.opt.Out, src.Name+".jsonl")
		wout := filepath.Join(r.opt.Out, src.Name+".wrapper.json")
		if err := saveWrapper(wout, rep.Wrapper); err != nil {
			return err
		}
		if err := os.Rename(k.file.Name(), out); err != nil {
			return err
		}
		k.file = nil
		sr.Output, sr.Wrapper = out, wout
	}
	if k.writer != nil {
		e, err := k.writer.Commit(rep.Pages)
		if err != nil {
			return err
		}
		sr.Indexed = e.Objects
	}
	return nil
}

// saveWrapper writes w to path through a temporary file.
func saveWrapper(path string, w *wrapper.Wrapper) error {
	tmp, err := tmpfile.For(path)
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := w.Save(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
