package eval

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestGolden scores testdata/golden/results.jsonl against truth.jsonl
// and compares the text and JSON reports with report.txt and report.json
// (regenerate them with go test -run Golden -update).
func TestGolden(t *testing.T) {
	dir := filepath.Join("testdata", "golden")
	tr, err := LoadJSONL(filepath.Join(dir, "truth.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := LoadResults(filepath.Join(dir, "results.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	rep := Score(tr, rs, Options{Map: map[string]string{"name": "title"}, Show: DefaultShow})
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	js, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []struct {
		file string
		got  []byte
	}{{"report.txt", text.Bytes()}, {"report.json", append(js, '\n')}} {
		t.Run(g.file, func(t *testing.T) {
			name := filepath.Join(dir, g.file)
			if *update {
				if err := os.WriteFile(name, g.got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(name)
			if err != nil {
				t.Fatalf("%v (run go test -run Golden -update)", err)
			}
			if !bytes.Equal(g.got, want) {
				t.Errorf("%s differs; got:\n%s", name, g.got)
			}
		})
	}
}
