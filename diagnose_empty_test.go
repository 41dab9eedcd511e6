package objectrunner_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// TestDiagnoseEmptySlot: an optional field whose slot held its values on
// the sample and gives none on the pages extracted is diagnosed
// (empty-slot); one that gives values is not.
func TestDiagnoseEmptySlot(t *testing.T) {
	write := func(dir string, codes []string) {
		t.Helper()
		for i, c := range codes {
			page := fmt.Sprintf("<html><body><h1>Item %c</h1><table><tr><th>Colour</th><td>blue</td></tr>"+
				"<tr><th>Code</th><td>%s</td></tr></table><p>Footer</p></body></html>", 'A'+i, c)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("p%02d.html", i)), []byte(page), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	s, err := sod.Parse("items.toml", []byte("object = \"item\"\n[entity.name]\nregex = 'Item [A-Z]'\n[entity.code]\nregex = '[A-Z]{3}-[0-9]{3}'\n"+
		"[tuple.item]\nname = \"1\"\ncode = \"?\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	run := func(codes []string, w *wrapper.Wrapper) *objectrunner.Report {
		t.Helper()
		dir := t.TempDir()
		write(dir, codes)
		rep, err := objectrunner.Run(context.Background(), dir, objectrunner.Config{SOD: s, Recognizers: recs, Wrapper: w},
			func(*wrapper.Object) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	empty := func(rep *objectrunner.Report) bool {
		return slices.ContainsFunc(objectrunner.Diagnose(rep), func(d objectrunner.Diagnostic) bool {
			return d.Kind == objectrunner.DiagEmptySlot && d.Field == "code"
		})
	}
	var valid, pending []string
	for i := range 8 {
		valid = append(valid, fmt.Sprintf("ABC-%03d", 100+i))
		pending = append(pending, fmt.Sprintf("pending %c", 'a'+i))
	}
	learned := run(valid, nil)
	if st := learned.Fields["code"]; st == nil || st.Objects != 8 {
		t.Fatalf("learning source: code stats %+v, want 8 objects", st)
	}
	if empty(learned) {
		t.Errorf("learning source: code has values, got %v", objectrunner.Diagnose(learned))
	}
	applied := run(pending, learned.Wrapper)
	if st := applied.Fields["code"]; st != nil && st.Objects != 0 {
		t.Fatalf("applied: code stats %+v, want no value", st)
	}
	if !empty(applied) {
		t.Errorf("applied: no code on any of 8 objects, diagnostics %v, want %s on code", objectrunner.Diagnose(applied), objectrunner.DiagEmptySlot)
	}
}
