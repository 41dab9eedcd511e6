package annotate

import (
	"bufio"
	bytesPkg "bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/net/html"
	"golang.org/x/text/unicode/norm"

	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/internal/cputime"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

// sharedDir locates ../shared beside the repository or skips the test.
func sharedDir(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join("..", "..", "shared")
	if _, err := os.Stat(filepath.Join(dir, "data", "swde", "book-booksamillion")); err != nil {
		tb.Skip("annotate: ../shared not found (the shared data sits beside the repository)")
	}
	return dir
}

// loadGazetteers reads data/gazetteers/<domain>/*.txt into an in-memory
// dictionaries.Matcher (the trie the dictionary store serves recognizers
// from), one class per file, without going through a Bleve store on disk.
func loadGazetteers(tb testing.TB, shared, domain string) recognizers.Dictionaries {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(shared, "data", "gazetteers", domain, "*.txt"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no gazetteers for %s: %v", domain, err)
	}
	m := dictionaries.NewMatcher()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		class := strings.TrimSuffix(filepath.Base(f), ".txt")
		for _, line := range strings.Split(string(data), "\n") {
			if line = strings.TrimSpace(line); line != "" {
				m.Add(class, line, 1)
			}
		}
	}
	return m
}

// swdeBook returns a constructor of fresh annotators (each with an empty
// recognizer memo) for the SWDE book SOD of examples/swde-book, with the book
// gazetteers as dictionaries.
func swdeBook(tb testing.TB, shared string) func() *Annotator {
	tb.Helper()
	s, err := sod.Load(filepath.Join("..", "examples", "swde-book", "sod.toml"))
	if err != nil {
		tb.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, loadGazetteers(tb, shared, "book"))
	if err != nil {
		tb.Fatal(err)
	}
	return func() *Annotator {
		a, err := NewAnnotator(s, recs, Options{})
		if err != nil {
			tb.Fatal(err)
		}
		return a
	}
}

