package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// confidences returns every leaf confidence of extract's JSON Lines
// output (nested tuples and sets flattened).
func confidences(t *testing.T, out string) []float64 {
	t.Helper()
	var all []float64
	var walk func(x any)
	walk = func(x any) {
		switch v := x.(type) {
		case float64:
			all = append(all, v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var o struct {
			Confidence map[string]any `json:"confidence"`
		}
		if err := json.Unmarshal([]byte(line), &o); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		walk(o.Confidence)
	}
	return all
}

// TestExtractMinConfidence checks extract --min-confidence: with P above
// some values' confidence, exactly the values below P are left out, the
// report counts them (below_confidence, in all and per field), and the
// dictionary growth threshold is now --grow-min-confidence.
func TestExtractMinConfidence(t *testing.T) {
	src := filepath.Join("..", "..", "examples", "bookdetail-a")
	dicts := t.TempDir()
	base := []string{"extract", "-q", "--dict-dir", dicts, "--import", filepath.Join(src, "dictionaries"),
		"--sod", filepath.Join(src, "sod.toml"), "--source", filepath.Join(src, "pages")}
	status, out, stderr := runCLI(t, base...)
	if status != 0 {
		t.Fatalf("status %d, stderr:\n%s", status, stderr)
	}
	all := confidences(t, out)
	lo, hi := slices.Min(all), slices.Max(all)
	if lo == hi {
		t.Fatalf("every value has confidence %v: the source cannot test a minimum", lo)
	}
	p := hi // leaves out every value but the most confident
	below := 0
	for _, c := range all {
		if c < p {
			below++
		}
	}

	report := filepath.Join(t.TempDir(), "report.json")
	status, out, stderr = runCLI(t, append(base, "--min-confidence", jsonNumber(p), "--report", report)...)
	if status != 0 {
		t.Fatalf("--min-confidence %v: status %d, stderr:\n%s", p, status, stderr)
	}
	kept := confidences(t, out)
	if slices.Min(kept) < p {
		t.Errorf("a value of confidence %v is written with --min-confidence %v", slices.Min(kept), p)
	}
	if len(kept)+below != len(all) {
		t.Errorf("%d values kept of %d, want %d left out", len(kept), len(all), below)
	}
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		MinConfidence   float64 `json:"min_confidence"`
		BelowConfidence int     `json:"below_confidence"`
		Fields          []struct {
			Field           string `json:"field"`
			BelowConfidence int    `json:"below_confidence"`
		} `json:"fields"`
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	perField := 0
	for _, f := range rep.Fields {
		perField += f.BelowConfidence
	}
	if rep.MinConfidence != p || rep.BelowConfidence != below || perField != below {
		t.Errorf("report: min_confidence %v, below_confidence %d, per field %d; want %v, %d, %d",
			rep.MinConfidence, rep.BelowConfidence, perField, p, below, below)
	}

	for _, tc := range []struct {
		args    []string
		wantErr string
	}{
		{[]string{"--min-confidence", "1.5"}, "--min-confidence 1.5"},
		{[]string{"--grow-min-confidence", "-1"}, "--grow-min-confidence -1"},
	} {
		status, _, stderr := runCLI(t, append(base, tc.args...)...)
		if status != 2 || !strings.Contains(stderr, tc.wantErr) {
			t.Errorf("%v: status %d, stderr %q; want 2 and %q", tc.args, status, stderr, tc.wantErr)
		}
	}
}

func jsonNumber(f float64) string {
	b, _ := json.Marshal(f)
	return string(b)
}
