package records

import (
	"bytes"
	"os"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// recordBenchSource loads a generated source and its pattern for the
// benchmarks, with the raw bytes of every page.
func recordBenchSource(b *testing.B, name string) (*RecordPattern, []*annotate.Page, [][]byte, int64) {
	b.Helper()
	src := recordLoadSource(b, name)
	rp, err := FindRecordPattern(src.samples, src.sod, RecordOptions{})
	if err != nil {
		b.Fatal(err)
	}
	var raw [][]byte
	var size int64
	for _, p := range src.pages {
		data, err := os.ReadFile("../examples/" + name + "/pages/" + p.Path)
		if err != nil {
			b.Fatal(err)
		}
		raw = append(raw, data)
		size += int64(len(data))
	}
	return rp, src.pages, raw, size
}

var recordBenchSources = []string{"concerts-a", "concerts-b", "concerts-c", "books-a", "books-b", "books-c"}

// BenchmarkRecordParseFloor is the floor every DOM-based step is compared
// with: x/net/html parsing the same pages (MB/s of page bytes).
func BenchmarkRecordParseFloor(b *testing.B) {
	for _, name := range recordBenchSources {
		b.Run(name, func(b *testing.B) {
			_, _, raw, size := recordBenchSource(b, name)
			b.SetBytes(size)
			b.ResetTimer()
			for b.Loop() {
				for _, data := range raw {
					if _, err := html.Parse(bytes.NewReader(data)); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkRecords applies a learned pattern to every (already parsed)
// page of a source (MB/s of page bytes).
func BenchmarkRecords(b *testing.B) {
	for _, name := range recordBenchSources {
		b.Run(name, func(b *testing.B) {
			rp, pages, _, size := recordBenchSource(b, name)
			want := 0
			for _, p := range pages {
				want += len(rp.Records(p))
			}
			if want == 0 {
				b.Fatal("no records")
			}
			b.SetBytes(size)
			b.ResetTimer()
			for b.Loop() {
				n := 0
				for _, p := range pages {
					n += len(rp.Records(p))
				}
				if n != want {
					b.Fatalf("%d records, want %d", n, want)
				}
			}
		})
	}
}

// BenchmarkFindRecordPattern learns a pattern from the ten annotated
// sample pages of a source.
func BenchmarkFindRecordPattern(b *testing.B) {
	for _, name := range recordBenchSources {
		b.Run(name, func(b *testing.B) {
			src := recordLoadSource(b, name)
			for b.Loop() {
				if _, err := FindRecordPattern(src.samples, src.sod, RecordOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
