package objectrunner_test

import (
	"bytes"
	"context"
	"encoding/json"

	"path/filepath"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/wrapper"
)

// TestSavedWrapperSameOutput checks that a wrapper saved and loaded again
// extracts exactly what the learned wrapper extracted, on every example
// source: what `extract --save-wrapper` writes is what `extract --wrapper`
// applies.
func TestSavedWrapperSameOutput(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("examples", "*", "pages"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no example sources: %v", err)
	}
	for _, pages := range dirs {
		ex := filepath.Dir(pages)
		t.Run(filepath.Base(ex), func(t *testing.T) {
			lists, _ := filepath.Glob(filepath.Join(ex, "dictionaries", "*.txt"))
			learned, rep := run(t, filepath.Join(ex, "sod.toml"), pages, lists, wrapper.DefaultOptions())
			var buf bytes.Buffer
			if err := rep.Wrapper.Save(&buf); err != nil {
				t.Fatal(err)
			}
			w, err := wrapper.Load(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			_, err = objectrunner.Run(context.Background(), pages, objectrunner.Config{Wrapper: w}, func(o *wrapper.Object) error {
				b, err := json.Marshal(o)
				out.Write(b)
				out.WriteByte('\n')
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(learned, out.Bytes()) {
				a, b := bytes.Split(learned, []byte("\n")), bytes.Split(out.Bytes(), []byte("\n"))
				for i := range min(len(a), len(b)) {
					if !bytes.Equal(a[i], b[i]) {
						t.Fatalf("the saved wrapper extracts differently (%d vs %d lines); first difference, line %d:\nlearned: %s\nsaved:   %s", len(a), len(b), i+1, a[i], b[i])
					}
				}
				t.Fatalf("the saved wrapper extracts differently: %d vs %d lines", len(a), len(b))
			}
		})
	}

}
