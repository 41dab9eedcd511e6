package orbeam

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// SourceTask is one source of a round: its position in the corpus (the
// order growth follows), its name and its page directory. Pages, when not
// nil, are the only pages of Dir that are the source's (one template of a
// mixed directory, corpus.SplitTemplates), named as the objects' Page.
type SourceTask struct {
	Index int
	Name  string
	Dir   string
	Pages []string
}

// PageTask is a run of consecutive pages of one source to extract: its
// source, the position of its first page in the source's page list, the
// source's root and the pages' paths under it. Pages of a WARC source have
// no root: Rels are their names in the source (HOST/PATH, warc.PageName),
// and Files, Offsets and URLs say where each page's response record is,
// which the worker reads alone (warc.ReadAt). A task holds several pages
// (Params.PagesPerTask at most) so that the per-element cost of the runner
// is paid per few dozen pages rather than per page.
type PageTask struct {
	Source  int
	First   int
	Root    string
	Rels    []string
	Files   []string
	Offsets []int64
	URLs    []string
}

// WrapperRec is the wrapper learned for a source, as wrapper.Save writes
// it: the side input of extraction.
type WrapperRec struct {
	Source int
	Data   []byte
}

// LearnRec is the outcome of learning a source's wrapper: Status is empty
// when a wrapper was learned, else corpus.Discarded or corpus.Failed with
// the Reason. Annotated is the JSON of corpus.Attempt.Annotated.
type LearnRec struct {
	Source    int
	Status    string
	Reason    string
	Pages     int
	Annotated string
	Seconds   float64
}

// PageStats are the counts of extraction, for one page or, combined, for a
// source. Filled counts, per top-level SOD field in order, the objects
// with a value for it; Conf sums repository.Confidence over the objects.
type PageStats struct {
	Pages            int
	Objects          int
	PagesWithObjects int
	Unfit            int
	Unreadable       int
	// Duplicates counts the pages left out as copies of an earlier page
	// of the source (sourceFn).
	Duplicates int
	Filled     []int
	Conf       float64
	Seconds    float64
}

// TaskOut is everything the pages of one PageTask gave, page by page:
// Sums[k] is the annotate.Page.Sum of page First+k (read with
// LoadOptions.StableSum, so that the sums of pages extracted by different
// workers compare; 0: the page could not be read) and Pages[k] its
// counts; Lines are the objects as JSON lines, in page order and order on
// the page, LinePages each line's page (its position in the source's page
// list); Obs the values offered to growth, per class; Dead the
// dead-letter records of the pages that failed; Seconds the task's time.
// The TaskOuts of a source, grouped by source with its LearnRec, give all
// of the source's outputs (sourceFn).
type TaskOut struct {
	First     int
	Sums      []int64
	Pages     []PageStats
	Lines     []string
	LinePages []int
	Obs       []ClassLines
	Dead      []string
	Seconds   float64
}

// ClassLines is the values one PageTask offered to the dictionary growth
// of one class, as ObsRec JSON lines in page order and order on the page,
// and each line's page.
type ClassLines struct {
	Class string
	Lines []string
	Pages []int
}

// SourceOut is one element of the round's only grouping, keyed by
// source: the source's learning outcome (Learn, one per source) or what
// one of its page tasks gave (Task).
type SourceOut struct {
	IsLearn bool
	Learn   LearnRec
	Task    TaskOut
}

// ObsRec is one value offered to dictionary growth
// (dictionaries.Observation as JSON), with its class and its place in the
// corpus, so the driver grows in the order `objectrunner run` does: one
// line of growth/NAME.jsonl.
type ObsRec struct {
	Class  string
	Source int
	Page   int
	Seq    int
	JSON   string
}

func init() {
	for _, t := range []any{SourceTask{}, PageTask{}, WrapperRec{}, LearnRec{}, PageStats{}, TaskOut{}, ClassLines{}, SourceOut{}} {
		beam.RegisterType(reflect.TypeOf(t))
	}
}
