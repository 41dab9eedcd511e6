package objectrunner_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/eval"
)

// TestTemplates runs SODs on one directory that mixes a site's list and
// detail pages and another site's pages (Config.Templates): each SOD
// takes the template of its own pages and scores as on them alone.
func TestTemplates(t *testing.T) {
	mix := t.TempDir()
	sources := []string{"books-a", "bookdetail-a", "concerts-a"}
	for _, s := range sources {
		pages, _ := filepath.Glob(filepath.Join("examples", s, "pages", "*.html"))
		if err := os.MkdirAll(filepath.Join(mix, s), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			copyFile(t, p, filepath.Join(mix, s, filepath.Base(p)))
		}
	}
	for _, s := range sources {
		t.Run(s, func(t *testing.T) {
			ex := filepath.Join("examples", s)
			lists, _ := filepath.Glob(filepath.Join(ex, "dictionaries", "*.txt"))
			out, rep := runWith(t, filepath.Join(ex, "sod.toml"), mix, lists, objectrunner.Config{Templates: true})
			tc := rep.Template
			if tc == nil || tc.Templates != 3 || !strings.HasPrefix(tc.Pattern, s+"/") {
				t.Fatalf("template choice %+v, want one of 3 templates, %s/…", tc, s)
			}
			t.Logf("template choice: %s", tc)
			if rep.Pages != tc.Pages || tc.Pages+tc.LeftOut != 133 {
				t.Errorf("pages %d, template %+v: want the template's pages, and the others left out", rep.Pages, tc)
			}
			// Page names as in the source's own truth.
			out = bytes.ReplaceAll(out, []byte(`"page":"`+s+`/`), []byte(`"page":"`))
			f, err := os.Open(filepath.Join(ex, "expected.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			truth, err := eval.ReadJSONL(f, "expected.jsonl")
			if err != nil {
				t.Fatal(err)
			}
			r := score(t, truth, out, eval.Options{})
			for _, a := range r.Attributes {
				if a.Value.F1 < 0.99 {
					t.Errorf("%s: value F1 %.3f", a.Name, a.Value.F1)
				}
			}
		})
	}
}
