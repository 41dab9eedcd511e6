package objectrunner_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// stagePages is how many SWDE pages every stage benchmark runs over.
const stagePages = 200

// swdePages holds the paths and bytes of the first stagePages pages of the
// SWDE booksamillion source, read once per test binary.
var swdePages struct {
	once  sync.Once
	root  string
	paths []string // every page of the source, sorted
	raw   [][]byte // the first stagePages of them
	size  int64    // total bytes of raw
	err   error
}

// stageData returns the source root, all its page paths and the bytes of the
// first stagePages pages, skipping when ../shared is absent.
func stageData(tb testing.TB) (root string, paths []string, raw [][]byte, size int64) {
	tb.Helper()
	data := sharedData(tb)
	swdePages.once.Do(func() {
		swdePages.root = filepath.Join(data, "swde", "book-booksamillion")
		swdePages.paths, swdePages.err = annotate.ListSource(swdePages.root)
		if swdePages.err != nil {
			return
		}
		if len(swdePages.paths) < stagePages {
			swdePages.err = fmt.Errorf("%s: %d pages, want at least %d", swdePages.root, len(swdePages.paths), stagePages)
			return
		}
		for _, p := range swdePages.paths[:stagePages] {
			b, err := os.ReadFile(p)
			if err != nil {
				swdePages.err = err
				return
			}
			swdePages.raw = append(swdePages.raw, b)
			swdePages.size += int64(len(b))
		}
	})
	if swdePages.err != nil {
		tb.Fatal(swdePages.err)
	}
	return swdePages.root, swdePages.paths, swdePages.raw, swdePages.size
}

// bookRecognizers loads the SWDE book SOD of examples/ and its recognizers,
// with the book gazetteers (../shared/data/gazetteers/book/CLASS.txt) added
// to an in-memory dictionaries.Matcher: the structure a dictionary store
// serves recognizers from, built here without a Bleve import. Entries get
// the confidence `objectrunner dict import` gives a plain word list.
func bookRecognizers(tb testing.TB) (*sod.SOD, map[string]recognizers.Recognizer) {
	tb.Helper()
	s, err := sod.Load(filepath.Join("examples", "swde-book", "sod.toml"))
	if err != nil {
		tb.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(sharedData(tb), "gazetteers", "book", "*.txt"))
	if len(files) == 0 {
		tb.Fatal("no gazetteers under ../shared/data/gazetteers/book")
	}
	m := dictionaries.NewMatcher()
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		class := strings.TrimSuffix(filepath.Base(f), ".txt")
		for line := range strings.SplitSeq(string(b), "\n") {
			if line = strings.TrimSpace(line); line != "" {
				m.Add(class, line, 0.8)
			}
		}
	}
	recs, err := recognizers.ForSOD(s, m)
	if err != nil {
		tb.Fatal(err)
	}
	return s, recs
}

// parseFloor parses every page with x/net/html alone and returns the time
// it took: the floor of any DOM-based method.
func parseFloor(tb testing.TB, pages [][]byte) time.Duration {
	t0 := time.Now()
	for _, data := range pages {
		doc, err := html.Parse(bytes.NewReader(data))
		if err != nil || doc.FirstChild == nil {
			tb.Fatalf("html.Parse: %v", err)
		}
	}
	return time.Since(t0)
}

// tokenizerFloor reads every page with x/net/html's Tokenizer alone (Next
// until the end, nothing kept) and returns the time it took: the floor of
// any method that reads the tokens of x/net/html without building a tree.
func tokenizerFloor(tb testing.TB, pages [][]byte) time.Duration {
	t0 := time.Now()
	for _, data := range pages {
		z := html.NewTokenizer(bytes.NewReader(data))
		n := 0
		for z.Next() != html.ErrorToken {
			n++
		}
		if n == 0 {
			tb.Fatal("html.Tokenizer: no token")
		}
	}
	return time.Since(t0)
}

// floorTimer times a stage against two floors in the same benchmark: the
// html.Parse floor and the Tokenizer-only floor. The stage runs under the
// benchmark timer (so b.SetBytes gives its MB/s), the floors run with the
// timer stopped, interleaved with it at a fine grain so all three see the
// same load on a machine whose speed drifts.
type floorTimer struct {
	b                 *testing.B
	floor, tok, stage time.Duration
	floorSize         int64
	runs              int
}

// newFloorTimer sets up b to report size bytes per op.
func newFloorTimer(b *testing.B, size int64) *floorTimer {
	b.Helper()
	b.SetBytes(size)
	b.ReportAllocs()
	return &floorTimer{b: b, floorSize: size}
}

