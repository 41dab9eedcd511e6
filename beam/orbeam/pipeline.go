package orbeam

import (
	"fmt"
	"path"
	"regexp"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/objectrunner/objectrunner/warc"
)

// Params are what every round of a corpus shares.
type Params struct {
	// SOD is the text of the SOD and SODFile the path it was loaded from
	// (recorded as provenance of grown entries): workers parse the text and
	// need no access to the file.
	SOD     []byte
	SODFile string
	// Fields are the SOD's top-level fields (the report's Fill columns).
	Fields []string
	// DictDir is the dictionary store the round reads, opened read-only by
	// every worker ("" when the SOD needs none).
	DictDir string
	// SampleK is the sample size, Encoding the page encoding ("" detects).
	SampleK  int
	Encoding string
	// Grow says to collect the values offered to growth, MinConfidence the
	// confidence they need.
	Grow          bool
	MinConfidence float64
	// Shards is the number of object files per source (default 1).
	Shards int
	// PagesPerTask bounds the pages extracted as one element (default
	// DefaultPagesPerTask; see TaskSize).
	PagesPerTask int
	// WARC selects the pages of WARC sources (warc.Filter, carried as
	// text: hosts, and the include and exclude expressions).
	WARC WARCFilter
	// NoPageReshuffle leaves out the reshuffle of the page tasks before
	// extraction. A runner that fuses steps (Flink, Spark, Dataflow)
	// needs it to spread a source's page tasks over its workers; Prism
	// does not need it (the wrappers' side input already ends the learning
	// stage, and Prism splits the extraction bundle over its workers), and
	// it costs Prism a stage and a grouping per round.
	NoPageReshuffle bool
}

// WARCFilter is a warc.Filter as the pipeline carries it to workers.
type WARCFilter struct {
	Hosts            []string
	Include, Exclude string
}

// Filter compiles f.
func (f WARCFilter) Filter() (warc.Filter, error) {
	out := warc.Filter{Hosts: f.Hosts}
	var err error
	if f.Include != "" {
		if out.Include, err = regexp.Compile(f.Include); err != nil {
			return out, fmt.Errorf("WARC URL filter: %w", err)
		}
	}
	if f.Exclude != "" {
		if out.Exclude, err = regexp.Compile(f.Exclude); err != nil {
			return out, fmt.Errorf("WARC URL exclusion: %w", err)
		}
	}
	return out, nil
}

// Round is one pipeline run: its number, its sources and the directory
// (a local path or a Beam file system path) that receives its outputs:
//
//	objects-NAME.jsonl            the objects of source NAME, sorted by page and order
//	                              (objects-NAME-SSSSS-of-NNNNN.jsonl with Params.Shards > 1)
//	report/NAME.json              the source's line of the report: {"source": i, "attempt": corpus.Attempt}
//	growth/NAME.jsonl             the values a successful source offered to growth (ObsRec lines)
//	deadletter/NAME.jsonl         the source's pages that failed, with the reason
//	wrappers/NAME.wrapper.json    the wrapper of each learned source
//
// and, written by the driver (Run) from these: report.jsonl and
// deadletter.jsonl (only when a page failed).
type Round struct {
	Number  int
	Sources []SourceTask
	Out     string
}

// Build adds one round to the pipeline at s: sources → learn each (keyed by
// source) → extract every page task with its source's wrapper as side
// input → the learning outcome and the tasks' outputs grouped by source,
// the round's only grouping by key besides the two reshuffles → per
// source: copies of a page left out, its objects, report line, growth
// values and dead letters written.
func Build(s beam.Scope, p Params, r Round) {
	names, dirs := map[int]string{}, map[int]string{}
	for _, t := range r.Sources {
		names[t.Index], dirs[t.Index] = t.Name, t.Dir
	}
	srcs := beam.CreateList(s, r.Sources)
	if len(r.Sources) > 1 {
		// Spread the sources over the workers (one source needs no
		// shuffle: a stage and a grouping less per round).
		srcs = beam.Reshuffle(s, srcs)
	}
	wrappers, pages, learned := beam.ParDo3(s.Scope("learn"), &learnFn{SOD: p.SOD, SODFile: p.SODFile, DictDir: p.DictDir,
		SampleK: p.SampleK, Encoding: p.Encoding, WrapperDir: path.Join(r.Out, "wrappers"), WARC: p.WARC, PagesPerTask: p.PagesPerTask}, srcs)
	if !p.NoPageReshuffle {
		pages = beam.Reshuffle(s, pages)
	}
	tasks := beam.ParDo(s.Scope("extract"), &extractFn{SOD: p.SOD, SODFile: p.SODFile, Encoding: p.Encoding,
		Grow: p.Grow, MinConfidence: p.MinConfidence, Dirs: dirs, Names: names}, pages, beam.SideInput{Input: wrappers})
	beam.ParDo0(s.Scope("per source"), &sourceFn{Dir: r.Out, Round: r.Number, Fields: p.Fields, Names: names, Shards: max(1, p.Shards), Grow: p.Grow},
		beam.GroupByKey(s, beam.Flatten(s, learned, tasks)))
}
