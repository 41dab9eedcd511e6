package objectrunner_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// TestRunSaysWhyNoPageWasAnnotated: when every page fails annotation (here a
// catastrophic user regex that times out), the run fails with the cause, not
// with a bare "0 hits".
func TestRunSaysWhyNoPageWasAnnotated(t *testing.T) {
	dir := t.TempDir()
	sodText := "object = \"x\"\n[entity.a]\nregex = '(a+)+$'\ntimeout = \"100ms\"\n[tuple.x]\na = \"1\"\n"
	page := "<html><body><p>" + strings.Repeat("a", 30000) + "!</p></body></html>"
	for name, text := range map[string]string{"sod.toml": sodText, "p1.html": page, "p2.html": page} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := sod.Load(filepath.Join(dir, "sod.toml"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = objectrunner.Run(context.Background(), dir, objectrunner.Config{SOD: s, Recognizers: recs},
		func(*wrapper.Object) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "timed out") || !strings.Contains(err.Error(), "could not be annotated") {
		t.Fatalf("Run() error = %v, want one that says the pages could not be annotated because the regex timed out", err)
	}
}
