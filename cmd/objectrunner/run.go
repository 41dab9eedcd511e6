package main

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/corpus"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/internal/tmpfile"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/repository"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/warc"
	"github.com/objectrunner/objectrunner/wrapper"
)

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// runRun runs a corpus of sources for one SOD: rounds of --jobs sources in
// parallel, dictionary growth between rounds, a second try for sources
// discarded before growth, and a per-source report.
func (m *Main) runRun(ctx context.Context, args []string) error {
	fs := m.newFlagSet("run", "[SOURCE-DIR|WARC...]",
		"Run every source of a corpus for one SOD: annotate, learn a wrapper, extract, for\n"+
			"each source; the sources of a corpus directory (--corpus: one sub-directory per\n"+
			"source) or the sources given. A source directory with a pages/ sub-directory\n"+
			"takes its pages from there; a WARC source (a .warc or .warc.gz file, a quoted\n"+
			"glob, or files separated by commas) is named after its first file and its\n"+
			"HTML responses are its pages, those of --host and --url (and not --url-exclude)\n"+
			"when given.\n\n"+
			"Sources run in rounds of --jobs, in order (sorted by name for --corpus), the\n"+
			"sources of a round in parallel. After each round, confident values of dictionary\n"+
			"fields grow the dictionaries, so later rounds are annotated with them; sources\n"+
			"discarded before some growth (SOD not met) get a second try at the end.\n\n"+
			"Writes OUT/NAME.jsonl and OUT/NAME.wrapper.json per source (--out), indexes the\n"+
			"objects in a repository (--repo), and prints a report table on stderr (JSON with\n"+
			"--report). Exit status 1 when a source failed or none gave objects; a discarded\n"+
			"source is not an error.")
	sodPath := fs.String("sod", "", "SOD file (required)")
	corpusDir := fs.String("corpus", "", "corpus directory: one sub-directory per source")
	jobs := fs.Int("jobs", 2, "sources run in parallel (the size of a round)")
	out := fs.String("out", "", "directory for NAME.jsonl and NAME.wrapper.json per source")
	repo := fs.String("repo", "", "repository directory to index the objects in")
	report := fs.String("report", "", "write the report as JSON to this file")
	dictDir := fs.String("dict-dir", "", "dictionary store directory (default: the per-user store)")
	var imports stringList
	fs.Var(&imports, "import", "first import the word lists in this directory or file (CLASS.txt or CLASS.tsv); repeatable")
	noGrow := fs.Bool("no-grow", false, "do not grow the dictionaries between rounds")
	noRetry := fs.Bool("no-retry", false, "no second try for sources discarded before growth")
	minConf := fs.Float64("min-confidence", 0.7, "grow the dictionaries with values at least this confident")
	k := fs.Int("sample", annotate.DefaultSampleSize, "number of sample pages to learn from, per source")
	workers := fs.Int("workers", 0, "pages extracted in parallel per source (default: CPUs / jobs)")
	encoding := fs.String("encoding", "", "character encoding of the pages (default: detect)")
	warcFilter := warcFlags(fs)
	templates := fs.Bool("templates", false, "group each source's pages by template first (see 'objectrunner sources') and run every template\nof at least two pages as a source of its own, NAME~1, NAME~2, … largest first: the templates whose\npages hold the SOD's objects give them, the others are discarded with the reason")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case *sodPath == "":
		return usagef("--sod is required")
	case *corpusDir == "" && fs.NArg() == 0:
		return usagef("give --corpus DIR or source directories")
	case *corpusDir != "" && fs.NArg() > 0:
		return usagef("give --corpus DIR or source directories, not both")
	case *out == "" && *repo == "":
		return usagef("give --out DIR (JSON Lines and wrappers per source) and/or --repo DIR (a repository)")
	case *jobs < 1:
		return usagef("--jobs must be at least 1")
	case *k < 1:
		return usagef("--sample must be at least 1")
	}
	filter, err := warcFilter()
	if err != nil {
		return err
	}
	var sources []corpus.Source
	if *corpusDir != "" {
		sources, err = corpus.Discover(*corpusDir)
	} else {
		sources, err = corpus.Sources(fs.Args())
	}
	if err != nil {
		return err
	}
	s, err := sod.Load(*sodPath)
	if err != nil {
		return err
	}
	if *templates {
		n := len(sources)
		var left int
		if sources, left, err = corpus.SplitTemplates(sources, objectrunner.Config{Load: annotate.LoadOptions{Encoding: *encoding}, WARC: filter}); err != nil {
			return err
		}
		m.Log.Info("sources grouped by template", "sources", n, "templates", len(sources), "pages_left_out", left)
	}
	opt := corpus.Options{SOD: s, Jobs: *jobs, Out: *out, Repo: *repo, MinConfidence: *minConf, NoRetry: *noRetry, Log: m.Log}
	opt.Config.Sample.K = *k
	opt.Config.Workers = *workers
	opt.Config.Load = annotate.LoadOptions{Encoding: *encoding}
	opt.Config.WARC = filter
	iopt := wrapper.DefaultOptions()
	opt.Config.Induce = &iopt
	opt.Grow = !*noGrow && usesDictionaries(s)
	store, err := m.corpusStore(ctx, s, *dictDir, imports, opt.Grow)
	if err != nil {
		return err
	}
	if store != nil {
		defer store.Close()
	}
	opt.Store = store
	var dicts recognizers.Dictionaries
	if store != nil {
		dicts = store
	}
	if opt.Recognizers, err = recognizers.ForSOD(s, dicts); err != nil {
		return err
	}

	rep, runErr := corpus.Run(ctx, sources, opt)
	if rep != nil {
		if err := rep.WriteTable(m.Stderr); err != nil && runErr == nil {
			runErr = err
		}
		if *report != "" {
			if err := tmpfile.WriteFile(*report, rep.WriteJSON); err != nil {
				runErr = reportFailed(*report, err, runErr)
			}
		}
	}
	if runErr != nil {
		return runErr
	}
	return rep.Err()
}