// floors times both floors on pages with the benchmark timer stopped, in
// alternating order.
func (ft *floorTimer) floors(pages ...[]byte) {
	ft.b.StopTimer()
	if ft.runs++; ft.runs%2 == 0 {
		ft.floor += parseFloor(ft.b, pages)
		ft.tok += tokenizerFloor(ft.b, pages)
	} else {
		ft.tok += tokenizerFloor(ft.b, pages)
		ft.floor += parseFloor(ft.b, pages)
	}
	ft.b.StartTimer()
}

// timed runs f under both the benchmark timer and the stage clock.
func (ft *floorTimer) timed(f func()) {
	t0 := time.Now()
	f()
	ft.stage += time.Since(t0)
}

// report adds the metrics:
//
//	x-floor     html.Parse time / stage time over the same bytes, from the
//	            same iterations: 1 = as fast as parsing alone, 2 = twice as fast
//	x-tokfloor  Tokenizer-only time / stage time, likewise
//	floor-MB/s  the parse floor's own speed in those iterations
func (ft *floorTimer) report() {
	ft.b.ReportMetric(float64(ft.floor)/float64(ft.stage), "x-floor")
	ft.b.ReportMetric(float64(ft.tok)/float64(ft.stage), "x-tokfloor")
	ft.b.ReportMetric(float64(ft.floorSize)*float64(ft.b.N)/1e6/ft.floor.Seconds(), "floor-MB/s")
}

// perPage benchmarks a stage that handles pages one by one: each op runs
// begin (timed; may be nil) and then, for every page i, page(i) and the
// floors of pages[i], in alternating order.
func perPage(b *testing.B, pages [][]byte, size int64, begin func(), page func(i int)) {
	b.Helper()
	ft := newFloorTimer(b, size)
	op := 0
	for b.Loop() {
		if begin != nil {
			ft.timed(begin)
		}
		for i := range pages {
			if (i+op)%2 == 0 {
				ft.floors(pages[i])
			}
			ft.timed(func() { page(i) })
			if (i+op)%2 == 1 {
				ft.floors(pages[i])
			}
		}
		op++
	}
	ft.report()
}

// whole benchmarks a stage that handles all pages at once (induction): each
// op runs stage and the floors of every page, in alternating order.
func whole(b *testing.B, pages [][]byte, size int64, stage func()) {
	b.Helper()
	ft := newFloorTimer(b, size)
	op := 0
	for b.Loop() {
		if op%2 == 0 {
			ft.floors(pages...)
		}
		ft.timed(stage)
		if op%2 == 1 {
			ft.floors(pages...)
		}
		op++
	}
	ft.report()
}

