package annotate

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/net/html"
)

// benchPages are the bytes of the first benchPageCount SWDE pages, read once.
const benchPageCount = 200

var benchData struct {
	pages [][]byte
	size  int64
}

func loadBenchPages(b *testing.B) [][]byte {
	b.Helper()
	shared := sharedDir(b)
	if benchData.pages == nil {
		paths, err := ListSource(filepath.Join(shared, "data", "swde", "book-booksamillion"))
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range paths[:min(benchPageCount, len(paths))] {
			data, err := os.ReadFile(p)
			if err != nil {
				b.Fatal(err)
			}
			benchData.pages = append(benchData.pages, data)
			benchData.size += int64(len(data))
		}
	}
	b.SetBytes(benchData.size)
	b.ReportAllocs()
	return benchData.pages
}

// BenchmarkParseFloor is html.Parse alone over the pages: the floor the
// other benchmarks are compared with (one op = all pages).
func BenchmarkParseFloor(b *testing.B) {
	pages := loadBenchPages(b)
	for b.Loop() {
		for _, data := range pages {
			doc, err := html.Parse(bytes.NewReader(data))
			if err != nil || doc.FirstChild == nil {
				b.Fatal("parse failed", err)
			}
		}
	}
}

// BenchmarkParseAndClean is ParsePage: decoding, parsing and Clean.
func BenchmarkParseAndClean(b *testing.B) {
	pages := loadBenchPages(b)
	for b.Loop() {
		for _, data := range pages {
			p, err := ParsePage(data, "p.htm", LoadOptions{})
			if err != nil || p.Doc.FirstChild == nil {
				b.Fatal("parse failed", err)
			}
		}
	}
}

// BenchmarkClean is Clean alone, on freshly parsed trees (parse time excluded).
func BenchmarkClean(b *testing.B) {
	pages := loadBenchPages(b)
	docs := make([]*html.Node, len(pages))
	for b.Loop() {
		b.StopTimer()
		for i, data := range pages {
			docs[i], _ = html.Parse(bytes.NewReader(data))
		}
		b.StartTimer()
		for _, d := range docs {
			Clean(d)
		}
	}
}

// BenchmarkAnnotate is ParsePage followed by Annotate with every type of the
// SWDE book SOD on the whole of every page, the book gazetteers loaded as
// in-memory dictionaries.Matcher (see loadGazetteers).
func BenchmarkAnnotate(b *testing.B) {
	pages := loadBenchPages(b)
	newAnnotator := swdeBook(b, sharedDir(b))
	b.ResetTimer()
	var n int
	for b.Loop() {
		n = 0
		a := newAnnotator() // a cold memo each time
		for _, data := range pages {
			p, err := ParsePage(data, "p.htm", LoadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if err := a.Annotate(p); err != nil {
				b.Fatal(err)
			}
			n += len(p.Annotations)
		}
	}
	if n < len(pages) {
		b.Fatalf("%d annotations on %d pages", n, len(pages))
	}
}

// BenchmarkSample is Algorithm 1 (Sample, k=20) over the same pages read from
// disk: probe, segmentation, type-by-type annotation of shrinking candidate
// sets. This is how the pipeline annotates a source. One worker, so that the
// ratio to html.Parse of the same pages, timed back to back in each
// iteration and reported as "x-floor", compares the same parallelism.
func BenchmarkSample(b *testing.B) {
	loadBenchPages(b)
	shared := sharedDir(b)
	newAnnotator := swdeBook(b, shared)
	root := filepath.Join(shared, "data", "swde", "book-booksamillion")
	paths, err := ListSource(root)
	if err != nil {
		b.Fatal(err)
	}
	paths = paths[:min(benchPageCount, len(paths))]
	pages := benchData.pages
	b.ResetTimer()
	var parse, sample time.Duration
	for b.Loop() {
		t0 := time.Now()
		for _, data := range pages {
			if _, err := html.Parse(bytes.NewReader(data)); err != nil {
				b.Fatal(err)
			}
		}
		t1 := time.Now()
		res, err := Sample(context.Background(), paths, root, newAnnotator(), SampleOptions{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Pages) != DefaultSampleSize {
			b.Fatalf("sample of %d pages", len(res.Pages))
		}
		parse += t1.Sub(t0)
		sample += time.Since(t1)
	}
	b.ReportMetric(float64(parse)/float64(sample), "x-floor")
}

// BenchmarkAnnotateRatio measures, back to back in every iteration, html.Parse
// alone and ParsePage+Annotate (fresh annotator) over the same pages, and
// reports their time ratio as "x-floor" (1 = as fast as parsing alone; the
// target is >= 0.5). Pairing the two makes the ratio robust to the load of a
// shared machine.
func BenchmarkAnnotateRatio(b *testing.B) {
	pages := loadBenchPages(b)
	newAnnotator := swdeBook(b, sharedDir(b))
	b.ResetTimer()
	var parse, annotate time.Duration
	for b.Loop() {
		t0 := time.Now()
		for _, data := range pages {
			if _, err := html.Parse(bytes.NewReader(data)); err != nil {
				b.Fatal(err)
			}
		}
		t1 := time.Now()
		a := newAnnotator()
		for _, data := range pages {
			p, err := ParsePage(data, "p.htm", LoadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if err := a.Annotate(p); err != nil {
				b.Fatal(err)
			}
		}
		parse += t1.Sub(t0)
		annotate += time.Since(t1)
	}
	b.ReportMetric(float64(parse)/float64(annotate), "x-floor")
}
