package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// run executes one command line in memory and returns status, stdout, stderr.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Stdout: &out, Stderr: &errb}
	return m.Run(context.Background(), args), out.String(), errb.String()
}

// TestExtract learns a wrapper on an example list source, then reapplies it,
// in every output format, and checks the errors a user can make.
func TestExtract(t *testing.T) {
	src := filepath.Join("..", "..", "examples", "concerts-a")
	sodPath := filepath.Join(src, "sod.toml")
	pages := filepath.Join(src, "pages")
	dicts := t.TempDir()
	wrapperFile := filepath.Join(t.TempDir(), "w.json")

	// Learn, import the seed word lists, save the wrapper.
	status, out, stderr := runCLI(t, "extract", "--dict-dir", dicts, "--import", filepath.Join(src, "dictionaries"),
		"--sod", sodPath, "--source", pages, "--save-wrapper", wrapperFile)
	if status != 0 {
		t.Fatalf("learn: status %d, stderr:\n%s", status, stderr)
	}
	if l, e := strings.Index(stderr, `msg="wrapper learned"`), strings.Index(stderr, "msg=extracted"); l < 0 || e < l {
		t.Errorf("stderr should log the learned wrapper before the extraction summary:\n%s", stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 200 { // examples/concerts-a/expected.jsonl has 200 records
		t.Errorf("learn: %d objects, want 200", len(lines))
	}
	var first struct {
		Page   string         `json:"page"`
		Index  int            `json:"index"`
		Object map[string]any `json:"object"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatalf("first line %q: %v", lines[0], err)
	}
	if first.Page != "0000.html" || first.Object["artist"] == nil {
		t.Errorf("first object = %+v, want page 0000.html with an artist", first)
	}

	tests := []struct {
		name       string
		args       []string
		wantStatus int
		wantOut    string // substring of stdout
		wantErr    string // substring of stderr
	}{
		{"reapply jsonl", []string{"extract", "-q", "--wrapper", wrapperFile, "--source", pages}, 0, `"index":1`, ""},
		{"reapply with the same SOD", []string{"extract", "-q", "--wrapper", wrapperFile, "--sod", sodPath, "--source", pages}, 0, `"page":"0000.html"`, ""},
		{"csv", []string{"extract", "-q", "--wrapper", wrapperFile, "--source", pages, "--format", "csv"}, 0, "page,url,index,artist,date,date.normalized,address,address.normalized,performer\n", ""},
		{"json array", []string{"extract", "-q", "--wrapper", wrapperFile, "--source", pages, "--format", "json"}, 0, "[\n{", ""},
		{"wrapper learned for another SOD", []string{"extract", "-q", "--wrapper", wrapperFile, "--sod", filepath.Join("..", "..", "examples", "swde-book", "sod.toml"), "--source", pages}, 1, "", "learned for another SOD"},
		{"no source", []string{"extract", "--sod", sodPath}, 2, "", "--source is required"},
		{"source as the argument", []string{"extract", "-q", "--wrapper", wrapperFile, pages}, 0, `"page":"0000.html"`, ""},
		{"two sources", []string{"extract", "--wrapper", wrapperFile, pages, pages}, 2, "", "give one source"},
		{"source and an argument", []string{"extract", "--wrapper", wrapperFile, "--source", pages, pages}, 2, "", "unexpected arguments"},
		{"no sod nor wrapper", []string{"extract", "--source", pages}, 2, "", "--sod is required"},
		{"bad format", []string{"extract", "--sod", sodPath, "--source", pages, "--format", "xml"}, 2, "", "--format must be"},
		{"missing wrapper file", []string{"extract", "--wrapper", filepath.Join(t.TempDir(), "nope.json"), "--source", pages}, 1, "", "no such file"},
		{"empty source", []string{"extract", "-q", "--wrapper", wrapperFile, "--source", t.TempDir()}, 1, "", "no pages"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, out, stderr := runCLI(t, tc.args...)
			if status != tc.wantStatus {
				t.Fatalf("status %d, want %d; stderr:\n%s", status, tc.wantStatus, stderr)
			}
			if !strings.Contains(out, tc.wantOut) {
				t.Errorf("stdout does not contain %q:\n%.300s", tc.wantOut, out)
			}
			if !strings.Contains(stderr, tc.wantErr) {
				t.Errorf("stderr does not contain %q:\n%s", tc.wantErr, stderr)
			}
		})
	}
}

// TestExtractWrapperCarriesSOD: a saved wrapper carries its SOD, so that
// extract --wrapper indexes (--repo) and grows dictionaries (--grow)
// without --sod; a wrapper file saved without it asks for --sod.
func TestExtractWrapperCarriesSOD(t *testing.T) {
	wrapperFile, pages := learnedWrapper(t)
	b, err := os.ReadFile(wrapperFile)
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]any
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	sodText, _ := os.ReadFile(filepath.Join("..", "..", "examples", "books-a", "sod.toml"))
	if got, _ := f["sod_text"].(string); got != string(sodText) {
		t.Fatalf("the wrapper file's sod_text is %.80q, want the SOD's text", got)
	}
	repo := t.TempDir()
	status, _, stderr := runCLI(t, "extract", "-q", "--wrapper", wrapperFile, "--source", pages, "--repo", repo, "--name", "books-a")
	if status != 0 {
		t.Fatalf("extract --wrapper --repo without --sod: status %d\n%s", status, stderr)
	}
	status, out, stderr := runCLI(t, "query", "--repo", repo, "--schema")
	if status != 0 || !strings.Contains(out, "books-a") || !strings.Contains(out, "title") {
		t.Errorf("query --schema after extract --wrapper --repo: status %d\n%s\n%s", status, out, stderr)
	}
	status, _, stderr = runCLI(t, "extract", "-q", "--wrapper", wrapperFile, "--source", pages, "--grow", "--dict-dir", t.TempDir())
	if status != 0 {
		t.Errorf("extract --wrapper --grow without --sod: status %d\n%s", status, stderr)
	}

	// A wrapper file without its SOD (saved by an older version).
	delete(f, "sod_text")
	old := filepath.Join(t.TempDir(), "old.json")
	b, _ = json.Marshal(f)
	if err := os.WriteFile(old, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flag := range []string{"--repo", "--grow"} {
		args := []string{"extract", "-q", "--wrapper", old, "--source", pages, flag}
		if flag == "--repo" {
			args = append(args, t.TempDir())
		}
		status, _, stderr = runCLI(t, args...)
		if status != 2 || !strings.Contains(stderr, "was saved without it; give --sod") {
			t.Errorf("%s with a wrapper without its SOD: status %d, want 2 and a hint\n%s", flag, status, stderr)
		}
	}
	// Without --repo or --grow it still extracts.
	if status, out, stderr := runCLI(t, "extract", "-q", "--wrapper", old, "--source", pages); status != 0 || !strings.Contains(out, `"title"`) {
		t.Errorf("extract with a wrapper without its SOD: status %d\n%s", status, stderr)
	}
}

// TestExtractImportRepeated: --import is repeatable and takes word-list
// files as well as directories; every list given is imported (a repeated
// flag once kept only its last value, leaving the other classes missing).
func TestExtractImportRepeated(t *testing.T) {
	src := filepath.Join("..", "..", "examples", "bookdetail-a")
	lists := filepath.Join(src, "dictionaries")
	args := []string{"extract", "-q", "--dict-dir", t.TempDir()}
	for _, class := range []string{"author", "publisher", "title"} {
		args = append(args, "--import", filepath.Join(lists, class+".txt"))
	}
	args = append(args, "--sod", filepath.Join(src, "sod.toml"), filepath.Join(src, "pages"))
	status, files, stderr := runCLI(t, args...)
	if status != 0 {
		t.Fatalf("extract with one --import per word list: status %d, stderr:\n%s", status, stderr)
	}
	status, dir, stderr := runCLI(t, "extract", "-q", "--dict-dir", t.TempDir(), "--import", lists,
		"--sod", filepath.Join(src, "sod.toml"), filepath.Join(src, "pages"))
	if status != 0 {
		t.Fatalf("extract with --import DIR: status %d, stderr:\n%s", status, stderr)
	}
	if files == "" || files != dir {
		t.Errorf("one --import per file gave other objects than --import DIR:\n%s\nvs\n%s", files, dir)
	}
}
