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
	// of the source (sourcePagesFn).
	Duplicates int
	Filled     []int
	Conf       float64
	Seconds    float64
}

// TaskPages is what the pages of one PageTask gave, page by page: Sums[k]
// is the annotate.Page.Sum of page First+k (read with
// LoadOptions.StableSum, so that the sums of pages extracted by different
// workers compare; 0: the page could not be read), Pages[k] its counts,
// and Seconds the task's time. The TaskPages of a source, grouped by
// source, say which pages are copies of an earlier one (sourcePagesFn).
type TaskPages struct {
	First   int
	Sums    []int64
	Pages   []PageStats
	Seconds float64
}

// DropRec lists the pages of a source left out as copies of an earlier
// page (positions in the source's page list, ascending): a side input of
// the steps that write objects and values offered to growth.
type DropRec struct {
	Source int
	Pages  []int
}

// ObjectBatch is the objects extracted from one PageTask, as JSON lines
// in page order and order on the page: the shards are sorted by Source and
// First, which orders the lines as `objectrunner run` writes them. Pages
// gives each line's page (its position in the source's page list).
type ObjectBatch struct {
	Source int
	First  int
	Lines  []string
	Pages  []int
}

// ObsBatch is the values one PageTask offered to the dictionary growth of
// one class, as ObsRec JSON lines in page order and order on the page, and
// each line's page.
type ObsBatch struct {
	Source int
	First  int
	Lines  []string
	Pages  []int
}

// ObsRec is one value offered to dictionary growth
// (dictionaries.Observation as JSON), with its class and its place in the
// corpus, so the driver grows in the order `objectrunner run` does: one
// line of growth/CLASS.jsonl.
type ObsRec struct {
	Class  string
	Source int
	Page   int
	Seq    int
	JSON   string
}

func init() {
	for _, t := range []any{SourceTask{}, PageTask{}, WrapperRec{}, LearnRec{}, PageStats{}, TaskPages{}, DropRec{}, ObjectBatch{}, ObsBatch{}} {
		beam.RegisterType(reflect.TypeOf(t))
	}
}
