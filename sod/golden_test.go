package sod

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestExamplesGolden loads every examples/*/sod.toml, and every
// testdata/*.toml (docs/sod.md's complete example), and compares its type
// tree with testdata/<name>.golden. Run with -update to rewrite them.
func TestExamplesGolden(t *testing.T) {
	examples, err := filepath.Glob(filepath.Join("..", "examples", "*", "sod.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(examples) == 0 {
		t.Fatal("no examples/*/sod.toml found")
	}
	extra, err := filepath.Glob(filepath.Join("testdata", "*.toml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range append(examples, extra...) {
		name := filepath.Base(filepath.Dir(file))
		if filepath.Base(file) != "sod.toml" {
			name = strings.TrimSuffix(filepath.Base(file), ".toml")
		}
		t.Run(name, func(t *testing.T) {
			s, err := Load(file)
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			got := s.String()
			golden := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./sod -run Golden -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s: Format output differs from %s\ngot:\n%s\nwant:\n%s", file, golden, got, want)
			}
		})
	}
}
