package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/warc"
)

// writeWARC stores the pages of dir in a WARC file as responses of
// http://HOST/PREFIX/NAME.
func writeWARC(t *testing.T, path, dir, host, prefix string) {
	t.Helper()
	w, err := warc.Create(path, warc.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := w.WriteExchange(&warc.Exchange{URL: "http://" + host + "/" + prefix + "/" + e.Name(), Status: 200,
			Header: http.Header{"Content-Type": {"text/html"}}, Body: data}); err != nil {
			t.Fatal(err)
		}
	}
}

// objectsByPage decodes JSON Lines objects keyed by page (with prefix
// cut) and index.
func objectsByPage(t *testing.T, out, prefix string) []string {
	t.Helper()
	var keys []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var o map[string]any
		if err := json.Unmarshal([]byte(line), &o); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		page, _ := o["page"].(string)
		if !strings.HasPrefix(page, prefix) {
			t.Errorf("page %q lacks prefix %q", page, prefix)
		}
		o["page"] = strings.TrimPrefix(page, prefix)
		b, _ := json.Marshal(map[string]any{"page": o["page"], "index": o["index"], "object": o["object"]})
		keys = append(keys, string(b))
	}
	sort.Strings(keys)
	return keys
}

// TestExtractWARC: a WARC source (one file, a glob, a comma list, with
// pages of another site filtered out by --host or --url) gives the same
// objects as the directory its pages came from.
func TestExtractWARC(t *testing.T) {
	src := filepath.Join("..", "..", "examples", "books-a")
	pages := filepath.Join(src, "pages")
	sodPath := filepath.Join(src, "sod.toml")
	dicts := t.TempDir()
	status, want, stderr := runCLI(t, "extract", "-q", "--dict-dir", dicts, "--import", filepath.Join(src, "dictionaries"), "--sod", sodPath, "--source", pages)
	if status != 0 {
		t.Fatalf("directory: status %d:\n%s", status, stderr)
	}
	wantKeys := objectsByPage(t, want, "")

	dir := t.TempDir()
	shop := filepath.Join(dir, "shop.warc.gz")
	other := filepath.Join(dir, "other.warc.gz")
	writeWARC(t, shop, pages, "shop.test", "books")
	writeWARC(t, other, filepath.Join("..", "..", "examples", "concerts-a", "pages"), "other.test", "concerts")

	tests := []struct {
		name string
		args []string
	}{
		{"one file", []string{"--source", shop}},
		{"glob with host filter", []string{"--source", filepath.Join(dir, "*.warc.gz"), "--host", "shop.test"}},
		{"list with URL filter", []string{"--source", other + "," + shop, "--url", `^http://shop\.test/books/`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"extract", "-q", "--dict-dir", dicts, "--sod", sodPath}, tc.args...)
			status, out, stderr := runCLI(t, args...)
			if status != 0 {
				t.Fatalf("status %d:\n%s", status, stderr)
			}
			got := objectsByPage(t, out, "shop.test/books/")
			if strings.Join(got, "\n") != strings.Join(wantKeys, "\n") {
				t.Errorf("WARC source: %d objects differ from the directory's %d", len(got), len(wantKeys))
			}
		})
	}
	// Errors name the source and the filter.
	status, _, stderr = runCLI(t, "extract", "-q", "--dict-dir", dicts, "--sod", sodPath, "--source", shop, "--host", "nowhere.test")
	if status != 1 || !strings.Contains(stderr, "no HTML response with status 200 of hosts nowhere.test") {
		t.Errorf("no page kept: status %d, stderr:\n%s", status, stderr)
	}
	status, _, stderr = runCLI(t, "extract", "-q", "--dict-dir", dicts, "--sod", sodPath, "--source", shop, "--url", "(")
	if status != 2 || !strings.Contains(stderr, "--url:") {
		t.Errorf("bad --url: status %d, stderr:\n%s", status, stderr)
	}
	// annotate reads the WARC source too.
	status, out, stderr := runCLI(t, "annotate", "--dict-dir", dicts, "--sod", sodPath, "--source", shop, "--out", t.TempDir())
	if status != 0 || !strings.Contains(out, "27 pages") {
		t.Errorf("annotate: status %d, stdout:\n%s\nstderr:\n%s", status, out, stderr)
	}
}

