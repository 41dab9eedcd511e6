package warc

import (
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

// benchPages is a source of real-sized pages: examples/bookdetail-a.
var benchPages = filepath.Join("..", "examples", "bookdetail-a", "pages")

// BenchmarkReadDir reads every page of the directory (one op: all pages).
func BenchmarkReadDir(b *testing.B) {
	fsys := os.DirFS(benchPages)
	names, err := fs.Glob(fsys, "*.html")
	if err != nil || len(names) == 0 {
		b.Skip("examples missing")
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, n := range names {
			if _, err := fs.ReadFile(fsys, n); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(names)*b.N)/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkReadWARC reads the same pages from a .warc.gz file, indexing
// it first (one op: index and read all pages).
func BenchmarkReadWARC(b *testing.B) {
	ents, err := os.ReadDir(benchPages)
	if err != nil || len(ents) == 0 {
		b.Skip("examples missing")
	}
	path := filepath.Join(b.TempDir(), "pages.warc.gz")
	w, err := Create(path, WriterOptions{})
	if err != nil {
		b.Fatal(err)
	}
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(benchPages, e.Name()))
		if err != nil {
			b.Fatal(err)
		}
		if err := w.WriteExchange(&Exchange{URL: "http://ex.test/" + e.Name(), Status: 200, Header: http.Header{"Content-Type": {"text/html"}}, Body: data}); err != nil {
			b.Fatal(err)
		}
	}
	w.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		fsys, err := Open(path, Filter{})
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range fsys.Entries() {
			if _, err := fsys.ReadFile(e.Name); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(ents)*b.N)/b.Elapsed().Seconds(), "pages/s")
}
