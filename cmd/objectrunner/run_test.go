package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRun runs the three concert examples as one corpus, two at a time,
// with per-source outputs, a repository and a JSON report.
func TestRun(t *testing.T) {
	ex := filepath.Join("..", "..", "examples")
	dir := t.TempDir()
	out, repo, report := filepath.Join(dir, "out"), filepath.Join(dir, "repo"), filepath.Join(dir, "report.json")
	status, stdout, stderr := runCLI(t, "run", "-q", "--sod", filepath.Join(ex, "concerts-a", "sod.toml"),
		"--dict-dir", filepath.Join(dir, "dict"), "--import", filepath.Join(ex, "concerts-a", "dictionaries"),
		"--out", out, "--repo", repo, "--report", report, "--jobs", "2",
		filepath.Join(ex, "concerts-a"), filepath.Join(ex, "concerts-b"), filepath.Join(ex, "concerts-c"))
	if status != 0 {
		t.Fatalf("status %d, stderr:\n%s", status, stderr)
	}
	if stdout != "" {
		t.Errorf("stdout is not empty: %q", stdout)
	}
	for _, want := range []string{"source  round  status", "concerts-c      2      ok", "3 sources: 3 ok, 0 discarded, 0 failed; 2 rounds of up to 2", "after round 1: dictionary artist +"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Rounds  int `json:"rounds"`
		Sources []struct {
			Name     string `json:"name"`
			Output   string `json:"output"`
			Indexed  int    `json:"indexed"`
			Attempts []struct {
				Status  string             `json:"status"`
				Objects int                `json:"objects"`
				Fill    map[string]float64 `json:"fill"`
			} `json:"attempts"`
		} `json:"sources"`
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatalf("report: %v\n%s", err, b)
	}
	want := map[string]int{"concerts-a": 200, "concerts-b": 156, "concerts-c": 190}
	for _, s := range rep.Sources {
		a := s.Attempts[len(s.Attempts)-1]
		if a.Status != "ok" || a.Objects != want[s.Name] || s.Indexed != want[s.Name] || a.Fill["performer"] != 1 {
			t.Errorf("report of %s: %+v", s.Name, s)
		}
		if fi, err := os.Stat(filepath.Join(out, s.Name+".jsonl")); err != nil || fi.Size() == 0 {
			t.Errorf("%s: output %v", s.Name, err)
		}
		if _, err := os.Stat(filepath.Join(out, s.Name+".wrapper.json")); err != nil {
			t.Errorf("%s: wrapper %v", s.Name, err)
		}
	}
	if len(rep.Sources) != 3 || rep.Rounds != 2 {
		t.Errorf("report: %d sources, %d rounds", len(rep.Sources), rep.Rounds)
	}
	// The saved wrapper applies as extract's does.
	status, stdout, stderr = runCLI(t, "extract", "-q", "--wrapper", filepath.Join(out, "concerts-b.wrapper.json"),
		"--source", filepath.Join(ex, "concerts-b", "pages"))
	if status != 0 || strings.Count(stdout, "\n") != 156 {
		t.Errorf("reapplying a saved wrapper: status %d, %d objects\n%s", status, strings.Count(stdout, "\n"), stderr)
	}
}

func TestRunErrors(t *testing.T) {
	ex := filepath.Join("..", "..", "examples")
	sodPath := filepath.Join(ex, "concerts-a", "sod.toml")
	empty := t.TempDir()
	os.MkdirAll(filepath.Join(empty, "nothing"), 0o755)
	tests := []struct {
		name   string
		args   []string
		status int
		want   string
	}{
		{"no sod", []string{"run", "--out", t.TempDir(), ex}, 2, "--sod is required"},
		{"no sources", []string{"run", "--sod", sodPath, "--out", t.TempDir()}, 2, "give --corpus DIR or source directories"},
		{"both", []string{"run", "--sod", sodPath, "--out", t.TempDir(), "--corpus", ex, ex}, 2, "not both"},
		{"no output", []string{"run", "--sod", sodPath, ex}, 2, "give --out DIR"},
		{"bad jobs", []string{"run", "--sod", sodPath, "--out", t.TempDir(), "--jobs", "0", ex}, 2, "--jobs must be at least 1"},
		{"missing source", []string{"run", "--sod", sodPath, "--out", t.TempDir(), filepath.Join(empty, "missing")}, 1, "no such file"},
		{"nothing to extract", []string{"run", "-q", "--sod", sodPath, "--dict-dir", t.TempDir(), "--import", filepath.Join(ex, "concerts-a", "dictionaries"),
			"--out", t.TempDir(), "--corpus", empty}, 1, "no source gave objects (0 discarded, 1 failed)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, _, stderr := runCLI(t, tc.args...)
			if status != tc.status || !strings.Contains(stderr, tc.want) {
				t.Errorf("status %d, want %d; stderr should contain %q:\n%s", status, tc.status, tc.want, stderr)
			}
		})
	}
}
