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
