package orbeam

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// SourceTask is one source of a round: its position in the corpus (the
// order growth follows), its name and its page directory.
type SourceTask struct {
	Index int
	Name  string
	Dir   string
}

// PageTask is one page to extract: its source, its position in the
// source's page list, the source's root and the page's path under it. A
// page of a WARC source has no root: Rel is its name in the source
// (HOST/PATH, warc.PageName), and File, Offset and URL say where its
// response record is, which the worker reads alone (warc.ReadAt).
type PageTask struct {
	Source int
	Page   int
	Root   string
	Rel    string
	File   string
	Offset int64
	URL    string
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
	Filled           []int
	Conf             float64
	Seconds          float64
}

// ObjectLine is one extracted object as a JSON line, with its place in the
// corpus (source, page, order on the page) that the shards are sorted by.
type ObjectLine struct {
	Source int
	Page   int
	Seq    int
	JSON   string
}

// ObsRec is one value offered to dictionary growth
// (dictionaries.Observation as JSON), with its class and its place in the
// corpus, so the driver grows in the order `objectrunner run` does.
type ObsRec struct {
	Class  string
	Source int
	Page   int
	Seq    int
	JSON   string
}

func init() {
	for _, t := range []any{SourceTask{}, PageTask{}, WrapperRec{}, LearnRec{}, PageStats{}, ObjectLine{}, ObsRec{}} {
		beam.RegisterType(reflect.TypeOf(t))
	}
}