// readTruth reads an SWDE ground-truth file: page id -> values.
func readTruth(tb testing.TB, path string) map[string][]string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	for line := 0; sc.Scan(); line++ {
		if line < 2 {
			continue
		}
		cols := strings.Split(strings.TrimRight(sc.Text(), "\r"), "\t")
		if len(cols) < 3 {
			continue
		}
		for _, v := range cols[2:] {
			if v != "<NULL>" && normValue(v) != "" {
				out[cols[0]] = append(out[cols[0]], v)
			}
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// normValue is the comparison form of TARGETS.md: NFKC, collapsed white
// space, surrounding spaces and ": ; , . - |" trimmed.
func normValue(s string) string {
	s = collapseSpace(norm.NFKC.String(s))
	return strings.Trim(s, " :;,.-|")
}

// TestSWDEBookAnnotation measures annotation on the 2000 booksamillion pages
// with the SWDE book SOD and the book gazetteers: per attribute, the share of
// true values (and of pages) annotated with the right type, and annotations
// of the type per page that are not a true value. The table is logged; the
// assertions are floors far below what is measured, to catch regressions.
func TestSWDEBookAnnotation(t *testing.T) {
	if testing.Short() {
		t.Skip("annotate: full SWDE measurement skipped in -short mode")
	}
	shared := sharedDir(t)
	a := swdeBook(t, shared)()
	src := filepath.Join(shared, "data", "swde", "book-booksamillion")
	paths, err := ListSource(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 2000 {
		t.Fatalf("%d pages, want 2000", len(paths))
	}
	attrs := []string{"title", "author", "isbn_13", "publisher", "publication_date"}
	truth := map[string]map[string][]string{}
	for _, at := range attrs {
		truth[at] = readTruth(t, filepath.Join(shared, "data", "swde", "groundtruth", "book-booksamillion-"+at+".txt"))
	}
	type counts struct{ values, valuesHit, pages, pagesHit, wrong, otherType int }
	var mu sync.Mutex
	got := map[string]*counts{}
	for _, at := range attrs {
		got[at] = &counts{}
	}
	// The floor: reading and html.Parse of every page, same parallelism.
	start, cpu0 := time.Now(), cputime.Self()
	err = parallel(context.Background(), runtime.GOMAXPROCS(0), paths, func(path string) error {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		_, err = html.Parse(bytesPkg.NewReader(data))
		return err
	}, func(_ int, path string, err error) {
		if err != nil {
			t.Errorf("%s: %v", path, err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	floor, floorCPU := time.Since(start), cputime.Self()-cpu0

	var bytes int64
	start, cpu0 = time.Now(), cputime.Self()
	err = parallel(context.Background(), runtime.GOMAXPROCS(0), paths, func(path string) error {
		p, err := ReadPage(path, SourceRel(src, path), LoadOptions{})
		if err != nil {
			return err
		}
		if err := a.Annotate(p); err != nil {
			return err
		}
		id := strings.TrimSuffix(p.Path, filepath.Ext(p.Path))
		byType := map[string]map[string]bool{}
		for _, an := range p.Annotations {
			if byType[an.Type] == nil {
				byType[an.Type] = map[string]bool{}
			}
			byType[an.Type][normValue(an.Text())] = true
		}
		mu.Lock()
		defer mu.Unlock()
		bytes += int64(p.Size)
		for _, at := range attrs {
			c := got[at]
			tv := map[string]bool{}
			for _, v := range truth[at][id] {
				tv[normValue(v)] = true
			}
			if len(tv) > 0 {
				c.pages++
				hit := false
				for v := range tv {
					c.values++
					if byType[at][v] {
						c.valuesHit++
						hit = true
					}
					for _, other := range attrs {
						if other != at && byType[other][v] {
							c.otherType++
						}
					}
				}
				if hit {
					c.pagesHit++
				}
			}
			for _, an := range p.Annotations {
				if an.Type == at && !tv[normValue(an.Text())] {
					c.wrong++
				}
			}
		}
		return nil
	}, func(_ int, path string, err error) {
		if err != nil {
			t.Errorf("%s: %v", path, err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	el, elCPU := time.Since(start), cputime.Self()-cpu0
	var b strings.Builder
	fmt.Fprintf(&b, "SWDE book-booksamillion, %d pages, %.1f MB, %d workers: read+parse floor %v (%.1f MB/s); read+parse+clean+annotate all types %v (%.1f MB/s, %.2f x floor)\n",
		len(paths), float64(bytes)/1e6, runtime.GOMAXPROCS(0), floor.Round(time.Millisecond), float64(bytes)/1e6/floor.Seconds(),
		el.Round(time.Millisecond), float64(bytes)/1e6/el.Seconds(), floor.Seconds()/el.Seconds())
	fmt.Fprintf(&b, "  CPU time: floor %v, annotate all %v: %.2f x floor\n", floorCPU.Round(time.Millisecond), elCPU.Round(time.Millisecond), cpuRatio(floorCPU, elCPU))
	fmt.Fprintf(&b, "%-17s %8s %8s %10s %10s\n", "attribute", "values", "pages", "wrong/page", "as-other")
	sort.Strings(attrs)
	for _, at := range attrs {
		c := got[at]
		fmt.Fprintf(&b, "%-17s %8.3f %8.3f %10.2f %10d\n", at,
			float64(c.valuesHit)/float64(max(c.values, 1)), float64(c.pagesHit)/float64(max(c.pages, 1)),
			float64(c.wrong)/float64(len(paths)), c.otherType)
	}
	t.Log("\n" + b.String())
	// Algorithm 1 over the whole source, as the pipeline runs it.
	fresh := swdeBook(t, shared)() // gazetteers loaded before the clock starts
	start, cpu0 = time.Now(), cputime.Self()
	res, err := Sample(context.Background(), paths, src, fresh, SampleOptions{})
	if err != nil {
		t.Fatalf("Sample: %v", err)
	}
	el, elCPU = time.Since(start), cputime.Self()-cpu0
	b.Reset()
	fmt.Fprintf(&b, "Sample k=%d over %d pages: %v (%.1f MB/s, %.2f x floor, %d workers), segment %q, %d skipped\n",
		len(res.Pages), res.Total, el.Round(time.Millisecond), float64(bytes)/1e6/el.Seconds(), floor.Seconds()/el.Seconds(),
		runtime.GOMAXPROCS(0), res.Segment, len(res.Skipped))
	fmt.Fprintf(&b, "  CPU time: Sample %v: %.2f x floor\n", elCPU.Round(time.Millisecond), cpuRatio(floorCPU, elCPU))
	for _, st := range res.Stats {
		fmt.Fprintf(&b, "  step %d %-17s mandatory=%-5v estimate=%.2f annotated=%d withHits=%d hits/page=%.2f inTemplate=%d sample=%d/%d %v\n",
			st.Step, st.Type, st.Mandatory, st.Estimate, st.Candidates, st.PagesWithHits, st.HitsPerPage(), st.TemplateHits,
			st.SamplePagesWithHits, len(res.Pages), st.Recognizers)
	}
	t.Log("\n" + b.String())
	for _, p := range res.Pages {
		var isbn bool
		for _, an := range p.Annotations {
			isbn = isbn || an.Type == "isbn_13"
		}
		if !isbn {
			t.Errorf("sample page %s has no isbn_13 annotation", p.Path)
		}
	}

	// Regression floors (measured values are higher; see the log).
	if r := float64(got["isbn_13"].valuesHit) / float64(got["isbn_13"].values); r < 0.95 {
		t.Errorf("isbn_13 annotated on %.3f of pages, want >= 0.95", r)
	}
}

func cpuRatio(floor, work time.Duration) float64 {
	if work <= 0 {
		return 0
	}
	return floor.Seconds() / work.Seconds()
}