// TestCrawlExtract: crawl a local server of the books-a pages, then
// extract from the WARC file: the same objects as from the directory.
func TestCrawlExtract(t *testing.T) {
	src := filepath.Join("..", "..", "examples", "books-a")
	pages := filepath.Join(src, "pages")
	sodPath := filepath.Join(src, "sod.toml")
	srv := httptest.NewServer(http.FileServer(http.Dir(pages)))
	defer srv.Close()
	out := filepath.Join(t.TempDir(), "books.warc.gz")
	status, _, stderr := runCLI(t, "crawl", "-q", "--delay", "1ms", "--max-depth", "1", "--user-agent", "objectrunner-test", "-o", out, srv.URL+"/")
	if status != 0 {
		t.Fatalf("crawl: status %d:\n%s", status, stderr)
	}
	dicts := t.TempDir()
	status, want, stderr := runCLI(t, "extract", "-q", "--dict-dir", dicts, "--import", filepath.Join(src, "dictionaries"), "--sod", sodPath, "--source", pages)
	if status != 0 {
		t.Fatalf("directory: status %d:\n%s", status, stderr)
	}
	// The directory listing at / is a page of another template: --url keeps the books.
	status, got, stderr := runCLI(t, "extract", "-q", "--dict-dir", dicts, "--sod", sodPath, "--source", out, "--url", `/\d+\.html$`)
	if status != 0 {
		t.Fatalf("WARC: status %d:\n%s", status, stderr)
	}
	host := strings.TrimPrefix(srv.URL, "http://")
	host = strings.ReplaceAll(host, ":", "_")
	w, g := objectsByPage(t, want, ""), objectsByPage(t, got, host+"/")
	if strings.Join(w, "\n") != strings.Join(g, "\n") {
		t.Errorf("crawl then extract: %d objects, the directory gives %d (or they differ)", len(g), len(w))
	}
	// --templates sets the listing page apart by itself.
	status, got, stderr = runCLI(t, "extract", "-q", "--dict-dir", dicts, "--sod", sodPath, "--source", out, "--templates")
	if status != 0 {
		t.Fatalf("WARC --templates: status %d:\n%s", status, stderr)
	}
	if g := objectsByPage(t, got, host+"/"); strings.Join(w, "\n") != strings.Join(g, "\n") {
		t.Errorf("crawl then extract --templates: %d objects, the directory gives %d (or they differ)", len(g), len(w))
	}
	// crawl --sod: the same in one command, writing the objects to -o and
	// resuming the crawl's WARC file (nothing fetched again).
	objects := filepath.Join(t.TempDir(), "books.jsonl")
	status, _, stderr = runCLI(t, "crawl", "--delay", "1ms", "--max-depth", "1", "--user-agent", "objectrunner-test",
		"--sod", sodPath, "--dict-dir", dicts, "--warc", out, "-o", objects, srv.URL+"/")
	if status != 0 || !strings.Contains(stderr, "fetched=0") || !strings.Contains(stderr, "took "+host+"/{n}.html (27 pages)") ||
		!strings.Contains(stderr, "resumed "+out+": its ") || !strings.Contains(stderr, "not fetched again, 0 new ones were (delete the file to crawl afresh)") {
		t.Fatalf("crawl --sod: status %d:\n%s", status, stderr)
	}
	if b, err := os.ReadFile(objects); err != nil {
		t.Error(err)
	} else if g := objectsByPage(t, string(b), host+"/"); strings.Join(w, "\n") != strings.Join(g, "\n") {
		t.Errorf("crawl --sod: %d objects, the directory gives %d (or they differ)", len(g), len(w))
	}
	// Without --warc, the WARC file is named after -o.
	objects = filepath.Join(t.TempDir(), "again.jsonl")
	status, _, stderr = runCLI(t, "crawl", "-q", "--delay", "1ms", "--max-depth", "1", "--sod", sodPath, "--dict-dir", dicts, "-o", objects, srv.URL+"/")
	if _, err := os.Stat(strings.TrimSuffix(objects, ".jsonl") + ".warc.gz"); status != 0 || err != nil {
		t.Errorf("crawl --sod without --warc: status %d, %v:\n%s", status, err, stderr)
	}
	// sources reads the WARC file: the book pages and the listing.
	status, got, stderr = runCLI(t, "sources", "-q", out)
	if status != 0 || !strings.Contains(got, "28 pages of "+out+" in 2 clusters") || !strings.Contains(got, "27 pages  "+host+"/{n}.html") {
		t.Errorf("sources of the WARC file: status %d\n%s\n%s", status, got, stderr)
	}
	// Usage errors.
	for _, args := range [][]string{{"crawl", srv.URL}, {"crawl", "-o", out}, {"crawl", "-o", out, "--include", "(", srv.URL},
		{"crawl", "--sod", sodPath, srv.URL}, {"crawl", "-o", out, "--warc", out, srv.URL}, {"crawl", "-o", out, "--format", "csv", srv.URL},
		{"crawl", "--sod", sodPath, "-o", "x.warc.gz", "--warc", "x.warc.gz", srv.URL}} {
		if status, _, _ := runCLI(t, args...); status != 2 {
			t.Errorf("%v: status %d, want 2", args, status)
		}
	}
}

