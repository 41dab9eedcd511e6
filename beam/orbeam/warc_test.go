package orbeam

import (
	"encoding/json"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"testing"

	"github.com/objectrunner/objectrunner/warc"
)

// writeWARC stores the pages of each directory in dirs in one WARC file
// at path, as responses of http://HOST/p/NAME, the host of dirs[i] being
// hosts[i], as a crawl writes them.
func writeWARC(t *testing.T, path string, dirs, hosts []string) {
	t.Helper()
	w, err := warc.Create(path, warc.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i, dir := range dirs {
		pages, _ := filepath.Glob(filepath.Join(dir, "*.htm*"))
		if len(pages) == 0 {
			t.Fatalf("%s: no pages", dir)
		}
		for _, p := range pages {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := w.WriteExchange(&warc.Exchange{URL: "http://" + hosts[i] + "/p/" + filepath.Base(p), Status: 200,
				Header: http.Header{"Content-Type": {"text/html"}}, Body: data}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// objectsByName returns the sorted object lines of a pipeline's output
// with each object's page cut to its base name, so that the objects of a
// WARC source (pages named HOST/p/NAME) compare with a directory's (NAME).
func objectsByName(t *testing.T, out string) []string {
	t.Helper()
	var lines []string
	for _, line := range sortedLines(t, filepath.Join(out, "round-*", "objects-*.jsonl")) {
		var o map[string]any
		if err := json.Unmarshal([]byte(line), &o); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		page, _ := o["page"].(string)
		o["page"] = path.Base(page)
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	slices.Sort(lines)
	return lines
}

// TestWARCSource: WARC sources (each file also holding another site's
// pages, left out by the URL filter) give, in the pipeline, the objects
// and report `objectrunner run` gives on the same files, and the objects
// (all sources together, pages by base name) and per-source counts the
// pipeline gives from the directories the pages came from.
func TestWARCSource(t *testing.T) {
	ex := filepath.Join("..", "..", "examples")
	dir := t.TempDir()
	lists, _ := filepath.Glob(filepath.Join(ex, "concerts-a", "dictionaries", "*.txt"))
	var dirs, warcs []string
	for _, v := range []string{"a", "b", "c"} {
		src := filepath.Join(ex, "concerts-"+v)
		dirs = append(dirs, src)
		file := filepath.Join(dir, "concerts-"+v+".warc.gz")
		writeWARC(t, file, []string{filepath.Join(src, "pages"), filepath.Join(ex, "books-a", "pages")}, []string{v + ".test", "noise.test"})
		warcs = append(warcs, file)
	}
	var tm timing
	c := corpusCase{name: "concerts-dir", sod: filepath.Join(ex, "concerts-a", "sod.toml"), sources: dirs, lists: lists, jobs: 2}
	outDir, repDir := runBoth(t, c, &tm)
	c.name, c.sources, c.warc = "concerts-warc", warcs, WARCFilter{Exclude: `^http://noise\.test/`}
	outWARC, repWARC := runBoth(t, c, &tm)
	want, got := objectsByName(t, outDir), objectsByName(t, outWARC)
	if len(want) == 0 || !slices.Equal(want, got) {
		t.Errorf("from WARC files the pipeline gave %d objects, from the directories %d; first difference: %s", len(got), len(want), firstDiff(want, got))
	}
	for i, sr := range repDir.Sources {
		a, b := sr.Final(), repWARC.Sources[i].Final()
		if sr.Name != repWARC.Sources[i].Name || a.Status != b.Status || a.Pages != b.Pages || a.Objects != b.Objects {
			t.Errorf("source %s: from the directory %s, %d pages, %d objects; from WARC %s: %s, %d pages, %d objects",
				sr.Name, a.Status, a.Pages, a.Objects, repWARC.Sources[i].Name, b.Status, b.Pages, b.Objects)
		}
	}
}