// BenchmarkStages measures each stage of the pipeline over the same
// in-memory SWDE pages (the first 200 of book-booksamillion, the SWDE book
// SOD, the book gazetteers in an in-memory matcher), each against the
// html.Parse floor and the Tokenizer-only floor timed in the same
// iterations (see floorTimer):
//
//	parse        html.Parse alone: the floor itself (x-floor ≈ 1 checks the pairing)
//	tokenize     x/net/html's Tokenizer alone: the other floor (x-tokfloor ≈ 1)
//	clean-dom    annotate.ParsePageDOM: decoding, html.Parse, Clean (the tree path)
//	clean        annotate.ParsePage: decoding, the stream building the cleaned tree
//	annotate     ParsePage + Annotate with every SOD type on the whole page
//	             (fresh annotator: cold recognizer memo)
//	induce       wrapper.Induce on the 20-page sample annotate.Sample picks from
//	             the 200 pages (bytes and floors: the sample's pages)
//	extract-dom  ParsePageDOM + (*wrapper.Wrapper).Extract: extraction by the tree path
//	extract      (*wrapper.Wrapper).ExtractBytes: extraction in one pass (what
//	             `objectrunner extract` does), the same objects
//
// Run with: go test -run '^$' -bench Stages -count 6 . | tee stages.txt
func BenchmarkStages(b *testing.B) {
	root, paths, raw, size := stageData(b)
	paths = paths[:len(raw)]
	rels := make([]string, len(paths))
	for i, p := range paths {
		rels[i] = annotate.SourceRel(root, p)
	}
	s, recs := bookRecognizers(b)
	newAnnotator := func() *annotate.Annotator {
		a, err := annotate.NewAnnotator(s, recs, annotate.Options{})
		if err != nil {
			b.Fatal(err)
		}
		return a
	}

	// The sample and the wrapper, once, outside every timer.
	res, err := annotate.Sample(context.Background(), paths, root, newAnnotator(), annotate.SampleOptions{})
	if err != nil {
		b.Fatal(err)
	}
	if res.Discarded != nil {
		b.Fatal(res.Discarded)
	}
	byRel := map[string][]byte{}
	for i, r := range rels {
		byRel[r] = raw[i]
	}
	var sampleRaw [][]byte
	var sampleSize int64
	for _, p := range res.Pages {
		data, ok := byRel[p.Path]
		if !ok {
			b.Fatalf("sample page %s is not one of the benchmark's pages", p.Path)
		}
		sampleRaw = append(sampleRaw, data)
		sampleSize += int64(len(data))
	}
	w, err := wrapper.Induce(res.Pages, s, wrapper.DefaultOptions())
	if err != nil {
		b.Fatal(err)
	}

	b.Run("parse", func(b *testing.B) {
		perPage(b, raw, size, nil, func(i int) {
			doc, err := html.Parse(bytes.NewReader(raw[i]))
			if err != nil || doc.FirstChild == nil {
				b.Fatalf("%s: html.Parse: %v", rels[i], err)
			}
		})
	})

	b.Run("tokenize", func(b *testing.B) {
		perPage(b, raw, size, nil, func(i int) {
			z := html.NewTokenizer(bytes.NewReader(raw[i]))
			n := 0
			for z.Next() != html.ErrorToken {
				n++
			}
			if n == 0 {
				b.Fatalf("%s: no token", rels[i])
			}
		})
	})

	b.Run("clean-dom", func(b *testing.B) {
		perPage(b, raw, size, nil, func(i int) {
			p, err := annotate.ParsePageDOM(raw[i], rels[i], annotate.LoadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if p.Doc == nil || p.Doc.FirstChild == nil {
				b.Fatalf("%s: empty document", rels[i])
			}
		})
	})

	b.Run("clean", func(b *testing.B) {
		perPage(b, raw, size, nil, func(i int) {
			p, err := annotate.ParsePage(raw[i], rels[i], annotate.LoadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if p.Doc == nil || p.Doc.FirstChild == nil {
				b.Fatalf("%s: empty document", rels[i])
			}
			p.Release()
		})
	})

	b.Run("annotate", func(b *testing.B) {
		var a *annotate.Annotator
		types := map[string]int{}
		perPage(b, raw, size, func() {
			a = newAnnotator() // a cold recognizer memo for every op
			clear(types)
		}, func(i int) {
			p, err := annotate.ParsePage(raw[i], rels[i], annotate.LoadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if err := a.Annotate(p); err != nil {
				b.Fatal(err)
			}
			for _, an := range p.Annotations {
				types[an.Type]++
			}
		})
		// Every entity type of the SOD must be found.
		for _, t := range s.Entities() {
			if types[t.Name] == 0 {
				b.Fatalf("type %s: no annotation on %d pages", t.Name, len(raw))
			}
		}
	})

	b.Run("induce", func(b *testing.B) {
		var got *wrapper.Wrapper
		whole(b, sampleRaw, sampleSize, func() {
			var err error
			if got, err = wrapper.Induce(res.Pages, s, wrapper.DefaultOptions()); err != nil {
				b.Fatal(err)
			}
		})
		if len(got.Slots()) == 0 {
			b.Fatal("induced a wrapper without slots")
		}
		b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/op")
	})

	// checkBooks fails unless nearly every page fits and gives a book.
	checkBooks := func(b *testing.B, books, unfit int) {
		b.Helper()
		if books < len(raw)*9/10 || unfit > len(raw)/10 {
			b.Fatalf("%d books with title and ISBN from %d pages, %d unfit", books, len(raw), unfit)
		}
		b.ReportMetric(float64(len(raw))*float64(b.N)/b.Elapsed().Seconds(), "pages/s")
	}
	count := func(objs []*wrapper.Object, err error, books, unfit *int) {
		if err != nil {
			*unfit++
		}
		for _, o := range objs {
			if len(o.Get("title")) > 0 && len(o.Get("isbn_13")) > 0 {
				*books++
			}
		}
	}

	b.Run("extract-dom", func(b *testing.B) {
		books, unfit := 0, 0
		perPage(b, raw, size, func() { books, unfit = 0, 0 }, func(i int) {
			p, err := annotate.ParsePageDOM(raw[i], rels[i], annotate.LoadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			objs, err := w.Extract(p)
			count(objs, err, &books, &unfit)
		})
		checkBooks(b, books, unfit)
	})

	b.Run("extract", func(b *testing.B) {
		books, unfit := 0, 0
		perPage(b, raw, size, func() { books, unfit = 0, 0 }, func(i int) {
			objs, err := w.ExtractBytes(raw[i], rels[i], annotate.LoadOptions{})
			count(objs, err, &books, &unfit)
		})
		checkBooks(b, books, unfit)
	})
}
