package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWrapperShow: the template is printed one element per line, each
// slot numbered and named by its fields; a slot two fields share says so
// and how each reads it.
func TestWrapperShow(t *testing.T) {
	wrapperFile, _ := learnedWrapper(t)
	status, out, stderr := runCLI(t, "wrapper", "show", wrapperFile)
	if status != 0 {
		t.Fatalf("status %d\n%s", status, stderr)
	}
	_, tmpl, ok := strings.Cut(out, "\nTemplate (a slot is *N, *N:field when a field reads it):\n")
	if !ok {
		t.Fatalf("no template heading:\n%s", out)
	}
	lines := strings.Split(strings.TrimRight(tmpl, "\n"), "\n")
	if len(lines) < 10 {
		t.Errorf("the template takes %d lines, want one element per line:\n%s", len(lines), tmpl)
	}
	for _, want := range []string{"<tr>", "    <a> *1:title</a>", "      <span> *7:price</span>", "</tr>"} {
		found := false
		for _, l := range lines {
			found = found || l == want
		}
		if !found {
			t.Errorf("the template has no line %q:\n%s", want, tmpl)
		}
	}
	for _, l := range lines {
		if len(l) > 160 {
			t.Errorf("template line of %d characters: %.80q…", len(l), l)
		}
	}
	if !strings.Contains(out, "slot 2    → date") || !strings.Contains(out, "segment 2 from the left") {
		t.Errorf("the slots do not say how the date is read:\n%s", out)
	}

	// Two fields in one slot: the wrapper file maps slot 2 to price too.
	b, _ := os.ReadFile(wrapperFile)
	var f map[string]any
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	f["slots"] = append(f["slots"].([]any), map[string]any{"slot": 2, "field": "price", "type": "price", "share": 1, "coverage": 1, "part": true})
	shared := filepath.Join(t.TempDir(), "shared.json")
	b, _ = json.Marshal(f)
	os.WriteFile(shared, b, 0o644)
	status, out, stderr = runCLI(t, "wrapper", "show", shared)
	if status != 0 {
		t.Fatalf("status %d\n%s", status, stderr)
	}
	for _, want := range []string{
		"slot 2 is shared by date and price, each reading its part:",
		"the slot's text less the instance of the field that shares it",
		"<span> ( *2:date+price )</span>",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("wrapper show of a shared slot lacks %q:\n%s", want, out)
		}
	}
}
