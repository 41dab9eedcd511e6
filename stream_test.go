package objectrunner_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/examples/zoo"
	"github.com/objectrunner/objectrunner/wrapper"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// compareBothPaths is compareExtraction with pages tokenized as the stream
// reads them, then as large pages are (mapping.LargePage: the tokens
// counted on the built tree, then made in an array of their number, and
// matched without an array of their keys: mapping.MaxKeyedTokens).
func compareBothPaths(t *testing.T, w *wrapper.Wrapper, root string, paths []string) {
	t.Helper()
	compareExtraction(t, w, root, paths)
	defer func(n, k int) { mapping.LargePage, mapping.MaxKeyedTokens = n, k }(mapping.LargePage, mapping.MaxKeyedTokens)
	mapping.LargePage, mapping.MaxKeyedTokens = 0, 0
	compareExtraction(t, w, root, paths)
}

// extractLines is what extraction writes for a page: its objects as JSON
// lines, then its error.
func extractLines(t *testing.T, objs []*wrapper.Object, err error) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, o := range objs {
		line, jerr := json.Marshal(o)
		if jerr != nil {
			t.Fatal(jerr)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	if err != nil {
		b.WriteString("error: " + err.Error() + "\n")
	}
	return b.Bytes()
}

// compareExtraction extracts every page of paths with w by both paths —
// the tree path (html.Parse, Clean, Extract, the page's URL) and the
// stream (ExtractFile) — and fails on the first page whose output differs.
// The stream's objects are kept and written again once every page is read:
// the pages read later, whose text reuses the buffers of those before
// (annotate.Page.ReleaseText), must not change them.
func compareExtraction(t *testing.T, w *wrapper.Wrapper, root string, paths []string) {
	t.Helper()
	objects := 0
	type kept struct {
		rel  string
		objs []*wrapper.Object
		err  error
		out  []byte
	}
	var all []kept
	for _, p := range paths {
		rel := annotate.SourceRel(root, p)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		page, err := annotate.ParsePageDOM(data, rel, annotate.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		objs, err := w.Extract(page)
		for _, o := range objs {
			o.URL = page.URL // as the tree path of objectrunner.Extract did
		}
		want := extractLines(t, objs, err)
		objs, err = w.ExtractFile(p, rel, annotate.LoadOptions{})
		objects += len(objs)
		got := extractLines(t, objs, err)
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: the stream extracts\n%s\nthe tree path\n%s", rel, got, want)
		}
		all = append(all, kept{rel, objs, err, got})
	}
	for _, k := range all {
		if again := extractLines(t, k.objs, k.err); !bytes.Equal(again, k.out) {
			t.Fatalf("%s: the stream's objects changed after later pages were read:\n%s\nwere\n%s", k.rel, again, k.out)
		}
	}
	t.Logf("%d pages, %d objects: the same output on both paths", len(paths), objects)
}

// TestStreamExtractMatchesDOM learns a wrapper for every example source,
// for template-zoo sources (seeds $OBJECTRUNNER_ZOO_SEEDS, by default
// 1-10) and for the SWDE booksamillion source (from its first 200 pages,
// when ../shared is present), and checks that extraction writes, page by page
// and byte for byte, the same objects and errors whether the page is read
// by the stream (ExtractFile, what `objectrunner extract` does) or parsed
// as a tree by html.Parse and cleaned (Extract on ParsePageDOM).
func TestStreamExtractMatchesDOM(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join("examples", "*", "expected.jsonl"))
	if len(dirs) == 0 {
		t.Fatal("no examples/*/expected.jsonl")
	}
	for _, exp := range dirs {
		dir := filepath.Dir(exp)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			lists, _ := filepath.Glob(filepath.Join(dir, "dictionaries", "*.txt"))
			_, rep := run(t, filepath.Join(dir, "sod.toml"), filepath.Join(dir, "pages"), lists, wrapper.DefaultOptions())
			paths, err := annotate.ListSource(filepath.Join(dir, "pages"))
			if err != nil {
				t.Fatal(err)
			}
			compareBothPaths(t, rep.Wrapper, rep.Root, paths)
		})
	}
	spec := os.Getenv("OBJECTRUNNER_ZOO_SEEDS")
	if spec == "" {
		spec = "1-10" // every domain, list and detail pages
	}
	seeds, err := zoo.ParseSeeds(spec)
	if err != nil {
		t.Fatalf("OBJECTRUNNER_ZOO_SEEDS: %v", err)
	}
	for _, seed := range seeds {
		src := zoo.Generate(seed)
		t.Run("zoo/"+src.Name, func(t *testing.T) {
			dir := t.TempDir()
			if err := src.WriteDir(dir); err != nil {
				t.Fatal(err)
			}
			lists, _ := filepath.Glob(filepath.Join(dir, "dictionaries", "*.txt"))
			_, rep := run(t, filepath.Join(dir, "sod.toml"), filepath.Join(dir, "pages"), lists, wrapper.DefaultOptions())
			if rep.Wrapper == nil {
				t.Skipf("no wrapper learned for %s (the template zoo scores it in TestZoo)", src.Name)
			}
			paths, err := annotate.ListSource(filepath.Join(dir, "pages"))
			if err != nil {
				t.Fatal(err)
			}
			compareBothPaths(t, rep.Wrapper, rep.Root, paths)
		})
	}
	t.Run("swde-booksamillion", func(t *testing.T) {
		root, paths, _, _ := stageData(t)
		w := learnBookWrapper(t, root, paths[:stagePages])
		compareBothPaths(t, w, root, paths)
	})
}
