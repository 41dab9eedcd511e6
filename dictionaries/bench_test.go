package dictionaries

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/internal/cputime"
)

// sharedDir locates ../shared beside the repository, skipping when absent.
func sharedDir(tb testing.TB) string {
	tb.Helper()
	d := filepath.Join("..", "..", "shared")
	if _, err := os.Stat(filepath.Join(d, "data")); err != nil {
		tb.Skip("dictionaries: ../shared not found (the shared data sits beside the repository)")
	}
	return d
}

// gazetteers returns the shared gazetteer files keyed by class
// ("<domain>.<name>").
func gazetteers(tb testing.TB) map[string]string {
	files, err := filepath.Glob(filepath.Join(sharedDir(tb), "data", "gazetteers", "*", "*.txt"))
	if err != nil || len(files) == 0 {
		tb.Skip("dictionaries: no gazetteers under ../shared/data/gazetteers")
	}
	out := map[string]string{}
	for _, f := range files {
		class := filepath.Base(filepath.Dir(f)) + "." + strings.TrimSuffix(filepath.Base(f), ".txt")
		out[class] = f
	}
	return out
}

// importGazetteers imports every shared gazetteer into s and returns the
// number of entry lines read.
func importGazetteers(tb testing.TB, s *Store) int {
	lines := 0
	for class, f := range gazetteers(tb) {
		rep, err := s.ImportFile(context.Background(), class, f, ImportOptions{})
		if err != nil {
			tb.Fatal(err)
		}
		lines += rep.Lines - rep.Skipped
	}
	return lines
}

// pageTexts returns the raw bytes and the visible text of up to n SWDE pages.
func pageTexts(tb testing.TB, n int) (raw [][]byte, texts []string) {
	dir := filepath.Join(sharedDir(tb), "data", "swde", "book-booksamillion")
	files, _ := filepath.Glob(filepath.Join(dir, "*.htm"))
	if len(files) == 0 {
		tb.Skip("dictionaries: no SWDE pages under ../shared/data/swde")
	}
	for _, f := range files[:min(n, len(files))] {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		raw = append(raw, b)
		texts = append(texts, visibleText(b))
	}
	return raw, texts
}

// visibleText returns the text nodes of an HTML page outside script and
// style, one per line.
func visibleText(page []byte) string {
	z := html.NewTokenizer(bytes.NewReader(page))
	var b strings.Builder
	skip := 0
	for {
		switch z.Next() {
		case html.ErrorToken:
			return b.String()
		case html.StartTagToken:
			if n, _ := z.TagName(); string(n) == "script" || string(n) == "style" {
				skip++
			}
		case html.EndTagToken:
			if n, _ := z.TagName(); (string(n) == "script" || string(n) == "style") && skip > 0 {
				skip--
			}
		case html.TextToken:
			if skip == 0 {
				if t := strings.TrimSpace(string(z.Text())); t != "" {
					b.WriteString(t)
					b.WriteByte('\n')
				}
			}
		}
	}
}

// BenchmarkImport measures import throughput (entries/s) into an empty
// store: every shared gazetteer, and one generated class of 1,000,000
// entries (run once per benchmark invocation; skipped with -short).
func BenchmarkImport(b *testing.B) {
	b.Run("gazetteers", func(b *testing.B) {
		gazetteers(b)
		entries := 0
		var elapsed, cpu time.Duration
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			s, err := Open(b.TempDir(), nil)
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			t0, c0 := time.Now(), cputime.Self()
			entries += importGazetteers(b, s)
			elapsed += time.Since(t0)
			cpu += cputime.Self() - c0
			b.StopTimer()
			s.Close()
			b.StartTimer()
		}
		b.ReportMetric(float64(entries)/elapsed.Seconds(), "entries/s")
		if cpu > 0 {
			b.ReportMetric(float64(entries)/cpu.Seconds(), "entries/cpu-s")
		}
	})
	b.Run("generated-1M", func(b *testing.B) {
		if testing.Short() {
			b.Skip("1,000,000-entry import skipped with -short")
		}
		const n = 1_000_000
		var buf bytes.Buffer
		for i := 0; i < n; i++ {
			fmt.Fprintf(&buf, "Generated Name %d of House %x\n", i, i*7919)
		}
		data := buf.Bytes()
		b.ResetTimer()
		var elapsed, cpu time.Duration
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			s, err := Open(b.TempDir(), &Options{BatchSize: 20000})
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			t0, c0 := time.Now(), cputime.Self()
			rep, err := s.Import(context.Background(), "generated", bytes.NewReader(data), ImportOptions{Source: "generated"})
			elapsed += time.Since(t0)
			cpu += cputime.Self() - c0
			b.StopTimer()
			if err != nil || rep.New != n {
				b.Fatalf("import: %+v, %v", rep, err)
			}
			s.Close()
			b.StartTimer()
		}
		b.ReportMetric(float64(n*b.N)/elapsed.Seconds(), "entries/s")
		if cpu > 0 {
			b.ReportMetric(float64(n*b.N)/cpu.Seconds(), "entries/cpu-s")
		}
	})
}

