package main

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// runExtract learns a wrapper for a source (or loads a saved one) and writes
// the objects of every page.
func (m *Main) runExtract(ctx context.Context, args []string) error {
	fs := m.newFlagSet("extract", "[DIR|GLOB|WARC]",
		"Learn a wrapper for a source (a directory, glob or WARC files of pages sharing a\n"+
			"template) from its best-annotated sample pages, apply it to every page and write one\n"+
			"object per line (JSON Lines), with each value's confidence and DOM path. With\n"+
			"--wrapper, a saved wrapper is applied without learning. A summary goes to stderr.")
	sodPath := fs.String("sod", "", "SOD file (required unless --wrapper is given: a saved wrapper carries its SOD)")
	source := fs.String("source", "", sourceHelp)
	warcFilter := warcFlags(fs)
	wrapperIn := fs.String("wrapper", "", "apply this saved wrapper instead of learning one")
	wrapperOut := fs.String("save-wrapper", "", "save the learned wrapper to this file")
	saveExplain := fs.Bool("save-explain", false, "with --save-wrapper: also save how each field's slot was chosen\n(candidate slots and their score parts; see wrapper show --explain)")
	out := fs.String("o", "", "write objects to this file (default: stdout)")
	format := fs.String("format", "jsonl", "output format: jsonl, json or csv (csv: page, url, index, a column per field with\nsets joined by \" | \", and FIELD.normalized after a field whose recognizer normalises)")
	dictDir := fs.String("dict-dir", "", "dictionary store directory (default: the per-user store)")
	var imports stringList
	fs.Var(&imports, "import", "first import the word lists in this directory or file (CLASS.txt or CLASS.tsv) into the store; repeatable")
	grow := fs.Bool("grow", false, "add extracted values of dictionary fields to the dictionaries")
	growConf := fs.Float64("grow-min-confidence", 0.7, "with --grow: only values at least this confident grow the dictionaries")
	keepRefuted := fs.Bool("keep-refuted", false, "keep the values of fields whose doubt notes refute them (values without a letter for a name\ntype, read from an aside alone, or opening with one same label); by default they are\nleft out, counted (refuted) and the field gets an \"abstained\" diagnostic (docs/trust.md)")
	minConf := fs.Float64("min-confidence", 0, "leave out values whose confidence is below this (0 to 1; see docs/trust.md for what\nconfidence means and how often values of each confidence are right); the report\ncounts them (below_confidence)")
	k := fs.Int("sample", annotate.DefaultSampleSize, "number of sample pages to learn from")
	sampleMB := fs.Int("sample-mb", annotate.DefaultSampleBytes>>20, "most MiB of pages in the sample (induction needs ~35× that in memory); a page over half of it is extracted, not learned from")
	plain := fs.Bool("plain", false, "plain ExAlg: do not use annotations to tell token roles apart (baseline)")
	workers := fs.Int("workers", 0, "pages extracted in parallel (default: number of CPUs)")
	encoding := fs.String("encoding", "", "character encoding of the pages (default: detect)")
	memoryMB := fs.Int("memory-mb", defaultMemoryMB, "soft memory limit in MiB (GOMEMLIMIT overrides it); pages of up to 1/32 of it are processed at once (0: no memory limit)")
	strict := fs.Bool("strict", false, "leave out objects that lack a mandatory field (default: write them with \"missing\")")
	templates := fs.Bool("templates", false, "group the source's pages by template first (see 'objectrunner sources') and, when it has several,\nsample each on its own pages and learn and extract only the one whose sample best satisfies the SOD")
	keepDups := fs.Bool("keep-duplicates", false, "write the objects of every copy of a page (default: a page whose text is that of an earlier page is counted as a duplicate and gives no objects)")
	baseURL := baseURLFlag(fs)
	previewDir := fs.String("preview", "", "write the sample pages (with --wrapper: up to --sample pages spread over the source)\nto this directory as HTML with the extracted values highlighted per field, and an\nindex.html with per-field counts; nothing in them is loaded from the web. When the learned\nwrapper is unsure, also review.html: its questions with the candidates highlighted on the\nsample pages, to choose and download answers.json for --answers (see docs/review.md)")
	reportPath := fs.String("report", "", "write a JSON run report to this file: pages, objects, unfit pages by reason,\nincomplete pages, per-field fill rate and mean confidence, sample, wrapper, timings,\ndiagnostics")
	maxUnfit := fs.Float64("max-unfit", 1, "exit with status 3 when more than this share of the pages (0 to 1) do not fit the wrapper")
	repoDir := fs.String("repo", "", "also index the objects in this repository (replacing the source's previous ones)")
	repoName := fs.String("name", "", "with --repo: the source's name (default: its directory's name)")
	rv := addReviewFlags(fs) // review.go
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	rest := fs.Args()
	if *source == "" && len(rest) == 1 {
		// "extract --sod S pages/": the one argument is the source.
		*source, rest = rest[0], nil
	}
	switch {
	case *source == "" && len(rest) > 1:
		return usagef("give one source (a directory or a quoted glob), not %d arguments: %q", len(rest), rest)
	case *source == "":
		return usagef("--source is required (or give the source as the one argument)")
	case *sodPath == "" && *wrapperIn == "":
		return usagef("--sod is required (or --wrapper to apply a saved wrapper)")
	case len(rest) > 0:
		return usagef("unexpected arguments %q", rest)
	case *format != "jsonl" && *format != "json" && *format != "csv":
		return usagef("--format must be jsonl, json or csv, not %q", *format)
	case *saveExplain && *wrapperOut == "":
		return usagef("--save-explain goes with --save-wrapper")
	case *wrapperIn != "" && *wrapperOut != "":
		return usagef("--save-wrapper goes with learning, not with --wrapper")
	case *wrapperIn != "" && rv.used():
		return usagef("--review, --answers, --example and --save-answers go with learning, not with --wrapper (a saved wrapper keeps its answers)")
	case *minConf < 0 || *minConf > 1:
		return usagef("--min-confidence %g: want a probability between 0 and 1", *minConf)
	case *growConf < 0 || *growConf > 1:
		return usagef("--grow-min-confidence %g: want a probability between 0 and 1", *growConf)
	case *maxUnfit < 0 || *maxUnfit > 1:
		return usagef("--max-unfit %g: want a share between 0 and 1", *maxUnfit)
	}
	if err := checkBaseURL(*baseURL); err != nil {
		return err
	}
	filter, err := warcFilter()
	if err != nil {
		return err
	}

	cfg := objectrunner.Config{Workers: *workers, Strict: *strict, KeepDuplicates: *keepDups, Templates: *templates, MinConfidence: *minConf, KeepRefuted: *keepRefuted, Load: annotate.LoadOptions{Encoding: *encoding, BaseURL: *baseURL}, WARC: filter}
	cfg.InFlightBytes = applyMemoryLimit(*memoryMB)
	cfg.Sample.K = *k
	cfg.Sample.MaxBytes = int64(*sampleMB) << 20
	iopt := wrapper.DefaultOptions()
	iopt.Annotations = !*plain
	cfg.Induce = &iopt
	answersUsed, err := rv.configure(&cfg, &iopt, m.Stdin, m.Stderr, m.stdinTerminal())
	if err != nil {
		return err
	}

	if *wrapperIn != "" {
		w, err := loadWrapper(*wrapperIn)
		if err != nil {
			return err
		}
		cfg.Wrapper = w
	}
	s, err := extractSOD(*sodPath, *wrapperIn, cfg.Wrapper)
	if err != nil {
		return err
	}
	if s == nil { // a wrapper saved without its SOD, and no --sod
		switch {
		case *repoDir != "":
			return usagef("--repo needs the SOD (the repository records its fields): %s was saved without it; give --sod", *wrapperIn)
		case *grow:
			return usagef("--grow needs the SOD (it says which fields are dictionary fields): %s was saved without it; give --sod", *wrapperIn)
		}
	}
	var store *dictionaries.Store
	if s != nil && cfg.Wrapper == nil {
		if err := rv.checkFields(s); err != nil {
			return err
		}
	}
	if s != nil {
		cfg.SOD = s
		// Recognizers are needed to learn; the store also to grow or import.
		learn := cfg.Wrapper == nil
		if (learn && usesDictionaries(s)) || len(imports) > 0 || *grow {
			store, err = m.openStore(*dictDir, len(imports) == 0 && !*grow)
			if err != nil {
				return err
			}
			defer store.Close()
			for _, dir := range imports {
				if err := m.importLists(ctx, store, dir); err != nil {
					return err
				}
			}
		}
		if learn {
			var dicts recognizers.Dictionaries
			if store != nil {
				dicts = store
			}
			if cfg.Recognizers, err = recognizers.ForSOD(s, dicts); err != nil {
				return err
			}
		}
	}
	if pr := m.startProgress(); pr != nil {
		cfg.Progress = pr.report
	}
	cfg.Learned = m.logLearned

	var dst io.Writer = m.Stdout
	var file *outputFile // -o: replaced only when the run succeeds
	if *out != "" {
		f, err := createOutput(*out)
		if err != nil {
			return err
		}
		file = f
		dst = f
	}
	bw := bufio.NewWriterSize(dst, 64<<10)
	ow, err := newObjectWriter(bw, *format, cfg)
	if err != nil {
		return err
	}
	var grower *objectrunner.Grower
	if *grow {
		grower = objectrunner.NewGrower(store, cfg.SOD, *source, *growConf)
	}
	indexer, err := newIndexer(*repoDir, *repoName, cfg.SOD, *source)
	if err != nil {
		return err
	}
	emit := func(o *wrapper.Object) error {
		if err := ow.write(o); err != nil {
			return err
		}
		if err := indexer.add(o); err != nil {
			return err
		}
		if grower != nil {
			return grower.Add(o)
		}
		return nil
	}

	rep, runErr := objectrunner.Run(ctx, *source, cfg, emit)
	// Whatever happened, keep what was written.
	if err := ow.close(); err != nil && runErr == nil {
		runErr = err
	}
	if err := bw.Flush(); err != nil && runErr == nil {
		runErr = err
	}
	// The verdict (no objects, too many unfit pages) comes before the
	// output file is kept or not.
	runErr = m.judge(rep, runErr, *maxUnfit)
	if file != nil {
		runErr = m.finishOutput(file, runErr)
	}
	if runErr != nil && ctx.Err() != nil && rep != nil && !isBrokenPipe(runErr) {
		runErr = fmt.Errorf("interrupted after %d of %d pages (%d objects written): %w", rep.Processed, rep.Pages, rep.Objects, runErr)
	}
	if grower != nil && !errors.Is(runErr, context.Canceled) {
		if err := grower.Flush(); err != nil && runErr == nil {
			runErr = err
		}
		m.reportGrowth(grower)
	}
	if rep != nil {
		m.logAnswers(rep, answersUsed())
		m.logQuestions(rep, runErr, rv, *reportPath, *previewDir)
		if *rv.save != "" && (rep.Wrapper != nil || len(answersUsed()) > 0) {
			if err := writeAnswers(*rv.save, answersUsed()); err != nil && runErr == nil {
				runErr = err
			}
		}
		m.summarize(rep)
		if rep.Wrapper != nil && *wrapperOut != "" {
			rep.Wrapper.SaveExplanation(*saveExplain)
			if err := saveWrapper(*wrapperOut, rep.Wrapper); err != nil && runErr == nil {
				runErr = err
			}
		}
	}
	if *previewDir != "" && rep != nil && rep.Wrapper != nil && !errors.Is(runErr, context.Canceled) {
		if err := m.writePreview(*previewDir, *source, filter, rep, cfg.Load, *k); err != nil && runErr == nil {
			runErr = err
		}
	}
	if err := indexer.finish(runErr == nil, rep, m.Log); err != nil && runErr == nil {
		runErr = err
	}
	if *reportPath != "" && rep != nil {
		if err := writeReport(*reportPath, rep, runErr); err != nil {
			runErr = reportFailed(*reportPath, err, runErr)
		}
	}
	return runErr
}

