package objectrunner_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// sharedData returns ../shared/data, or skips the test when it is absent.
func sharedData(t testing.TB) string {
	t.Helper()
	dir := filepath.Join("..", "shared", "data")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("../shared/data not found (the shared data sits beside the repository): skipping the real-data test")
	}
	return dir
}

// run imports the word lists (CLASS.txt files) into a fresh dictionary store,
// runs the whole pipeline on source and returns the JSON Lines output.
func run(t testing.TB, sodPath, source string, lists []string, induce wrapper.Options) ([]byte, *objectrunner.Report) {
	t.Helper()
	return runWith(t, sodPath, source, lists, objectrunner.Config{Induce: &induce})
}

// runWith is run with cfg (its SOD and Recognizers are set here).
func runWith(t testing.TB, sodPath, source string, lists []string, cfg objectrunner.Config) ([]byte, *objectrunner.Report) {
	t.Helper()
	s, err := sod.Load(sodPath)
	if err != nil {
		t.Fatal(err)
	}
	store, err := dictionaries.Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for _, l := range lists {
		class := strings.TrimSuffix(filepath.Base(l), filepath.Ext(l))
		if _, err := store.ImportFile(context.Background(), class, l, dictionaries.ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := recognizers.ForSOD(s, store)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	cfg.SOD, cfg.Recognizers = s, recs
	rep, err := objectrunner.Run(context.Background(), source, cfg, func(o *wrapper.Object) error {
		b, err := json.Marshal(o)
		out.Write(b)
		out.WriteByte('\n')
		return err
	})
	if err != nil {
		t.Fatalf("%s: %v", source, err)
	}
	return out.Bytes(), rep
}

// score evaluates results against truth and logs the report's table.
func score(t testing.TB, truth *eval.Truth, results []byte, opts eval.Options) *eval.Report {
	t.Helper()
	res, err := eval.ReadResults(bytes.NewReader(results), "results")
	if err != nil {
		t.Fatal(err)
	}
	rep := eval.Score(truth, res, opts)
	var b strings.Builder
	rep.WriteText(&b)
	t.Logf("\n%s", b.String())
	return rep
}

// TestExamples runs every example source with an expected.jsonl through the
// whole pipeline (dictionaries seeded from the source's word lists) and
// checks record-level and per-field scores against the floors reached so far.
func TestExamples(t *testing.T) {
	// Floors: the acceptance bar (measured: 1.000 everywhere).
	const floor = 0.98
	dirs, _ := filepath.Glob(filepath.Join("examples", "*", "expected.jsonl"))
	if len(dirs) == 0 {
		t.Fatal("no examples/*/expected.jsonl")
	}
	for _, exp := range dirs {
		dir := filepath.Dir(exp)
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			lists, _ := filepath.Glob(filepath.Join(dir, "dictionaries", "*.txt"))
			out, rep := run(t, filepath.Join(dir, "sod.toml"), filepath.Join(dir, "pages"), lists, wrapper.DefaultOptions())
			truth, err := eval.LoadJSONL(exp)
			if err != nil {
				t.Fatal(err)
			}
			r := score(t, truth, out, eval.Options{Show: 3})
			t.Logf("%s: %d objects from %d pages, %d unfit", name, rep.Objects, rep.Pages, rep.UnfitPages())
			if r.Records.Precision < floor || r.Records.Recall < floor {
				t.Errorf("%s: records P=%.3f R=%.3f, want >= %.2f", name, r.Records.Precision, r.Records.Recall, floor)
			}
			if len(r.Attributes) == 0 {
				t.Errorf("%s: no attribute scored", name)
			}
			for _, a := range r.Attributes {
				if a.Value.F1 < floor {
					t.Errorf("%s: %s value F1 = %.3f, want >= %.2f", name, a.Name, a.Value.F1, floor)
				}
			}
		})
	}
}

// TestSWDEBooks is the acceptance test on real pages: all 2,000 SWDE
// booksamillion pages, the SWDE book SOD from examples/, the noisy book
// gazetteers as the only seed dictionaries. Nothing in the code knows the site.
func TestSWDEBooks(t *testing.T) {
	data := sharedData(t)
	lists, _ := filepath.Glob(filepath.Join(data, "gazetteers", "book", "*.txt"))
	truth, err := eval.LoadSWDE(filepath.Join(data, "swde", "groundtruth", "book-booksamillion"))
	if err != nil {
		t.Fatal(err)
	}
	// Floors per attribute: value-level F1 (measured 1.000 for all five; the
	// issue's acceptance bar is 0.95).
	floors := map[string]float64{"title": 0.99, "author": 0.99, "isbn_13": 0.99, "publisher": 0.99, "publication_date": 0.99}
	out, rep := run(t, filepath.Join("examples", "swde-book", "sod.toml"), filepath.Join(data, "swde", "book-booksamillion"), lists, wrapper.DefaultOptions())
	t.Logf("sample %v, induction %v, extraction %v; %d objects, %d unfit pages",
		rep.SampleTime, rep.InduceTime, rep.ExtractTime, rep.Objects, rep.UnfitPages())
	r := score(t, truth, out, eval.Options{Show: 3})
	for _, a := range r.Attributes {
		floor, ok := floors[a.Name]
		if !ok {
			t.Errorf("unexpected attribute %q in the report", a.Name)
		}
		if a.Value.F1 < floor {
			t.Errorf("%s: value F1 = %.3f, want >= %.2f", a.Name, a.Value.F1, floor)
		}
	}
	if testing.Short() {
		return
	}
	plain := wrapper.DefaultOptions()
	plain.Annotations = false
	out, _ = run(t, filepath.Join("examples", "swde-book", "sod.toml"), filepath.Join(data, "swde", "book-booksamillion"), lists, plain)
	t.Log("plain ExAlg (annotations not used for token roles):")
	score(t, truth, out, eval.Options{Show: 0})
}
