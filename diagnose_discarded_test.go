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

// TestDiagnoseDiscardedFields: a source discarded because a mandatory
// type is found on too few pages extracts none of the SOD's fields, and
// Diagnose names each of them (DiagStopped), not only the rare type.
// Before, the other fields (all empty) had no diagnostic.
func TestDiagnoseDiscardedFields(t *testing.T) {
	dir := t.TempDir()
	for i := range 12 {
		page := fmt.Sprintf(`<html><body><h1>Item %d</h1><p>Call (212) 555-%04d</p></body></html>`, i, 1000+i)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%04d.html", i)), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := sod.Parse("d.toml", []byte(`
name = "discarded"
object = "item"
objects = "1"

[tuple.item]
when = "1"
phone = "1"

[entity.when]
predefined = "date"

[entity.phone]
predefined = "phone"
`))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := objectrunner.Run(context.Background(), dir, objectrunner.Config{SOD: s, Recognizers: recs}, func(*wrapper.Object) error { return nil })
	if err == nil {
		t.Fatal("Run: no error, want the source discarded (no date on any page)")
	}
	var named []string
	for _, d := range objectrunner.Diagnose(rep) {
		if d.Kind == objectrunner.DiagStopped {
			named = append(named, d.Field)
		}
	}
	for _, f := range []string{"when", "phone"} {
		if !slices.Contains(named, f) {
			t.Errorf("stopped diagnostics name %v, want %s among them (err %v)", named, f, err)
		}
	}
}