// extractSOD returns the SOD of an extract run: the file sodPath, which a
// saved wrapper w (read from wrapperPath) must have been learned for, or
// else the SOD the wrapper carries (nil when it carries none).
func extractSOD(sodPath, wrapperPath string, w *wrapper.Wrapper) (*sod.SOD, error) {
	if sodPath != "" {
		s, err := sod.Load(sodPath)
		if err != nil {
			return nil, err
		}
		if w != nil && w.SODHash() != s.Hash {
			return nil, fmt.Errorf("%s was learned for another SOD than %s (or an older version of it): learn a new wrapper", wrapperPath, sodPath)
		}
		return s, nil
	}
	if w == nil || w.SODText() == "" {
		return nil, nil
	}
	s, err := sod.Parse(wrapperPath+" (sod_text)", []byte(w.SODText()))
	if err != nil {
		return nil, fmt.Errorf("%s: the SOD it carries: %w", wrapperPath, err)
	}
	return s, nil
}

// importLists imports the CLASS.txt / CLASS.tsv word list dir, or every one
// in the directory dir.
func (m *Main) importLists(ctx context.Context, store *dictionaries.Store, dir string) error {
	lists, err := wordLists([]string{dir}, "")
	if err != nil {
		return err
	}
	for _, l := range lists {
		rep, err := m.importList(ctx, store, l, dictionaries.ImportOptions{})
		if err != nil {
			return err
		}
		m.Log.Info("imported word list", "class", l.class, "file", l.path, "new", rep.New)
	}
	return nil
}

