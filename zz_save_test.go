package objectrunner_test

import (
	"context"
	"os"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper"
)

func TestZZSaveStagesWrapper(t *testing.T) {
	out := os.Getenv("ZZ_OUT")
	if out == "" {
		t.Skip()
	}
	root, paths, raw, _ := stageData(t)
	paths = paths[:len(raw)]
	s, recs := bookRecognizers(t)
	a, err := annotate.NewAnnotator(s, recs, annotate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := annotate.Sample(context.Background(), paths, root, a, annotate.SampleOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := wrapper.Induce(res.Pages, s, wrapper.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	f, _ := os.Create(out)
	defer f.Close()
	if err := w.Save(f); err != nil {
		t.Fatal(err)
	}
}