// gazetteerStore is a store holding every shared gazetteer, built once per
// test binary run (importing takes about a minute) and removed by TestMain.
var gazetteerStore struct {
	once sync.Once
	dir  string
	err  error
}

// sharedGazetteerStore returns the directory of a store holding every shared
// gazetteer, building it on first use.
func sharedGazetteerStore(tb testing.TB) string {
	gz := gazetteers(tb)
	gazetteerStore.once.Do(func() {
		dir, err := os.MkdirTemp("", "objectrunner-dict-bench-")
		if err != nil {
			gazetteerStore.err = err
			return
		}
		gazetteerStore.dir = dir
		s, err := Open(dir, nil)
		if err != nil {
			gazetteerStore.err = err
			return
		}
		defer s.Close()
		for class, f := range gz {
			if _, err := s.ImportFile(context.Background(), class, f, ImportOptions{}); err != nil {
				gazetteerStore.err = err
				return
			}
		}
	})
	if gazetteerStore.err != nil {
		tb.Fatal(gazetteerStore.err)
	}
	return gazetteerStore.dir
}

// BenchmarkMatcherBuild measures building the in-memory matcher of every
// shared gazetteer class from the Bleve store (a read-only open per run).
func BenchmarkMatcherBuild(b *testing.B) {
	dir := sharedGazetteerStore(b)
	b.ResetTimer()
	entries := 0
	for i := 0; i < b.N; i++ {
		s, err := Open(dir, &Options{ReadOnly: true})
		if err != nil {
			b.Fatal(err)
		}
		m, err := s.Matcher()
		if err != nil {
			b.Fatal(err)
		}
		entries = 0
		for _, c := range m.Classes() {
			entries += m.Len(c)
		}
		s.Close()
	}
	if entries < 300_000 {
		b.Fatalf("matcher holds %d entries, want the ~390,000 of the gazetteers", entries)
	}
	b.ReportMetric(float64(entries), "entries")
}

// BenchmarkScan measures finding every gazetteer class's entries in the
// visible text of SWDE pages in one pass (MB/s of text), next to
// BenchmarkParseFloor over the same pages' HTML.
func BenchmarkScan(b *testing.B) {
	dir := sharedGazetteerStore(b)
	raw, texts := pageTexts(b, 200)
	s, err := Open(dir, &Options{ReadOnly: true})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	m, err := s.Matcher()
	if err != nil {
		b.Fatal(err)
	}
	size, htmlSize := 0, 0
	for i, t := range texts {
		size += len(t)
		htmlSize += len(raw[i])
	}
	// Leave the garbage of building the store behind before timing.
	runtime.GC()
	debug.FreeOSMemory()
	// htmlRate reports the scan speed over the pages' HTML bytes, to compare
	// with BenchmarkParseFloor page for page.
	htmlRate := func(b *testing.B) {
		b.ReportMetric(float64(htmlSize)/1e6/(b.Elapsed().Seconds()/float64(b.N)), "html-MB/s")
	}
	b.Run("all-classes", func(b *testing.B) {
		b.SetBytes(int64(size))
		hits := 0
		for i := 0; i < b.N; i++ {
			hits = 0
			for _, t := range texts {
				hits += len(m.Find(t))
			}
		}
		if hits == 0 {
			b.Fatal("no dictionary entry found in the pages")
		}
		b.ReportMetric(float64(hits)/float64(len(texts)), "hits/page")
		htmlRate(b)
	})
	b.Run("one-class", func(b *testing.B) {
		r, err := s.Recognizer("book.author")
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(size))
		for i := 0; i < b.N; i++ {
			for _, t := range texts {
				if _, err := r.Find(t); err != nil {
					b.Fatal(err)
				}
			}
		}
		htmlRate(b)
	})
}

// BenchmarkParseFloor measures html.Parse over the pages BenchmarkScan
// reads: the floor of any DOM-based method, for the ratio.
func BenchmarkParseFloor(b *testing.B) {
	raw, _ := pageTexts(b, 200)
	size := 0
	for _, p := range raw {
		size += len(p)
	}
	b.SetBytes(int64(size))
	for i := 0; i < b.N; i++ {
		for _, p := range raw {
			if _, err := html.Parse(bytes.NewReader(p)); err != nil {
				b.Fatal(err)
			}
		}
	}
}