// logLearned logs the annotation sample and the learned wrapper, before
// extraction starts.
func (m *Main) logLearned(rep *objectrunner.Report) {
	if t := rep.Template; t != nil {
		m.Log.Info("source of several templates: " + t.String())
	}
	m.logSample(rep)
	w := rep.Wrapper
	m.Log.Info("wrapper learned", "mode", w.Mode(), "slots", len(w.Slots()), "time", rep.InduceTime.Round(time.Millisecond))
	if why := w.DroppedPageFields(); why != "" {
		m.Log.Warn("page-level fields dropped", "reason", why)
	}
	for _, d := range objectrunner.Diagnose(rep) {
		m.Log.Warn("diagnostic: "+d.Message, "kind", d.Kind)
	}
}

// summarize logs what a run did. The sample is logged here only when
// learning failed (otherwise logLearned did it).
func (m *Main) summarize(rep *objectrunner.Report) {
	if rep.Wrapper == nil {
		m.logSample(rep)
		for _, d := range objectrunner.Diagnose(rep) { // learning failed: what the sample says
			m.Log.Warn("diagnostic: "+d.Message, "kind", d.Kind)
		}
	}
	m.Log.Info("extracted", "objects", rep.Objects, "pages_with_objects", rep.PagesWithObjects, "pages", rep.Pages,
		"processed", rep.Processed, "incomplete", rep.IncompletePages(), "unfit", rep.UnfitPages(), "unreadable", len(rep.Failed), "time", rep.ExtractTime.Round(time.Millisecond))
	if rep.BelowConfidence > 0 {
		m.Log.Info("values left out (--min-confidence)", "values", rep.BelowConfidence, "min", rep.MinConfidence)
	}
	if rep.Refuted > 0 {
		m.Log.Info("values of refuted fields left out (abstained; --keep-refuted keeps them)", "values", rep.Refuted)
	}
	if rep.Dropped > 0 {
		m.Log.Warn("incomplete objects left out (--strict)", "objects", rep.Dropped)
	}
	if rep.Duplicates > 0 {
		m.Log.Info("copies of earlier pages left out (--keep-duplicates writes them)", "pages", rep.Duplicates)
	}
	for _, d := range objectrunner.Diagnose(rep) {
		if d.Kind == objectrunner.DiagLowFill || d.Kind == objectrunner.DiagSlowRegex && rep.Wrapper != nil {
			m.Log.Warn("diagnostic: "+d.Message, "kind", d.Kind)
		}
	}
	if rep.Wrapper != nil && rep.Processed < rep.Pages {
		m.Log.Warn("stopped early", "pages_done", rep.Processed, "of", rep.Pages)
	}
	for reason, ps := range rep.Empty {
		m.Log.Info("pages without objects", "reason", reason, "pages", len(ps), "e.g.", ps[0])
	}
	m.logUnfit(rep)
}

