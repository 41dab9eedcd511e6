package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// learnedWrapper learns and saves the books-a list wrapper once per test.
func learnedWrapper(t *testing.T) (wrapperFile, pages string) {
	t.Helper()
	src := filepath.Join("..", "..", "examples", "books-a")
	wrapperFile = filepath.Join(t.TempDir(), "w.json")
	status, _, stderr := runCLI(t, "extract", "-q", "--dict-dir", t.TempDir(), "--import", filepath.Join(src, "dictionaries"),
		"--sod", filepath.Join(src, "sod.toml"), "--source", filepath.Join(src, "pages"), "--save-wrapper", wrapperFile)
	if status != 0 {
		t.Fatalf("learn: status %d, stderr:\n%s", status, stderr)
	}
	return wrapperFile, filepath.Join(src, "pages")
}

// TestExtractOutputFile: -o FILE is replaced only by a run that succeeds;
// a run that fails before or after writing anything leaves a previous
// output as it was, and no temporary file behind.
func TestExtractOutputFile(t *testing.T) {
	wrapperFile, pages := learnedWrapper(t)
	other := filepath.Join("..", "..", "examples", "concerts-b", "pages") // another template
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name    string
		ctx     context.Context
		source  string
		status  int
		replace bool
		stderr  string
	}{
		{"source missing", context.Background(), filepath.Join(t.TempDir(), "nope"), 1, false, "does not exist"},
		{"no pages", context.Background(), t.TempDir(), 1, false, "no pages"},
		{"another template: no objects, with the reason", context.Background(), other, 1, false, "no list where the records were learned"},
		{"cancelled before the first page", cancelled, pages, 1, false, "interrupted after 0 of 27 pages"},
		{"success", context.Background(), pages, 0, true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out.jsonl")
			if err := os.WriteFile(out, []byte("{\"good\":1}\n"), 0o640); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			m := &Main{Stdout: &stdout, Stderr: &stderr}
			status := m.Run(tc.ctx, []string{"extract", "-q", "--wrapper", wrapperFile, "--source", tc.source, "-o", out})
			if status != tc.status || !strings.Contains(stderr.String(), tc.stderr) {
				t.Fatalf("status %d, want %d; stderr does not contain %q:\n%s", status, tc.status, tc.stderr, stderr.String())
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if replaced := string(got) != "{\"good\":1}\n"; replaced != tc.replace {
				t.Errorf("output replaced: %v, want %v", replaced, tc.replace)
			}
			if tc.replace && bytes.Count(got, []byte("\n")) != 193 {
				t.Errorf("%d lines written, want 193", bytes.Count(got, []byte("\n")))
			}
			if st, _ := os.Stat(out); st.Mode().Perm() != 0o640 {
				t.Errorf("mode %v, want the previous file's 0640", st.Mode().Perm())
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != 1 {
				var names []string
				for _, e := range entries {
					names = append(names, e.Name())
				}
				t.Errorf("files left beside the output: %v", names)
			}
		})
	}
}

// TestExtractOutputNotWritable: an output directory that cannot be written
// is reported before any work is done.
func TestExtractOutputNotWritable(t *testing.T) {
	wrapperFile, pages := learnedWrapper(t)
	status, _, stderr := runCLI(t, "extract", "-q", "--wrapper", wrapperFile, "--source", pages, "-o", filepath.Join(t.TempDir(), "no", "such", "dir", "out.jsonl"))
	if status != 1 || !strings.Contains(stderr, "cannot write") || strings.Contains(stderr, "msg=extracted") {
		t.Fatalf("status %d, stderr:\n%s", status, stderr)
	}
}

// brokenPipe fails every write as a pipe without reader does.
type brokenPipe struct{}

func (brokenPipe) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EPIPE}
}

// TestExtractBrokenPipe: when the reader of standard output goes away
// (objectrunner extract | head -1) the run stops with status 141 and no
// error message.
func TestExtractBrokenPipe(t *testing.T) {
	wrapperFile, pages := learnedWrapper(t)
	var stderr bytes.Buffer
	m := &Main{Stdout: brokenPipe{}, Stderr: &stderr}
	if status := m.Run(context.Background(), []string{"extract", "-q", "--wrapper", wrapperFile, "--source", pages}); status != exitBrokenPipe {
		t.Fatalf("status %d, want %d; stderr:\n%s", status, exitBrokenPipe, stderr.String())
	}
	if strings.Contains(stderr.String(), "objectrunner extract:") || strings.Contains(stderr.String(), "broken pipe") {
		t.Errorf("an error was printed:\n%s", stderr.String())
	}
}

func TestExitStatus(t *testing.T) {
	for _, tc := range []struct {
		status int
		sig    os.Signal
		want   int
	}{
		{0, nil, 0}, {1, nil, 1}, {2, nil, 2},
		{0, os.Interrupt, 0}, // finished before noticing
		{1, os.Interrupt, 130}, {1, syscall.SIGTERM, 143},
		{exitBrokenPipe, nil, 141},
	} {
		if got := signalStatus(tc.status, tc.sig); got != tc.want {
			t.Errorf("signalStatus(%d, %v) = %d, want %d", tc.status, tc.sig, got, tc.want)
		}
	}
}
