package annotate

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/internal/cputime"
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

// readSource reads every page of the SWDE book source.
func readSource(b *testing.B) (root string, paths []string, datas [][]byte, size int64) {
	b.Helper()
	root = filepath.Join(sharedDir(b), "data", "swde", "book-booksamillion")
	paths, err := ListSource(root)
	if err != nil {
		b.Fatal(err)
	}
	datas = make([][]byte, len(paths))
	for i, p := range paths {
		if datas[i], err = os.ReadFile(p); err != nil {
			b.Fatal(err)
		}
		size += int64(len(datas[i]))
	}
	return root, paths, datas, size
}

// BenchmarkSourceInterleaved annotates the whole SWDE book source (2000
// pages) in one goroutine, one annotator for the run, pairing page by page:
// html.Parse of a page's bytes, then ParsePage+Annotate (every type) of the
// same bytes, each timed. "x-floor" is the ratio of the sums; pairing at
// the page cancels the drift of a shared machine best.
func BenchmarkSourceInterleaved(b *testing.B) {
	newAnnotator := swdeBook(b, sharedDir(b))
	_, _, datas, size := readSource(b)
	b.SetBytes(size)
	var work, floor time.Duration
	for b.Loop() {
		a := newAnnotator()
		for _, data := range datas {
			t0 := time.Now()
			if _, err := html.Parse(bytes.NewReader(data)); err != nil {
				b.Fatal(err)
			}
			t1 := time.Now()
			p, err := ParsePage(data, "p.htm", LoadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if err := a.Annotate(p); err != nil {
				b.Fatal(err)
			}
			floor += t1.Sub(t0)
			work += time.Since(t1)
		}
	}
	b.ReportMetric(floor.Seconds()/work.Seconds(), "x-floor")
}

// BenchmarkSourceRatios measures the whole SWDE book source (2000 pages) as
// the pipeline handles it, paired with the html.Parse floor of the same
// bytes in the same run, so that the ratios survive the drifting load of a
// shared machine:
//
//   - "annotate-x-floor", "annotate-cpu-x-floor": ReadPage+Annotate of every
//     page with GOMAXPROCS workers, against the mean of the read+parse floors
//     (same workers) run just before and just after; wall and process CPU.
//   - "sample-x-floor", "sample-cpu-x-floor": the same for Sample (k=20).
//
// Run with -benchtime=1x -count=N and take medians.
func BenchmarkSourceRatios(b *testing.B) {
	newAnnotator := swdeBook(b, sharedDir(b))
	root, paths, _, size := readSource(b)
	workers := runtime.GOMAXPROCS(0)
	floor := func() (time.Duration, time.Duration) {
		t0, c0 := time.Now(), cputime.Self()
		err := parallel(context.Background(), workers, paths, func(path string) error {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			_, err = html.Parse(bytes.NewReader(data))
			return err
		}, func(int, string, error) {})
		if err != nil {
			b.Fatal(err)
		}
		return time.Since(t0), cputime.Self() - c0
	}
	b.SetBytes(size)
	var ann, annFloor, annCPU, annFloorCPU, smp, smpFloor, smpCPU, smpFloorCPU time.Duration
	for b.Loop() {
		f1, c1 := floor()
		a := newAnnotator()
		t0, cpu0 := time.Now(), cputime.Self()
		err := parallel(context.Background(), workers, paths, func(path string) error {
			p, err := ReadPage(path, SourceRel(root, path), LoadOptions{})
			if err != nil {
				return err
			}
			return a.Annotate(p)
		}, func(int, string, error) {})
		if err != nil {
			b.Fatal(err)
		}
		ann += time.Since(t0)
		annCPU += cputime.Self() - cpu0
		f2, c2 := floor()
		annFloor += (f1 + f2) / 2
		annFloorCPU += (c1 + c2) / 2

		t0, cpu0 = time.Now(), cputime.Self()
		res, err := Sample(context.Background(), paths, root, newAnnotator(), SampleOptions{})
		if err != nil || len(res.Pages) != DefaultSampleSize {
			b.Fatalf("Sample: %v", err)
		}
		smp += time.Since(t0)
		smpCPU += cputime.Self() - cpu0
		f3, c3 := floor()
		smpFloor += (f2 + f3) / 2
		smpFloorCPU += (c2 + c3) / 2
	}
	ratio := func(f, w time.Duration) float64 { return f.Seconds() / w.Seconds() }
	b.ReportMetric(ratio(annFloor, ann), "annotate-x-floor")
	b.ReportMetric(ratio(annFloorCPU, annCPU), "annotate-cpu-x-floor")
	b.ReportMetric(ratio(smpFloor, smp), "sample-x-floor")
	b.ReportMetric(ratio(smpFloorCPU, smpCPU), "sample-cpu-x-floor")
}