// logSample logs the pages left out of the sample and the sample itself.
func (m *Main) logSample(rep *objectrunner.Report) {
	if rep.Sample != nil {
		for i, sk := range rep.Sample.Skipped {
			if i == 5 {
				m.Log.Warn("more pages left out of the sample", "count", len(rep.Sample.Skipped)-5)
				break
			}
			m.Log.Warn("page left out of the sample", "page", sk.Path, "err", sk.Err)
		}
		m.Log.Info("sample", "pages", len(rep.Sample.Pages), "of", rep.Pages, "pool", rep.Sample.Pool, "types", strings.Join(rep.Sample.Order, ","), "time", rep.SampleTime.Round(time.Millisecond))
		if n := rep.Sample.NearDuplicates; n > 0 {
			m.Log.Info("copies left out of the sample", "pages", n)
		}
		if off := rep.Sample.OffTemplate; len(off) > 0 {
			m.Log.Warn("pages left out of the sample: they do not share the source's template", "pages", len(off), "e.g.", off[0])
		}
	}
}

// logUnfit logs, by reason, the pages that did not fit the wrapper, and
// the unreadable ones.
func (m *Main) logUnfit(rep *objectrunner.Report) {
	incomplete := "pages written incomplete"
	if rep.Dropped > 0 {
		incomplete = "incomplete pages (their incomplete objects left out: --strict)"
	}
	reasons := make([]string, 0, len(rep.Unfit))
	for r := range rep.Unfit {
		reasons = append(reasons, r)
	}
	sort.Slice(reasons, func(i, j int) bool { return len(rep.Unfit[reasons[i]]) > len(rep.Unfit[reasons[j]]) })
	for _, r := range reasons {
		ps := rep.Unfit[r]
		m.Log.Warn("pages do not fit the wrapper", "reason", r, "pages", len(ps), "e.g.", strings.Join(ps[:min(3, len(ps))], " "))
	}
	reasons = reasons[:0]
	for r := range rep.Incomplete {
		reasons = append(reasons, r)
	}
	sort.Slice(reasons, func(i, j int) bool { return len(rep.Incomplete[reasons[i]]) > len(rep.Incomplete[reasons[j]]) })
	for _, r := range reasons {
		ps := rep.Incomplete[r]
		m.Log.Warn(incomplete, "reason", r, "pages", len(ps), "e.g.", strings.Join(ps[:min(3, len(ps))], " "))
	}
	for i, f := range rep.Failed {
		if i == 5 {
			m.Log.Warn("more unreadable pages", "count", len(rep.Failed)-5)
			break
		}
		m.Log.Warn("unreadable page", "page", f.Path, "err", f.Err)
	}
	if len(rep.Replaced) > 0 {
		pages := slices.Sorted(maps.Keys(rep.Replaced))
		bytes := 0
		for _, n := range rep.Replaced {
			bytes += n
		}
		m.Log.Warn("pages decoded as UTF-8 with stray bytes that are not (replaced by U+FFFD; give --encoding if the source has another)",
			"pages", len(pages), "bytes", bytes, "e.g.", strings.Join(pages[:min(3, len(pages))], " "))
	}
	for i, f := range rep.SkippedDirs {
		if i == 5 {
			m.Log.Warn("more unreadable directories skipped", "count", len(rep.SkippedDirs)-5)
			break
		}
		m.Log.Warn("unreadable directory skipped", "dir", f.Path, "err", f.Err)
	}
}

