package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestWrapperShowExplain learns a wrapper on a detail example with
// --save-explain and prints its explanation; a wrapper saved without it
// gets an error saying how to get one.
func TestWrapperShowExplain(t *testing.T) {
	src := filepath.Join("..", "..", "examples", "bookdetail-a")
	dicts := t.TempDir()
	dir := t.TempDir()
	with, without := filepath.Join(dir, "with.json"), filepath.Join(dir, "without.json")
	for _, c := range []struct {
		file  string
		extra []string
	}{{with, []string{"--save-explain"}}, {without, nil}} {
		args := append([]string{"extract", "-q", "--dict-dir", dicts, "--import", filepath.Join(src, "dictionaries"),
			"--sod", filepath.Join(src, "sod.toml"), "--source", filepath.Join(src, "pages"), "-o", filepath.Join(dir, "out.jsonl"),
			"--save-wrapper", c.file}, c.extra...)
		if status, _, stderr := runCLI(t, args...); status != 0 {
			t.Fatalf("extract %v: status %d\n%s", c.extra, status, stderr)
		}
	}
	status, out, stderr := runCLI(t, "wrapper", "show", "--explain", with)
	if status != 0 {
		t.Fatalf("show --explain: status %d\n%s", status, stderr)
	}
	for _, want := range []string{"title: slot ", "isbn_13: slot ", "* slot ", "total ", "annotations "} {
		if !strings.Contains(out, want) {
			t.Errorf("show --explain: no %q in\n%s", want, out)
		}
	}
	status, _, stderr = runCLI(t, "wrapper", "show", "--explain", without)
	if status != 1 || !strings.Contains(stderr, "--save-explain") {
		t.Errorf("show --explain without explanation: status %d, stderr %q", status, stderr)
	}
	if status, _, stderr := runCLI(t, "extract", "--sod", filepath.Join(src, "sod.toml"), "--source", filepath.Join(src, "pages"), "--save-explain"); status != 2 || !strings.Contains(stderr, "--save-wrapper") {
		t.Errorf("--save-explain alone: status %d, stderr %q", status, stderr)
	}
}
