package dictionaries

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/objectrunner/objectrunner/internal/cputime"
)

// syntheticNames returns n names of 2 to 4 words, each word of 2 to 4
// syllables drawn from a fixed PRNG: a vocabulary of tens of thousands of
// words, like a knowledge base's person and work names, generated rather
// than committed.
func syntheticNames(n int) []string {
	syl := strings.Fields("ka ri mo tan el su ba ve lin or gu pe do ran is fa ne ho lu zi " +
		"mar ce ta vo bi sen al ku de rho ya pi nor le gam tu shi ev ol dra")
	rng := rand.New(rand.NewPCG(2026, 25))
	word := func() string {
		var b strings.Builder
		for k := 2 + rng.IntN(3); k > 0; k-- {
			b.WriteString(syl[rng.IntN(len(syl))])
		}
		w := b.String()
		return strings.ToUpper(w[:1]) + w[1:]
	}
	out := make([]string, n)
	for i := range out {
		ws := make([]string, 2+rng.IntN(3))
		for j := range ws {
			ws[j] = word()
		}
		out[i] = strings.Join(ws, " ")
	}
	return out
}

// syntheticEntries normalises names for buildFST, with confidence 0.8.
func syntheticEntries(names []string) []fstEntry {
	es := make([]fstEntry, len(names))
	for i, n := range names {
		norm := Normalize(n)
		es[i] = fstEntry{norm: norm, conf: float32(MatchConfidence(norm, 0.8))}
	}
	return sortFSTEntries(es)
}

// rssBytes returns the process's resident set size (Linux), or 0.
func rssBytes() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

func heapInUse() uint64 {
	runtime.GC()
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// benchTexts returns what BenchmarkMatcherOpen scans after opening: the
// visible text of 200 SWDE pages (a run's pages) when ../shared is there,
// else a text naming 20 of the names; it checks that the names are found.
func benchTexts(b *testing.B, names []string) []string {
	texts := []string{strings.Join(names[:20:20], ", ") + "."}
	if _, err := os.Stat(filepath.Join("..", "..", "shared", "data", "swde")); err == nil {
		_, pages := pageTexts(b, 200)
		texts = append(texts, pages...)
	}
	return texts
}

// BenchmarkMatcherOpen measures what a run pays to make a class of 1M or
// 2M generated names ready for matching: mapping its matcher file (header
// and checksum checked) against building the in-memory trie the store
// used to build at every start (from entries already in memory, so the
// trie figure leaves out reading them out of Bleve). It reports the file
// size, the heap and RSS added (after scanning 200 SWDE pages, so the
// pages of the file a run's scan touches are counted), and, once, the file's build time.
func BenchmarkMatcherOpen(b *testing.B) {
	for _, n := range []int{1_000_000, 2_000_000} {
		label := fmt.Sprintf("%dM", n/1_000_000)
		names := syntheticNames(n)
		texts := benchTexts(b, names)
		es := syntheticEntries(names)
		path := filepath.Join(b.TempDir(), "synthetic.fst")
		t0, c0 := time.Now(), cputime.Self()
		if err := writeFSTFile(path, es, uint64(len(es))); err != nil {
			b.Fatal(err)
		}
		build, buildCPU := time.Since(t0), cputime.Self()-c0
		fi, _ := os.Stat(path)
		b.Run("fst-"+label, func(b *testing.B) {
			b.StopTimer()
			var heap, rss int64
			for i := 0; i < b.N; i++ {
				h0, r0 := heapInUse(), rssBytes()
				b.StartTimer()
				fc, err := openFSTFile(path, int64(len(es)))
				if err != nil {
					b.Fatal(err)
				}
				m := NewMatcher()
				m.attach("synthetic", fc)
				b.StopTimer()
				for _, t := range texts {
					m.Find(t)
				}
				heap += int64(heapInUse()) - int64(h0)
				rss += rssBytes() - r0
				runtime.KeepAlive(m)
			}
			b.ReportMetric(float64(heap)/float64(b.N)/(1<<20), "heap-MiB")
			b.ReportMetric(float64(rss)/float64(b.N)/(1<<20), "rss-MiB")
			b.ReportMetric(float64(fi.Size())/(1<<20), "file-MiB")
			b.ReportMetric(build.Seconds(), "build-s")
			b.ReportMetric(buildCPU.Seconds(), "build-cpu-s")
			b.ReportMetric(float64(len(es)), "entries")
		})
		b.Run("trie-"+label, func(b *testing.B) {
			b.StopTimer()
			var heap int64
			for i := 0; i < b.N; i++ {
				h0 := heapInUse()
				b.StartTimer()
				m := NewMatcher()
				m.mu.Lock()
				c := m.classLocked("synthetic")
				for _, e := range es {
					m.addLocked(c, e.norm, 0.8)
				}
				m.mu.Unlock()
				b.StopTimer()
				heap += int64(heapInUse()) - int64(h0)
				runtime.KeepAlive(m)
			}
			b.ReportMetric(float64(heap)/float64(b.N)/(1<<20), "heap-MiB")
		})
		b.StopTimer()
	}
}

// BenchmarkScanFST compares the scan speed of the matcher files with the
// trie they replace, on the shared gazetteers (all classes in one pass,
// and one class) over the visible text of 200 SWDE pages, and of one
// 2M-name generated class over the same pages.
func BenchmarkScanFST(b *testing.B) {
	gz := gazetteers(b)
	classes := map[string][]string{}
	for c, f := range gz {
		classes[c] = wordList(b, f)
	}
	_, texts := pageTexts(b, 200)
	old, fst := oldAndFST(b, b.TempDir(), classes, 0.8)
	size := 0
	for _, t := range texts {
		size += len(t)
	}
	names := syntheticNames(2_000_000)
	bigPath := filepath.Join(b.TempDir(), "big.fst")
	bigEs := syntheticEntries(names)
	if err := writeFSTFile(bigPath, bigEs, 1); err != nil {
		b.Fatal(err)
	}
	bigFC, err := openFSTFile(bigPath, 1)
	if err != nil {
		b.Fatal(err)
	}
	bigFST := NewMatcher()
	bigFST.attach("big", bigFC)
	bigTrie := NewMatcher()
	bigTrie.mu.Lock()
	c := bigTrie.classLocked("big")
	for _, e := range bigEs {
		bigTrie.addLocked(c, e.norm, 0.8)
	}
	bigTrie.mu.Unlock()
	bigEs, names = nil, nil
	runtime.GC()
	scan := func(m *Matcher, class string) func(b *testing.B) {
		return func(b *testing.B) {
			find := func(t string) int { return len(m.Find(t)) }
			if class != "" {
				r, err := m.Recognizer(class)
				if err != nil {
					b.Fatal(err)
				}
				find = func(t string) int { ms, _ := r.Find(t); return len(ms) }
			}
			b.SetBytes(int64(size))
			b.ResetTimer()
			c0 := cputime.Self()
			hits := 0
			for i := 0; i < b.N; i++ {
				hits = 0
				for _, t := range texts {
					hits += find(t)
				}
			}
			if cpu := cputime.Self() - c0; cpu > 0 {
				b.ReportMetric(float64(size)*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
			}
			b.ReportMetric(float64(hits)/float64(len(texts)), "hits/page")
		}
	}
	b.Run("all-classes/trie", scan(old, ""))
	b.Run("all-classes/fst", scan(fst, ""))
	b.Run("book.author/trie", scan(old, "book.author"))
	b.Run("book.author/fst", scan(fst, "book.author"))
	b.Run("generated-2M/trie", scan(bigTrie, "big"))
	b.Run("generated-2M/fst", scan(bigFST, "big"))
}
