package main

import (
	"bytes"
	"context"
	"encoding/json"
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
		{"csv", []string{"extract", "-q", "--wrapper", wrapperFile, "--source", pages, "--format", "csv"}, 0, "page,index,artist,date,address,performer\n", ""},
		{"json array", []string{"extract", "-q", "--wrapper", wrapperFile, "--source", pages, "--format", "json"}, 0, "[\n{", ""},
		{"wrapper learned for another SOD", []string{"extract", "-q", "--wrapper", wrapperFile, "--sod", filepath.Join("..", "..", "examples", "swde-book", "sod.toml"), "--source", pages}, 1, "", "learned for another SOD"},
		{"no source", []string{"extract", "--sod", sodPath}, 2, "", "--source is required"},
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