// corpusStore opens the dictionary store a corpus run needs (none when
// the SOD has no dictionary type and nothing is imported): writable to grow
// or import, read-only otherwise; the word lists of imports are imported.
func (m *Main) corpusStore(ctx context.Context, s *sod.SOD, dictDir string, imports []string, grow bool) (*dictionaries.Store, error) {
	if !usesDictionaries(s) && len(imports) == 0 {
		return nil, nil
	}
	store, err := m.openStore(dictDir, !grow && len(imports) == 0)
	if err != nil {
		return nil, err
	}
	for _, dir := range imports {
		if err := m.importLists(ctx, store, dir); err != nil {
			store.Close()
			return nil, err
		}
	}
	return store, nil
}

// reportFailed is the error of a run whose --report FILE could not be
// written: the run's own error, if any, and why the report is missing —
// never one without the other, so that a run that failed for want of
// space also says that its report was not written.
func reportFailed(path string, err, runErr error) error {
	err = fmt.Errorf("the report %s was not written: %w", path, err)
	if runErr == nil {
		return err
	}
	return fmt.Errorf("%w; %v", runErr, err)
}

// indexer indexes the objects of one extract run in a repository; a nil
// indexer does nothing.
type indexer struct {
	w *repository.Writer
}

// newIndexer starts indexing source in repoDir ("" for none) under name
// (default: the source directory's name, or its parent's when it is called
// pages).
func newIndexer(repoDir, name string, s *sod.SOD, source string) (*indexer, error) {
	if repoDir == "" {
		return &indexer{}, nil
	}
	root := annotate.SourceRoot(source)
	if name == "" && warc.IsSource(source) {
		name = strings.TrimSuffix(strings.TrimSuffix(filepath.Base(strings.Split(source, ",")[0]), ".gz"), ".warc")
		name = strings.TrimRight(name, "*")
	}
	if name == "" {
		name = filepath.Base(filepath.Clean(root))
		if name == "pages" {
			name = filepath.Base(filepath.Dir(filepath.Clean(root)))
		}
	}
	w, err := repository.NewWriter(repoDir, s, name, root, repository.WriterOptions{SODText: s.Text})
	if err != nil {
		return nil, err
	}
	return &indexer{w: w}, nil
}

func (ix *indexer) add(o *wrapper.Object) error {
	if ix.w == nil {
		return nil
	}
	return ix.w.Add(o)
}

// finish commits the objects when the run succeeded, and drops them
// otherwise: the source keeps its previous objects.
func (ix *indexer) finish(ok bool, rep *objectrunner.Report, log *slog.Logger) error {
	if ix.w == nil {
		return nil
	}
	if !ok || rep == nil {
		return ix.w.Abort()
	}
	e, err := ix.w.Commit(rep.Pages)
	if err != nil {
		return err
	}
	log.Info("indexed", "source", e.Name, "sod", e.SOD, "objects", e.Objects)
	return nil
}
