// Command objectrunner-beam runs a corpus of sources for one SOD as Apache
// Beam pipelines (package orbeam): the same objects and report as
// `objectrunner run`, on Prism (in-process, the default) or on a cluster
// with --runner flink, spark or dataflow and Beam's standard flags. See
// beam/README.md.
//
//	objectrunner-beam --sod SOD --corpus DIR --out OUT [--dict-dir DIR] [--jobs N] [--report FILE]
//	objectrunner-beam --sod SOD --out OUT SOURCE-DIR...
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/beam/orbeam"
	"github.com/objectrunner/objectrunner/corpus"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/internal/tmpfile"
)

func main() {
	sodPath := flag.String("sod", "", "SOD file (required)")
	corpusDir := flag.String("corpus", "", "corpus directory: one sub-directory per source")
	out := flag.String("out", "", "output directory (local or a Beam file system path such as gs://bucket/run): round-RRR/ per round")
	report := flag.String("report", "", "write the run report as JSON to this local file")
	dictDir := flag.String("dict-dir", "", "dictionary store every worker can read (default: the per-user store)")
	jobs := flag.Int("jobs", 2, "sources per round (growth happens between rounds, as in `objectrunner run --jobs`)")
	noGrow := flag.Bool("no-grow", false, "do not grow the dictionaries between rounds")
	noRetry := flag.Bool("no-retry", false, "no second try for sources discarded before growth")
	minConf := flag.Float64("min-confidence", 0.7, "grow the dictionaries with values at least this confident")
	k := flag.Int("sample", annotate.DefaultSampleSize, "number of sample pages to learn from, per source")
	encoding := flag.String("encoding", "", "character encoding of the pages (default: detect)")
	shards := flag.Int("shards", 1, "object files per source and round")
	hosts := flag.String("host", "", "WARC sources: only pages of these hosts (comma-separated) and their subdomains")
	include := flag.String("url", "", "WARC sources: only pages whose URL matches this regular expression (RE2)")
	exclude := flag.String("url-exclude", "", "WARC sources: leave out pages whose URL matches this regular expression")
	perTask := flag.Int("pages-per-task", orbeam.DefaultPagesPerTask, "pages extracted as one pipeline element at most (a source gives at least about 8 elements)")
	templates := flag.Bool("templates", false, "group each source's pages by template first (see 'objectrunner sources') and run every template\nof at least two pages as a source of its own, NAME~1, NAME~2, … largest first (as 'objectrunner run --templates'; the driver groups them)")
	reshuffle := flag.String("reshuffle-pages", "auto", "reshuffle the page tasks before extraction: true, false, or auto (true except on Prism,\nwhich needs no reshuffle to spread them over its workers)")
	gogc := flag.Int("gogc", defaultGOGC, "garbage collector target percentage (as GOGC; the GOGC environment variable, when set, wins)")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of this process (the driver and, on Prism, the pipeline) to this file")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: objectrunner-beam --sod SOD (--corpus DIR | SOURCE-DIR|WARC...) --out OUT [flags]\n\n"+
			"Runs every source of a corpus as `objectrunner run` does, as Apache Beam pipelines\n"+
			"(one per round of --jobs sources). --runner prism (default) runs in this process;\n"+
			"--runner flink|spark|dataflow submit to a cluster (see beam/README.md).\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(*gogc)
	}
	beam.Init()
	noShuffle, err := noPageReshuffle(*reshuffle)
	if err != nil {
		fmt.Fprintln(os.Stderr, "objectrunner-beam:", err)
		os.Exit(2)
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "objectrunner-beam:", err)
			os.Exit(1)
		}
	}
	filter := orbeam.WARCFilter{Include: *include, Exclude: *exclude}
	for _, h := range strings.Split(*hosts, ",") {
		if h = strings.TrimSpace(h); h != "" {
			filter.Hosts = append(filter.Hosts, h)
		}
	}
	err = run(*sodPath, *corpusDir, *out, *report, *dictDir, *jobs, !*noGrow, *noRetry, *minConf, *k, *encoding, *shards, *perTask, *templates, noShuffle, filter)
	if *cpuProfile != "" {
		pprof.StopCPUProfile()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "objectrunner-beam:", err)
		os.Exit(1)
	}
}

