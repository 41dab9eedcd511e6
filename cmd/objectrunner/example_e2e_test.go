package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/examples/zoo"
)

// fieldByPage reads field's value on each page from JSON Lines objects
// (output or a zoo source's expected.jsonl), "" where the object has none.
func fieldByPage(t *testing.T, jsonl, field string) map[string]string {
	t.Helper()
	got := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(jsonl))
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var o struct {
			Page   string         `json:"page"`
			Object map[string]any `json:"object"`
		}
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		if v, ok := o.Object[field]; ok {
			got[o.Page] = fmt.Sprint(v)
		} else {
			got[o.Page] = ""
		}
	}
	return got
}

// exampleRoundTrip runs extract with --example (learning with the
// example, saving the answers and the wrapper), then --answers with the
// saved answers and --wrapper with the saved wrapper, and requires the
// same objects from all three and no pin-unmatched diagnostic. It
// returns the objects.
func exampleRoundTrip(t *testing.T, base []string, example string) string {
	t.Helper()
	tmp := t.TempDir()
	answers, saved := filepath.Join(tmp, "answers.json"), filepath.Join(tmp, "w.json")
	status, out, stderr := runCLI(t, append(base, "--example", example, "--save-answers", answers, "--save-wrapper", saved)...)
	if status != 0 || strings.Contains(stderr, "pin-unmatched") {
		t.Fatalf("--example %s: status %d:\n%s", example, status, stderr)
	}
	status, again, stderr := runCLI(t, append(base, "--answers", answers)...)
	if status != 0 || again != out {
		t.Fatalf("--answers replayed: status %d, same objects %v:\n%s", status, again == out, stderr)
	}
	var src string
	for i, a := range base {
		if a == "--source" {
			src = base[i+1]
		}
	}
	status, reapplied, stderr := runCLI(t, "extract", "-q", "--wrapper", saved, "--source", src)
	if status != 0 || reapplied != out {
		t.Fatalf("the saved wrapper reapplied: status %d, same objects %v:\n%s", status, reapplied == out, stderr)
	}
	return out
}

// TestExampleZoo: teaching by example end to end on a zoo template (seed
// 12, a player page): the team's true value on one page, given as
// --example, pins the team; every object then gives its true team, and the
// saved answers and wrapper give the same objects.
func TestExampleZoo(t *testing.T) {
	src := zoo.Generate(12)
	dir := t.TempDir()
	if err := src.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	want := fieldByPage(t, string(src.Expected), "team")
	if want["0003.html"] == "" {
		t.Fatalf("seed 12 has no team on 0003.html: %v", want)
	}
	base := []string{"extract", "-q", "--dict-dir", t.TempDir(), "--import", filepath.Join(dir, "dictionaries"),
		"--sod", filepath.Join(dir, "sod.toml"), "--source", filepath.Join(dir, "pages")}
	out := exampleRoundTrip(t, base, "team="+want["0003.html"]+"@0003.html")
	got := fieldByPage(t, out, "team")
	if len(got) < len(want)/2 {
		t.Fatalf("%d objects of %d pages", len(got), len(want))
	}
	for p, v := range got { // the duplicate pages give no object
		if v != want[p] {
			t.Errorf("%s: team %q, want %q", p, v, want[p])
		}
	}
}

// TestExampleSWDE: teaching by example end to end on a real SWDE page
// set (auto-carquotes): the model copied as the page shows it, "2011 BMW
// Z4 Overview" (the heading, whose "Overview" is template text), pins the
// model to the heading's slot: every page gives its heading's model
// (SWDE's label less " Overview"), where the score alone reads a link's
// shorter text; the saved answers and wrapper give the same objects.
func TestExampleSWDE(t *testing.T) {
	data := swdeData(t)
	pages := filepath.Join(data, "swde", "auto-carquotes")
	truth, err := os.ReadFile(filepath.Join(data, "swde", "groundtruth", "auto-carquotes-model.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, line := range strings.Split(string(truth), "\n")[2:] {
		f := strings.Split(strings.TrimRight(line, "\r"), "\t")
		if len(f) < 3 {
			continue
		}
		if _, err := os.Stat(filepath.Join(pages, f[0]+".htm")); err == nil {
			want[f[0]+".htm"] = strings.TrimSuffix(f[2], " Overview")
		}
	}
	if want["0000.htm"] != "2011 BMW Z4" {
		t.Fatalf("the truth of 0000.htm is %q", want["0000.htm"])
	}
	real := filepath.Join("..", "..", "examples", "real", "auto-carquotes")
	base := []string{"extract", "-q", "--dict-dir", t.TempDir(), "--import", filepath.Join(real, "dictionaries"),
		"--sod", filepath.Join(real, "sod.toml"), "--source", pages}
	out := exampleRoundTrip(t, base, "model=2011 BMW Z4 Overview@0000.htm")
	got := fieldByPage(t, out, "model")
	for p, v := range want {
		if got[p] != v {
			t.Errorf("%s: model %q, want %q", p, got[p], v)
		}
	}
}