// TestRunWARC: run takes WARC files as sources beside directories (named
// after the file), gives the objects extracting the directory gives, and
// indexes them into the repository with their pages read from the WARC.
func TestRunWARC(t *testing.T) {
	ex := filepath.Join("..", "..", "examples")
	pages := filepath.Join(ex, "books-a", "pages")
	sodPath := filepath.Join(ex, "books-a", "sod.toml")
	dir := t.TempDir()
	dicts := filepath.Join(dir, "dict")
	status, want, stderr := runCLI(t, "extract", "-q", "--dict-dir", dicts, "--import", filepath.Join(ex, "books-a", "dictionaries"), "--sod", sodPath, "--source", pages)
	if status != 0 {
		t.Fatalf("directory: status %d:\n%s", status, stderr)
	}
	wantKeys := objectsByPage(t, want, "")
	shop := filepath.Join(dir, "shop.warc.gz")
	writeWARC(t, shop, pages, "shop.test", "books")
	out, repo, report := filepath.Join(dir, "out"), filepath.Join(dir, "repo"), filepath.Join(dir, "report.json")
	status, _, stderr = runCLI(t, "run", "-q", "--sod", sodPath, "--dict-dir", dicts, "--no-grow",
		"--out", out, "--repo", repo, "--report", report, shop, filepath.Join(ex, "books-b"))
	if status != 0 {
		t.Fatalf("run: status %d, stderr:\n%s", status, stderr)
	}
	b, err := os.ReadFile(filepath.Join(out, "shop.jsonl"))
	if err != nil {
		t.Fatalf("the WARC source's output: %v", err)
	}
	got := objectsByPage(t, string(b), "shop.test/books/")
	if strings.Join(got, "\n") != strings.Join(wantKeys, "\n") {
		t.Errorf("run on the WARC source: %d objects differ from the directory's %d", len(got), len(wantKeys))
	}
	var rep struct {
		Sources []struct {
			Name    string `json:"name"`
			Indexed int    `json:"indexed"`
		} `json:"sources"`
	}
	rb, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(rb, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Sources) != 2 || rep.Sources[0].Name != "shop" || rep.Sources[0].Indexed != len(wantKeys) {
		t.Errorf("run report sources %+v, want shop with %d indexed, then books-b", rep.Sources, len(wantKeys))
	}
	// --host and --url select the pages of a WARC source, as extract's:
	// the pages of a second site in the same files are left out, then a
	// URL pattern keeping none of the pages fails the source, naming it.
	other := filepath.Join(dir, "other.warc.gz")
	writeWARC(t, other, filepath.Join(ex, "books-b", "pages"), "other.test", "books")
	mixed := shop + "," + other
	for _, flags := range [][]string{{"--host", "shop.test"}, {"--url", `^http://shop\.test/`}, {"--url-exclude", "other"}} {
		out := filepath.Join(dir, "out-"+strings.TrimPrefix(flags[0], "--"))
		args := append([]string{"run", "-q", "--sod", sodPath, "--dict-dir", dicts, "--no-grow", "--out", out}, flags...)
		status, _, stderr = runCLI(t, append(args, mixed)...)
		if status != 0 {
			t.Fatalf("run %v: status %d, stderr:\n%s", flags, status, stderr)
		}
		b, err := os.ReadFile(filepath.Join(out, "shop.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		if got := objectsByPage(t, string(b), "shop.test/books/"); strings.Join(got, "\n") != strings.Join(wantKeys, "\n") {
			t.Errorf("run %v on two sites' WARC files: %d objects, want the directory's %d", flags, len(got), len(wantKeys))
		}
	}
	status, _, stderr = runCLI(t, "run", "-q", "--sod", sodPath, "--dict-dir", dicts, "--no-grow", "--out", filepath.Join(dir, "out-none"),
		"--url", "nomatch", mixed)
	if status == 0 || !strings.Contains(stderr, "matching nomatch") {
		t.Errorf("run --url keeping no page: status %d, stderr:\n%s", status, stderr)
	}
	status, _, stderr = runCLI(t, "run", "-q", "--sod", sodPath, "--dict-dir", dicts, "--out", filepath.Join(dir, "out-bad"), "--url", "(", mixed)
	if status == 0 || !strings.Contains(stderr, "--url") {
		t.Errorf("run --url with a bad expression: status %d, stderr:\n%s", status, stderr)
	}
	// A file that is neither a directory nor WARC is refused, named.
	notes := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notes, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, _, stderr = runCLI(t, "run", "-q", "--sod", sodPath, "--dict-dir", dicts, "--out", filepath.Join(dir, "out2"), notes)
	if status == 0 || !strings.Contains(stderr, "notes.txt: a source is a directory of pages or WARC files") {
		t.Errorf("a text file as source: status %d, stderr:\n%s", status, stderr)
	}
}
