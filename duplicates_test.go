package objectrunner_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper"
)

// TestDuplicatePages runs a source where some pages are saved twice under
// other names: the copies give no objects and are counted, whatever the
// number of workers, unless KeepDuplicates.
func TestDuplicatePages(t *testing.T) {
	ex := filepath.Join("examples", "bookdetail-b")
	dir := t.TempDir()
	pages, err := filepath.Glob(filepath.Join(ex, "pages", "*.html"))
	if err != nil || len(pages) < 10 {
		t.Fatalf("example pages: %v (%d)", err, len(pages))
	}
	for _, p := range pages {
		copyFile(t, p, filepath.Join(dir, filepath.Base(p)))
	}
	// Copies named to sort both before ("0000a") and after their original.
	copies := map[string]string{"0003a.html": "0001.html", "zz-0002.html": "0002.html", "zz-0002b.html": "0002.html"}
	for c, orig := range copies {
		copyFile(t, filepath.Join(ex, "pages", orig), filepath.Join(dir, c))
	}
	lists, _ := filepath.Glob(filepath.Join(ex, "dictionaries", "*.txt"))
	_, learned := run(t, filepath.Join(ex, "sod.toml"), filepath.Join(ex, "pages"), lists, wrapper.DefaultOptions())

	tests := []struct {
		name        string
		workers     int
		keep        bool
		wantObjects int
		wantDups    int
	}{
		{"one worker", 1, false, len(pages), len(copies)},
		{"four workers", 4, false, len(pages), len(copies)},
		{"keep duplicates", 4, true, len(pages) + len(copies), 0},
	}
	var first []byte
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			cfg := objectrunner.Config{Wrapper: learned.Wrapper, Workers: tc.workers, KeepDuplicates: tc.keep}
			rep, err := objectrunner.Run(context.Background(), dir, cfg, func(o *wrapper.Object) error {
				b, err := json.Marshal(o)
				out.Write(b)
				out.WriteByte('\n')
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Objects != tc.wantObjects || rep.Duplicates != tc.wantDups || rep.Processed != len(pages)+len(copies) {
				t.Fatalf("objects %d, duplicates %d, processed %d; want %d, %d, %d", rep.Objects, rep.Duplicates, rep.Processed, tc.wantObjects, tc.wantDups, len(pages)+len(copies))
			}
			if !tc.keep {
				for c, orig := range copies {
					if got := rep.DuplicateOf[c]; got != orig {
						t.Errorf("DuplicateOf[%s] = %q, want %q", c, got, orig)
					}
				}
				if first == nil {
					first = out.Bytes()
				} else if !bytes.Equal(first, out.Bytes()) {
					t.Error("the output depends on the number of workers")
				}
				if s := rep.Summary(); s.Duplicates != tc.wantDups {
					t.Errorf("summary duplicates %d, want %d", s.Duplicates, tc.wantDups)
				}
			}
		})
	}
}

// TestPageSums: Config.PageSums gives every page read, in listing order,
// with its sum: a copy has the sum of its original, other pages differ,
// whatever the number of workers, copies kept or not.
func TestPageSums(t *testing.T) {
	ex := filepath.Join("examples", "bookdetail-b")
	dir := t.TempDir()
	pages, _ := filepath.Glob(filepath.Join(ex, "pages", "*.html"))
	for _, p := range pages {
		copyFile(t, p, filepath.Join(dir, filepath.Base(p)))
	}
	copyFile(t, pages[3], filepath.Join(dir, "0-copy.html"))
	lists, _ := filepath.Glob(filepath.Join(ex, "dictionaries", "*.txt"))
	_, learned := run(t, filepath.Join(ex, "sod.toml"), filepath.Join(ex, "pages"), lists, wrapper.DefaultOptions())
	for _, keep := range []bool{false, true} {
		var rels []string
		sums := map[string]uint64{}
		cfg := objectrunner.Config{Wrapper: learned.Wrapper, Workers: 4, KeepDuplicates: keep, Load: annotate.LoadOptions{StableSum: true},
			PageSums: func(rel string, sum uint64) { rels, sums[rel] = append(rels, rel), sum }}
		if _, err := objectrunner.Run(context.Background(), dir, cfg, func(*wrapper.Object) error { return nil }); err != nil {
			t.Fatal(err)
		}
		if len(rels) != len(pages)+1 || rels[0] != "0-copy.html" || !slices.IsSorted(rels) {
			t.Fatalf("keep %v: pages %v, want the %d pages in listing order", keep, rels, len(pages)+1)
		}
		distinct := map[uint64]bool{}
		for _, s := range sums {
			distinct[s] = true
		}
		if sums["0-copy.html"] != sums[filepath.Base(pages[3])] || len(distinct) != len(pages) {
			t.Errorf("keep %v: %d distinct sums of %d pages, the copy %x, its original %x", keep, len(distinct), len(pages), sums["0-copy.html"], sums[filepath.Base(pages[3])])
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
