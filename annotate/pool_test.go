package annotate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPoolSize(t *testing.T) {
	for _, c := range []struct {
		k, types int
		shrink   float64
		want     int
	}{
		{20, 5, 4, 5120}, {20, 1, 4, 20}, {20, 3, 4, 320}, {5, 0, 4, 5}, {2, 5, 2, 32}, {20, 40, 4, 1 << 30},
	} {
		if got := PoolSize(c.k, c.types, c.shrink); got != c.want {
			t.Errorf("PoolSize(%d, %d, %v) = %d, want %d", c.k, c.types, c.shrink, got, c.want)
		}
	}
}

func TestSpread(t *testing.T) {
	var paths []string
	for i := range 100 {
		paths = append(paths, fmt.Sprint(i))
	}
	if got := spread(paths, 200); len(got) != 100 {
		t.Fatalf("spread over fewer pages: %d, want all 100", len(got))
	}
	if got, want := strings.Join(spread(paths, 5), " "), "0 20 40 60 80"; got != want {
		t.Fatalf("spread(100, 5) = %s, want %s", got, want)
	}
}

// writeAuthors writes n pages: a title on each, an ISBN on even pages, a
// known author on pages where author(i).
func writeAuthors(t *testing.T, n int, author func(int) bool) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	for i := range n {
		b := `<html><body><h1>Emma</h1>`
		if author(i) {
			b += `<h2>by <a>Jane Austen</a></h2>`
		}
		if i%2 == 0 {
			b += fmt.Sprintf(`<p>ISBN: 978%010d</p>`, i)
		}
		b += `</body></html>`
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%03d.html", i)), []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	paths, err := ListSource(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, paths
}

// TestSampleSource: the sample is chosen from a spread pool of PoolSize
// pages when its top pages are clear, and from a pool grown up to the
// whole source while a sample page lacks a mandatory type.
func TestSampleSource(t *testing.T) {
	s, recs := bookSOD()
	a, err := NewAnnotator(s, recs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	opts := SampleOptions{K: 2, Shrink: 2, ProbePages: 4, NoSegment: true}
	sample := func(res *SampleResult) string {
		var got []string
		for _, p := range res.Pages {
			got = append(got, p.Path)
		}
		return strings.Join(got, " ")
	}

	// Authors on every third page: the pool of 2·2⁴ = 32 pages has clear
	// top pages (title, author and ISBN).
	dir, paths := writeAuthors(t, 400, func(i int) bool { return i%3 == 0 })
	res, err := SampleSource(context.Background(), paths, dir, a, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != 400 || res.Pool != 32 {
		t.Fatalf("Total %d, Pool %d; want 400 and 32", res.Total, res.Pool)
	}
	if got, want := sample(res), "000.html 012.html"; got != want {
		t.Fatalf("sample %s, want %s", got, want)
	}

	// Authors on pages 0, 97, 194, …: the pool's second page lacks the
	// mandatory author, and so does the grown pool's; the whole source
	// gives 000 and 194.
	dir, paths = writeAuthors(t, 400, func(i int) bool { return i%97 == 0 })
	res, err = SampleSource(context.Background(), paths, dir, a, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != 400 || res.Pool != 400 {
		t.Fatalf("Total %d, Pool %d; want the pool grown to all 400 pages", res.Total, res.Pool)
	}
	if got, want := sample(res), "000.html 194.html"; got != want {
		t.Fatalf("sample %s, want %s", got, want)
	}
}
