package wrapper

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

func benchPages(b *testing.B, n int) ([][]byte, []*annotate.Page) {
	shared := sharedDir(b)
	files, _ := filepath.Glob(filepath.Join(shared, "data", "swde", "book-booksamillion", "*.htm"))
	if len(files) < n {
		b.Skip("not enough SWDE pages")
	}
	an := newBookAnnotator(b, shared)
	var raw [][]byte
	var pages []*annotate.Page
	for _, fn := range files[:n] {
		src, err := os.ReadFile(fn)
		if err != nil {
			b.Fatal(err)
		}
		raw = append(raw, src)
		pages = append(pages, an.page(b, filepath.Base(fn), src))
	}
	return raw, pages
}

// BenchmarkParseFloor measures x/net/html Parse alone: the floor of any
// DOM-based extraction.
func BenchmarkParseFloor(b *testing.B) {
	raw, _ := benchPages(b, 50)
	total := 0
	for _, r := range raw {
		total += len(r)
	}
	b.SetBytes(int64(total))
	for b.Loop() {
		for _, r := range raw {
			if _, err := html.Parse(bytes.NewReader(r)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkInduce induces on the 20 best-annotated of 400 pages.
func BenchmarkInduce(b *testing.B) {
	_, pages := benchPages(b, 400)
	pages = bestSample(pages, 20)
	b.ResetTimer()
	for b.Loop() {
		if _, err := Induce(pages, bookSOD(), DefaultOptions()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExtract measures decode + parse + clean (annotate.ParsePage) +
// extract per page byte; annotation is not needed to extract.
func BenchmarkExtract(b *testing.B) {
	raw, pages := benchPages(b, 400)
	w, err := Induce(bestSample(pages, 20), bookSOD(), DefaultOptions())
	if err != nil {
		b.Fatal(err)
	}
	raw = raw[:50]
	names := make([]string, len(raw))
	for i := range raw {
		names[i] = pages[i].Path
	}
	pages = nil // the live sample would make every GC cycle slower
	runtime.GC()
	total := 0
	for _, r := range raw {
		total += len(r)
	}
	b.SetBytes(int64(total))
	b.ResetTimer()
	n := 0
	for b.Loop() {
		for i, r := range raw {
			p, err := annotate.ParsePage(r, names[i], annotate.LoadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			objs, _ := w.Extract(p)
			n += len(objs)
		}
	}
	if n == 0 {
		b.Fatal("no objects extracted")
	}
}

// BenchmarkExtractOnly measures Extract alone on pre-parsed, cleaned pages.
func BenchmarkExtractOnly(b *testing.B) {
	raw, pages := benchPages(b, 400)
	w, err := Induce(bestSample(pages, 20), bookSOD(), DefaultOptions())
	if err != nil {
		b.Fatal(err)
	}
	total := 0
	for _, r := range raw[:50] {
		total += len(r)
	}
	b.SetBytes(int64(total))
	b.ResetTimer()
	for b.Loop() {
		for _, p := range pages[:50] {
			if _, err := w.Extract(p); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkParsePage measures annotate.ParsePage (decode + parse + clean),
// the part of BenchmarkExtract that is not this package's.
func BenchmarkParsePage(b *testing.B) {
	raw, _ := benchPages(b, 50)
	total := 0
	for _, r := range raw {
		total += len(r)
	}
	b.SetBytes(int64(total))
	for b.Loop() {
		for _, r := range raw {
			if _, err := annotate.ParsePage(r, "p", annotate.LoadOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
