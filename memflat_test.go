package objectrunner_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// flatSOD and flatPage make a small source of distinct shop pages, spread
// over subdirectories of 100 pages, for TestRetainedPerPage.
const flatSOD = `object = "item"
[tuple.item]
name = "1"
price = "1"
[entity.name]
regex = 'Model \p{L}+ \d+'
whole_node = true
[entity.price]
predefined = "price"
`

func flatPage(i int) string {
	names := []string{"Xylo", "Brava", "Cirro", "Delta", "Ember", "Fjord", "Gale"}
	return fmt.Sprintf(`<html><head><title>Shop</title></head><body><div id="nav"><a href="/">Home</a></div>`+
		`<div class="item"><h1>Model %s %d</h1><p class="price">Price: $%d.99</p>`+
		`<p class="desc">Number %d of the range, %s.</p></div><div id="foot">Copyright Shop</div></body></html>`,
		names[i%len(names)], i+2, 10+i%50, i, strings.Repeat("sturdy ", i%5+1))
}

// writeFlatSource writes n pages under dir/dNNN/ and returns dir.
func writeFlatSource(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	for i := range n {
		p := filepath.Join(dir, fmt.Sprintf("d%03d", i/100), fmt.Sprintf("page-of-the-shop-%06d.html", i))
		if i%100 == 0 {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(p, []byte(flatPage(i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// retainedByRun runs objectrunner.Run on source and returns how far the
// settled live heap (settledLive, taken as the last object is emitted:
// everything the run keeps is still held) rose above its level before the
// run, and the objects emitted.
func retainedByRun(t *testing.T, source string, pages int, cfg objectrunner.Config) (int64, int) {
	t.Helper()
	s := newHeapSamples()
	base := settledLive(s)
	var at uint64
	objects := 0
	rep, err := objectrunner.Run(context.Background(), source, cfg, func(o *wrapper.Object) error {
		if objects++; objects == pages*9/10 {
			at = settledLive(s)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if objects != pages || rep.Pages != pages {
		t.Fatalf("%d objects from %d pages (report: %d pages, %d unfit)", objects, pages, rep.Pages, rep.UnfitPages())
	}
	return int64(at) - int64(base), objects
}

// TestRetainedPerPage checks that what a run keeps does not follow the
// number of pages: it runs over 500 and 5,000 distinct pages (in
// directories of 100) and compares the live heap retained near the end
// (retainedByRun), with a saved wrapper and learning. Per page beyond the first
// 500, a run may keep 8 bytes of Go heap (12 when learning): the duplicate
// detection's sums are outside the heap (internal/sumset), their
// positions on disk, so nothing is kept per page, with or without
// KeepDuplicates. Holding the list of page paths (about 100
// bytes a page here), the names of the pages taken for the duplicate
// detection or the objects breaks it.
func TestRetainedPerPage(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 5,500 pages")
	}
	s, err := sod.Parse("flat.toml", []byte(flatSOD))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	const small, large = 500, 5000
	smallDir, largeDir := writeFlatSource(t, small), writeFlatSource(t, large)
	rep, err := objectrunner.Run(context.Background(), smallDir, objectrunner.Config{SOD: s, Recognizers: recs}, func(*wrapper.Object) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	w := rep.Wrapper
	for _, c := range []struct {
		name    string
		cfg     objectrunner.Config
		perPage int64
	}{
		{"saved wrapper", objectrunner.Config{Wrapper: w, Workers: 2}, 8},
		{"saved wrapper, keep duplicates", objectrunner.Config{Wrapper: w, Workers: 2, KeepDuplicates: true}, 8},
		{"learning", objectrunner.Config{SOD: s, Recognizers: recs, Workers: 2}, 12},
	} {
		t.Run(c.name, func(t *testing.T) {
			retainedByRun(t, smallDir, small, c.cfg) // pools and caches filled
			a, _ := retainedByRun(t, smallDir, small, c.cfg)
			b, _ := retainedByRun(t, largeDir, large, c.cfg)
			per := float64(b-a) / (large - small)
			t.Logf("retained %+.1f KiB over %d pages, %+.1f KiB over %d: %.1f bytes per page (bound %d)",
				float64(a)/1024, small, float64(b)/1024, large, per, c.perPage)
			if per > float64(c.perPage) {
				t.Errorf("a run keeps %.1f bytes per page (bound %d): memory grows with the pages", per, c.perPage)
			}
		})
	}
}