func run(sodPath, corpusDir, out, report, dictDir string, jobs int, grow, noRetry bool, minConf float64, k int, encoding string, shards, perTask int, templates, noShuffle bool, filter orbeam.WARCFilter) error {
	switch {
	case sodPath == "":
		return fmt.Errorf("--sod is required")
	case out == "":
		return fmt.Errorf("--out is required")
	case corpusDir == "" && flag.NArg() == 0:
		return fmt.Errorf("give --corpus DIR or source directories")
	case corpusDir != "" && flag.NArg() > 0:
		return fmt.Errorf("give --corpus DIR or source directories, not both")
	case jobs < 1 || k < 1 || shards < 1 || perTask < 1:
		return fmt.Errorf("--jobs, --sample, --shards and --pages-per-task must be at least 1")
	}
	var sources []corpus.Source
	var err error
	if corpusDir != "" {
		sources, err = corpus.Discover(corpusDir)
	} else {
		sources, err = corpus.Sources(flag.Args())
	}
	if err != nil {
		return err
	}
	if templates {
		wf, err := filter.Filter()
		if err != nil {
			return err
		}
		n := len(sources)
		var left int
		if sources, left, err = corpus.SplitTemplates(sources, objectrunner.Config{Load: annotate.LoadOptions{Encoding: encoding}, WARC: wf}); err != nil {
			return err
		}
		slog.Info("sources grouped by template", "sources", n, "templates", len(sources), "pages_left_out", left)
	}
	if dictDir == "" {
		if dictDir, err = dictionaries.DefaultDir(); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	rep, runErr := orbeam.Run(ctx, sources, orbeam.Options{SOD: sodPath, DictDir: dictDir, Grow: grow, NoRetry: noRetry,
		MinConfidence: minConf, Jobs: jobs, SampleK: k, Encoding: encoding, Out: out, Shards: shards, PagesPerTask: perTask, NoPageReshuffle: noShuffle, WARC: filter, Log: log,
		Execute: func(ctx context.Context, p *beam.Pipeline) error { return beamx.Run(ctx, p) }})
	if rep != nil && complete(rep) {
		if err := rep.WriteTable(os.Stderr); err != nil && runErr == nil {
			runErr = err
		}
		if report != "" {
			if err := tmpfile.WriteFile(report, rep.WriteJSON); err != nil && runErr == nil {
				runErr = err
			}
		}
	}
	if runErr != nil {
		return runErr
	}
	return rep.Err()
}

// complete reports whether every source of rep has an attempt (a round
// whose pipeline failed leaves the sources of it and later rounds
// without one, and the report table needs one per source).
func complete(rep *corpus.Report) bool {
	for _, s := range rep.Sources {
		if len(s.Attempts) == 0 {
			return false
		}
	}
	return true
}

// defaultGOGC is the garbage collector's target percentage of the command
// (Go's default is 100). The process holds Prism, the SDK harness and
// gRPC beside the work of `objectrunner run`, and collects garbage more
// often than `run` for the same pages; 200 trades some memory (about a
// third more peak RSS on the measured corpora) for less collection CPU.
const defaultGOGC = 200

// noPageReshuffle says whether to leave out the reshuffle of the page
// tasks (--reshuffle-pages): auto leaves it out on Prism (--runner prism,
// the default, or its other name PrismRunner) only.
func noPageReshuffle(v string) (bool, error) {
	switch v {
	case "true":
		return false, nil
	case "false":
		return true, nil
	case "auto":
		r := ""
		if f := flag.Lookup("runner"); f != nil {
			r = f.Value.String()
		}
		return r == "" || r == "prism" || r == "PrismRunner", nil
	}
	return false, fmt.Errorf("--reshuffle-pages %q: want true, false or auto", v)
}
