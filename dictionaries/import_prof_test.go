package dictionaries

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/objectrunner/objectrunner/internal/cputime"
)

// BenchmarkImportGenerated imports 200,000 generated names into an empty
// store and closes it (which builds the class's matcher file): entries per
// second, wall and CPU. b.SetBytes gives the word list's MB/s.
func BenchmarkImportGenerated(b *testing.B) {
	const n = 200_000
	data := strings.Join(syntheticNames(n), "\n") + "\n"
	for _, batch := range []int{0, 10_000, 50_000} {
		name := fmt.Sprintf("batch-%d", batch)
		if batch == 0 {
			name = "batch-default" // DefaultBulkSize: one bulk segment
		}
		b.Run(name, func(b *testing.B) { importGenerated(b, data, n, batch) })
	}
}

func importGenerated(b *testing.B, data string, n, batch int) {
	b.SetBytes(int64(len(data)))
	var elapsed, cpu time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s, err := Open(b.TempDir(), &Options{BatchSize: batch})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		t0, c0 := time.Now(), cputime.Self()
		rep, err := s.Import(context.Background(), "generated", strings.NewReader(data), ImportOptions{Source: "generated"})
		if err == nil {
			err = s.Close()
		}
		elapsed += time.Since(t0)
		cpu += cputime.Self() - c0
		if err != nil || rep.New+rep.Updated+rep.Unchanged != n {
			b.Fatalf("import: %+v, %v", rep, err)
		}
	}
	b.ReportMetric(float64(n*b.N)/elapsed.Seconds(), "entries/s")
	b.ReportMetric(float64(n*b.N)/cpu.Seconds(), "entries/cpu-s")
}

// BenchmarkStoreOpen2M imports 2,000,000 generated names into a store
// through Store.Import (bulk segments; reported once: entries per second,
// wall and CPU, the Close that builds the matcher file included), then
// measures what a run pays to use the class: opening the store read-only
// and loading the class's recognizer (the bulk segments' headers and the
// matcher file's header, checksum and mapping), with the heap and RSS
// added after scanning 200 SWDE pages.
func BenchmarkStoreOpen2M(b *testing.B) {
	const n = 2_000_000
	names := syntheticNames(n)
	texts := benchTexts(b, names)
	data := strings.Join(names, "\n") + "\n"
	dir := b.TempDir()
	s, err := Open(dir, nil)
	if err != nil {
		b.Fatal(err)
	}
	t0, c0 := time.Now(), cputime.Self()
	rep, err := s.Import(context.Background(), "synthetic", strings.NewReader(data), ImportOptions{Source: "generated"})
	if err == nil {
		err = s.Close()
	}
	elapsed, cpu := time.Since(t0), cputime.Self()-c0
	if err != nil || rep.New+rep.Updated+rep.Unchanged != n {
		b.Fatalf("import: %+v, %v", rep, err)
	}
	names, data = nil, ""
	b.ResetTimer()
	b.StopTimer()
	var heap, rss int64
	for i := 0; i < b.N; i++ {
		h0, r0 := heapInUse(), rssBytes()
		b.StartTimer()
		r, err := Open(dir, &Options{ReadOnly: true})
		if err != nil {
			b.Fatal(err)
		}
		rec, err := r.Recognizer("synthetic")
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		hits := 0
		for _, t := range texts {
			ms, _ := rec.Find(t)
			hits += len(ms)
		}
		if hits < 20 {
			b.Fatalf("%d hits", hits)
		}
		heap += int64(heapInUse()) - int64(h0)
		rss += rssBytes() - r0
		r.Close()
	}
	b.ReportMetric(float64(heap)/float64(b.N)/(1<<20), "heap-MiB")
	b.ReportMetric(float64(rss)/float64(b.N)/(1<<20), "rss-MiB")
	b.ReportMetric(float64(n)/elapsed.Seconds(), "import-entries/s")
	b.ReportMetric(float64(n)/cpu.Seconds(), "import-entries/cpu-s")
}
