package warc

import (
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/objectrunner/objectrunner/internal/cputime"
)

// benchPages returns the directory and file names of the pages the read
// benchmarks use: SWDE's booksamillion (2,000 real pages, 80 MB) when
// ../shared is there, else examples/bookdetail-a (82 pages).
func benchPages(b *testing.B) (string, []string) {
	for _, dir := range []string{filepath.Join("..", "..", "shared", "data", "swde", "book-booksamillion"), filepath.Join("..", "examples", "bookdetail-a", "pages")} {
		names, err := fs.Glob(os.DirFS(dir), "*.htm*")
		if err == nil && len(names) > 0 {
			sort.Strings(names)
			return dir, names
		}
	}
	b.Skip("no pages: examples missing")
	return "", nil
}

// pagesBytes is the total size of the pages.
func pagesBytes(b *testing.B, dir string, names []string) int64 {
	var n int64
	for _, name := range names {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			b.Fatal(err)
		}
		n += st.Size()
	}
	return n
}

// reportRead reports pages/s and CPU µs per page (CPU of the process:
// on a shared machine the steadier figure).
func reportRead(b *testing.B, pages int, cpu0 int64) {
	b.ReportMetric(float64(pages*b.N)/b.Elapsed().Seconds(), "pages/s")
	b.ReportMetric(float64(cputime.Self().Nanoseconds()-cpu0)/1e3/float64(pages*b.N), "cpu-µs/page")
}

// BenchmarkReadDir reads every page of the directory (one op: all pages).
//
//	go test -run '^$' -bench Read -count 3 ./warc
func BenchmarkReadDir(b *testing.B) {
	dir, names := benchPages(b)
	fsys := os.DirFS(dir)
	b.SetBytes(pagesBytes(b, dir, names))
	cpu0 := cputime.Self().Nanoseconds()
	b.ResetTimer()
	for range b.N {
		for _, n := range names {
			if _, err := fs.ReadFile(fsys, n); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.StopTimer()
	reportRead(b, len(names), cpu0)
}

// BenchmarkReadWARC reads the same pages from a .warc.gz file as a crawl
// writes it (request, response and metadata records per page), indexing
// it first (one op: open, index and read all pages).
func BenchmarkReadWARC(b *testing.B) {
	dir, names := benchPages(b)
	path := filepath.Join(b.TempDir(), "pages.warc.gz")
	w, err := Create(path, WriterOptions{})
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			b.Fatal(err)
		}
		if err := w.WriteExchange(&Exchange{URL: "http://ex.test/" + n, Status: 200, Header: http.Header{"Content-Type": {"text/html"}},
			Body: data, Metadata: map[string]string{"depth": "1"}}); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(pagesBytes(b, dir, names))
	cpu0 := cputime.Self().Nanoseconds()
	b.ResetTimer()
	for range b.N {
		fsys, err := Open(path, Filter{})
		if err != nil {
			b.Fatal(err)
		}
		if len(fsys.Entries()) != len(names) {
			b.Fatalf("%d pages in the WARC file, want %d", len(fsys.Entries()), len(names))
		}
		for _, e := range fsys.Entries() {
			if _, err := fsys.ReadFile(e.Name); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.StopTimer()
	reportRead(b, len(names), cpu0)
}