func (m *Main) reportGrowth(g *objectrunner.Grower) {
	for class, r := range g.Reports {
		m.Log.Info("dictionary grown", "class", class, "new", r.New, "updated", r.Updated, "unchanged", r.Unchanged, "refused", len(r.Refused))
	}
}

func loadWrapper(path string) (*wrapper.Wrapper, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	w, err := wrapper.Load(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return w, nil
}

// saveWrapper writes w to path through a temporary file, so an existing
// wrapper is never left half-written.
func saveWrapper(path string, w *wrapper.Wrapper) error {
	f, err := createOutput(path)
	if err != nil {
		return err
	}
	if err := w.Save(f); err != nil {
		f.stop(false)
		return err
	}
	return f.commit()
}

// objectWriter writes objects in one of the output formats.
type objectWriter struct {
	w      io.Writer
	format string
	n      int
	csv    *csv.Writer
	cols   []csvColumn // csv: the top-level fields
}

// csvColumn is one top-level field of the CSV output; norm says it is
// followed by a FIELD.normalized column (its recognizer normalises).
type csvColumn struct {
	name string
	norm bool
}

// csvColumns returns the CSV columns of a run: the SOD's top-level fields
// (else the wrapper's), each entity field typed by a predefined recognizer
// (every one of which gives a canonical form) with a normalized column.
func csvColumns(cfg objectrunner.Config) []csvColumn {
	var cols []csvColumn
	switch {
	case cfg.SOD != nil:
		for _, f := range cfg.SOD.Root.Fields {
			t := f.Type
			norm := t.Kind == sod.Entity && t.Recognizer != nil && t.Recognizer.Kind == sod.Predefined
			cols = append(cols, csvColumn{f.Name, norm})
		}
	case cfg.Wrapper != nil:
		for _, f := range cfg.Wrapper.Fields() {
			if f.Parent == "" {
				cols = append(cols, csvColumn{f.Name, !f.Tuple && f.Predefined != ""})
			}
		}
	}
	return cols
}

// csvHeader is the CSV header: page, url, index, then each field and,
// where its recognizer normalises, FIELD.normalized.
func csvHeader(cols []csvColumn) []string {
	h := []string{"page", "url", "index"}
	for _, c := range cols {
		h = append(h, c.name)
		if c.norm {
			h = append(h, c.name+".normalized")
		}
	}
	return h
}

func newObjectWriter(w io.Writer, format string, cfg objectrunner.Config) (*objectWriter, error) {
	ow := &objectWriter{w: w, format: format}
	if format == "csv" {
		ow.cols = csvColumns(cfg)
		ow.csv = csv.NewWriter(w)
		if err := ow.csv.Write(csvHeader(ow.cols)); err != nil {
			return nil, err
		}
	}
	return ow, nil
}

func (ow *objectWriter) write(o *wrapper.Object) error {
	switch ow.format {
	case "csv":
		row := []string{o.Page, o.URL, strconv.Itoa(o.Index)}
		for _, c := range ow.cols {
			row = append(row, csvCell(o, c.name, false))
			if c.norm {
				row = append(row, csvCell(o, c.name, true))
			}
		}
		return ow.csv.Write(row)
	case "json":
		sep := ",\n"
		if ow.n == 0 {
			sep = "[\n"
		}
		ow.n++
		b, err := json.Marshal(o)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(ow.w, "%s%s", sep, b)
		return err
	}
	b, err := json.Marshal(o)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = ow.w.Write(b)
	return err
}

// csvCell renders one top-level field: set values joined by " | ", nested
// tuples as JSON. With norm, it renders the values' canonical forms
// instead ("" when none has one; a value without one keeps its place in a
// set).
func csvCell(o *wrapper.Object, name string, norm bool) string {
	for _, f := range o.Fields {
		if f.Name != name {
			continue
		}
		var parts []string
		has := false
		for _, v := range f.Values {
			switch {
			case f.Tuple:
				b, _ := json.Marshal(&wrapper.Object{Fields: v.Fields})
				parts = append(parts, string(b))
			case norm:
				parts = append(parts, v.Normalized)
				has = has || v.Normalized != ""
			default:
				parts = append(parts, v.Text)
			}
		}
		if norm && !has {
			return ""
		}
		return strings.Join(parts, " | ")
	}
	return ""
}

func (ow *objectWriter) close() error {
	switch ow.format {
	case "csv":
		ow.csv.Flush()
		return ow.csv.Error()
	case "json":
		if ow.n == 0 {
			_, err := io.WriteString(ow.w, "[]\n")
			return err
		}
		_, err := io.WriteString(ow.w, "\n]\n")
		return err
	}
	return nil
}
