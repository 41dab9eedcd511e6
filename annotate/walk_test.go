package annotate

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestListingOrder checks that a Listing walks a directory in the order
// ListSourceSkipping lists it, with the same count and skipped directories,
// on names whose order differs between a directory walk sorted by name and
// a sort of whole relative paths ("a-x/…" < "a.htm" < "a/…"), and with
// links reaching one directory twice (read where ListSourceSkipping reads
// it), a link to a missing page and an unreadable subdirectory.
func TestListingOrder(t *testing.T) {
	src := t.TempDir()
	files := []string{"a.htm", "a-x/b.htm", "a/c.htm", "a/b/d.htm", "a/b-c.htm", "a0/e.html", "ab.html",
		"b.xhtml", "b/z.htm", "c/c/c/c.htm", "note.txt", "zz/y.htm"}
	for _, f := range files {
		p := filepath.Join(src, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte("<p>"+f+"</p>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, target := range map[string]string{"a-link": filepath.Join(src, "a"), "0link": filepath.Join(src, "a"),
		"gone.htm": filepath.Join(src, "missing.htm"), "zz/loop": src} {
		if err := os.Symlink(target, filepath.Join(src, name)); err != nil {
			t.Skipf("symbolic links unavailable: %v", err)
		}
	}
	if os.Getuid() != 0 {
		locked := filepath.Join(src, "locked")
		os.MkdirAll(locked, 0o755)
		os.WriteFile(filepath.Join(locked, "x.htm"), []byte("<p>x"), 0o644)
		os.Chmod(locked, 0)
		t.Cleanup(func() { os.Chmod(locked, 0o755) })
	}
	for _, source := range []string{src, src + "/", filepath.Join(src, "*.htm"), filepath.Join(src, "a", "c.htm")} {
		want, wantSkipped, err := ListSourceSkipping(source)
		if err != nil {
			t.Fatal(err)
		}
		l, err := ScanSource(source)
		if err != nil {
			t.Fatal(err)
		}
		got, err := l.Paths()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) || l.Count != len(want) {
			t.Errorf("%s: Listing walks (count %d)\n%q\nListSourceSkipping lists\n%q", source, l.Count, got, want)
		}
		if len(l.Skipped) != len(wantSkipped) {
			t.Errorf("%s: skipped %v, want %v", source, l.Skipped, wantSkipped)
		}
		if l.Root != SourceRoot(source) {
			t.Errorf("%s: root %s, want %s", source, l.Root, SourceRoot(source))
		}
		// Stopping early yields a prefix.
		var first []string
		l.Walk(func(p string) bool { first = append(first, p); return len(first) < 3 })
		if n := min(3, len(want)); !slices.Equal(first, want[:n]) {
			t.Errorf("%s: walk stopped after 3 gives %q, want %q", source, first, want[:n])
		}
	}
}

// TestSpreadListing checks that the pool SampleListing takes from a walk is
// SampleSource's pool (spread) of the listed pages.
func TestSpreadListing(t *testing.T) {
	src := t.TempDir()
	for i := range 57 {
		p := filepath.Join(src, fmt.Sprintf("d%d", i%4), fmt.Sprintf("%03d.htm", i))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte("<p>x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l, err := ScanSource(src)
	if err != nil {
		t.Fatal(err)
	}
	paths, _ := l.Paths()
	for _, n := range []int{1, 2, 5, 20, 28, 56, 57, 80} {
		got, err := spreadListing(l, n)
		if err != nil {
			t.Fatal(err)
		}
		if want := spread(paths, n); !slices.Equal(got, want) {
			t.Errorf("n=%d: %q, want %q", n, got, want)
		}
	}
}
