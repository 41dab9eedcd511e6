package annotate

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestGolden annotates testdata/*.html with the book SOD of helpers_test.go
// and compares the annotation dump (type, path, value, recognizer, whole,
// propagated ancestors) with testdata/*.golden.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	s, recs := bookSOD()
	a, err := NewAnnotator(s, recs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".html")
		t.Run(name, func(t *testing.T) {
			p, err := ReadPage(f, filepath.Base(f), LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := a.Annotate(p); err != nil {
				t.Fatal(err)
			}
			got := "encoding " + p.Encoding + "\n" + dump(p)
			golden := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Fatalf("annotations of %s differ from %s:\n--- got\n%s--- want\n%s", f, golden, got, want)
			}
		})
	}
}
