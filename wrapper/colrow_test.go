package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// listCase is a list SOD, sample pages rendered from generated records
// with their annotations, and a check of the objects of a fresh page.
type listCase struct {
	sod    string
	pages  int
	render func(page int) (src string, marks map[string][]string)
	check  func(t *testing.T, w *Wrapper)
}

func (c listCase) run(t *testing.T) {
	t.Helper()
	s, err := sod.Parse("list.toml", []byte(c.sod))
	if err != nil {
		t.Fatal(err)
	}
	var sample []*annotate.Page
	for i := range c.pages {
		src, m := c.render(i)
		sample = append(sample, pagetest.Marked(t, fmt.Sprint(i), src, m))
	}
	w, err := Induce(sample, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if w.Mode() != ModeRecords {
		t.Fatalf("mode %s, want records", w.Mode())
	}
	c.check(t, w)
}
