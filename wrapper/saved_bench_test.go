package wrapper

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
)

// BenchmarkExtractSaved applies a saved wrapper (OBJECTRUNNER_BENCH_WRAPPER,
// e.g. the SWDE book wrapper saved by `extract --save-wrapper`) to the SWDE
// booksamillion pages held in memory, as `extract --wrapper` does page by
// page. For profiling with -cpuprofile / -memprofile.
func BenchmarkExtractSaved(b *testing.B) {
	wf := os.Getenv("OBJECTRUNNER_BENCH_WRAPPER")
	if wf == "" {
		b.Skip("OBJECTRUNNER_BENCH_WRAPPER not set")
	}
	f, err := os.Open(wf)
	if err != nil {
		b.Fatal(err)
	}
	w, err := Load(f)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(sharedDir(b), "data", "swde", "book-booksamillion", "*.htm"))
	if len(files) == 0 {
		b.Skip("no SWDE pages")
	}
	var raw [][]byte
	total := 0
	for _, fn := range files {
		src, err := os.ReadFile(fn)
		if err != nil {
			b.Fatal(err)
		}
		raw = append(raw, src)
		total += len(src)
	}
	b.SetBytes(int64(total))
	b.ResetTimer()
	n := 0
	for b.Loop() {
		for i, r := range raw {
			objs, _ := w.ExtractBytes(r, files[i], annotate.LoadOptions{})
			n += len(objs)
		}
	}
	if n == 0 {
		b.Fatal("no objects")
	}
}
