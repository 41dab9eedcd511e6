package repository

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// count returns the objects of a source in a fresh snapshot, checking
// that the manifest and the index agree.
func countSource(t *testing.T, dir, sodName, source string) int {
	t.Helper()
	r, err := OpenReader(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	e := r.Source(sodName, source)
	if e == nil {
		return -1
	}
	n, err := r.Count(e)
	if err != nil {
		t.Fatal(err)
	}
	if int(n) != e.Objects {
		t.Errorf("source %s: index holds %d objects, manifest says %d", source, n, e.Objects)
	}
	return int(n)
}

// indexDirs lists idx/.
func indexDirs(t *testing.T, dir string) []string {
	t.Helper()
	des, err := os.ReadDir(filepath.Join(dir, indexDir))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range des {
		out = append(out, d.Name())
	}
	return out
}

func TestReindexReplacesSource(t *testing.T) {
	dir := buildFixture(t)
	before := len(indexDirs(t, dir))
	src := fixtureSources()[0]
	if got := countSource(t, dir, "book", "shop-a"); got != len(src.objects) {
		t.Fatalf("shop-a holds %d objects, want %d", got, len(src.objects))
	}
	// Re-running a source with fewer objects replaces them all.
	src.objects = src.objects[:2]
	indexSource(t, dir, src)
	if got := countSource(t, dir, "book", "shop-a"); got != 2 {
		t.Errorf("after re-indexing, shop-a holds %d objects, want 2", got)
	}
	if got := countSource(t, dir, "book", "shop-b"); got != 2 {
		t.Errorf("shop-b holds %d objects, want 2 (untouched)", got)
	}
	if after := len(indexDirs(t, dir)); after != before {
		t.Errorf("%d index directories after re-indexing, want %d (the old one removed)", after, before)
	}
	r, err := OpenReader(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res, err := r.Search(context.Background(), &Query{Where: parseAll(t, []string{"author~beck"})})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ids(res.Hits), " "); got != "shop-a/a1.html#0 shop-a/a1.html#1" {
		t.Errorf("after re-indexing: %s", got)
	}
}

// A reader keeps its snapshot while a writer commits; a new reader sees
// the commit. Neither waits for the other.
func TestReaderNotBlockedByWriter(t *testing.T) {
	dir := buildFixture(t)
	r, err := OpenReader(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	src := fixtureSources()[1]
	w, err := NewWriter(dir, mustSOD(t, src.sod, bookSOD), src.name, t.TempDir(), WriterOptions{SODText: bookSOD,
		PageText: func(string) (string, error) { return "", nil }})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Add(src.objects[0]); err != nil {
		t.Fatal(err)
	}
	// Mid-write, readers open and query.
	r2, err := OpenReader(dir)
	if err != nil {
		t.Fatalf("opening a reader while a writer is indexing: %v", err)
	}
	r2.Close()
	if _, err := w.Commit(1); err != nil {
		t.Fatal(err)
	}
	if !r.Stale() {
		t.Error("the old snapshot does not notice the commit")
	}
	n, err := r.Count(r.Source("book", "shop-b"))
	if err != nil || n != 2 {
		t.Errorf("old snapshot: shop-b holds %d, %v; want its 2 objects still", n, err)
	}
	res, err := r.Search(context.Background(), &Query{Sources: []string{"shop-b"}})
	if err != nil || res.Total != 2 {
		t.Errorf("old snapshot query: %v, %v", res, err)
	}
	if got := countSource(t, dir, "book", "shop-b"); got != 1 {
		t.Errorf("new snapshot: shop-b holds %d, want 1", got)
	}
}

func TestAbortKeepsPreviousObjects(t *testing.T) {
	dir := buildFixture(t)
	before := indexDirs(t, dir)
	src := fixtureSources()[1]
	w, err := NewWriter(dir, mustSOD(t, src.sod, bookSOD), src.name, t.TempDir(), WriterOptions{SODText: bookSOD})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Abort(); err != nil {
		t.Fatal(err)
	}
	if got := countSource(t, dir, "book", "shop-b"); got != 2 {
		t.Errorf("after an aborted re-index, shop-b holds %d, want 2", got)
	}
	if after := indexDirs(t, dir); len(after) != len(before) {
		t.Errorf("index directories %v, want %v", after, before)
	}
	if _, err := w.Commit(0); err == nil {
		t.Error("Commit after Abort succeeded")
	}
}

func TestRemove(t *testing.T) {
	dir := buildFixture(t)
	if err := Remove(dir, "book", "shop-b"); err != nil {
		t.Fatal(err)
	}
	if got := countSource(t, dir, "book", "shop-b"); got != -1 {
		t.Errorf("shop-b still there (%d objects)", got)
	}
	if len(indexDirs(t, dir)) != 2 {
		t.Errorf("index directories %v, want 2", indexDirs(t, dir))
	}
	if err := Remove(dir, "book", "shop-b"); err == nil || !strings.Contains(err.Error(), `no source "shop-b"`) {
		t.Errorf("removing twice: %v", err)
	}
}

func TestOpenReaderErrors(t *testing.T) {
	if _, err := OpenReader(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no repository") {
		t.Errorf("empty directory: %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, manifestFile), []byte(`{"version":99}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenReader(dir); err == nil || !strings.Contains(err.Error(), "repository format 99") {
		t.Errorf("future format: %v", err)
	}
}

func TestWriterNeedsSODText(t *testing.T) {
	s := mustSOD(t, "book", bookSOD)
	if _, err := NewWriter(t.TempDir(), s, "x", t.TempDir(), WriterOptions{SODText: bookSOD + "\n# edited"}); err == nil || !strings.Contains(err.Error(), "changed since it was loaded") {
		t.Errorf("edited SOD text: %v", err)
	}
}
