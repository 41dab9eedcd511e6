package objectrunner_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// TestRunPagesOrder: RunPages learns the same wrapper, byte for byte, and
// the same objects, whatever the order its iterator yields the pages in
// and the number of workers; objects come in the iterator's order.
// Before: the sample, and with it the wrapper, followed the iterator.
func TestRunPagesOrder(t *testing.T) {
	html, titles, authors := handMadeBooks()
	// One of the six pages the dictionaries know best (0-5: ties for a
	// sample of 5) has a row of its own: whether it is sampled changes
	// the template.
	for i := range html {
		if i == 5 {
			html[i] = strings.Replace(html[i], `<p class="by">`, `<p class="sale">On sale</p><p class="by">`, 1)
		}
	}
	names := make([]string, len(html))
	for i := range html {
		names[i] = fmt.Sprintf("p%02d.html", i)
	}
	s, err := sod.Parse("sod.toml", []byte("name = \"b\"\nobject = \"book\"\nobjects = \"1\"\n[tuple.book]\ntitle = \"1\"\nauthor = \"1\"\n"+
		"[entity.title]\ndictionary = \"title\"\n[entity.author]\ndictionary = \"author\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	store, err := dictionaries.Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for c, vs := range map[string][]string{"title": titles[:6], "author": authors[:6]} {
		if _, err := store.Import(context.Background(), c, strings.NewReader(strings.Join(vs, "\n")+"\n"), dictionaries.ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := recognizers.ForSOD(s, store)
	if err != nil {
		t.Fatal(err)
	}
	run := func(order []int, workers int) (wrapperBytes []byte, objects map[string]string, emitted []string) {
		seq := func(yield func(objectrunner.Page, error) bool) {
			for _, i := range order {
				if !yield(objectrunner.Page{Name: names[i], Data: []byte(html[i])}, nil) {
					return
				}
			}
		}
		induce := wrapper.DefaultOptions()
		// A sample smaller than the source: which pages are chosen matters.
		cfg := objectrunner.Config{SOD: s, Recognizers: recs, Induce: &induce, Workers: workers}
		cfg.Sample.K = 5
		objects = map[string]string{}
		rep, err := objectrunner.RunPages(context.Background(), iter.Seq2[objectrunner.Page, error](seq), cfg, func(o *wrapper.Object) error {
			b, err := json.Marshal(o)
			objects[o.Page] = string(b)
			emitted = append(emitted, o.Page)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := rep.Wrapper.Save(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes(), objects, emitted
	}
	sorted := make([]int, len(names))
	for i := range sorted {
		sorted[i] = i
	}
	reversed := slices.Clone(sorted)
	slices.Reverse(reversed)
	shuffled := []int{7, 2, 11, 0, 5, 9, 1, 10, 3, 8, 6, 4}
	refWrapper, refObjects, _ := run(sorted, 1)
	for _, c := range []struct {
		name    string
		order   []int
		workers int
	}{
		{"sorted, 4 workers", sorted, 4},
		{"reversed, 1 worker", reversed, 1},
		{"shuffled, 4 workers", shuffled, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, objs, emitted := run(c.order, c.workers)
			if !bytes.Equal(w, refWrapper) {
				t.Errorf("the wrapper differs from the one learned from sorted pages with 1 worker")
			}
			for name, o := range refObjects {
				if objs[name] != o {
					t.Errorf("%s: %s, want %s", name, objs[name], o)
				}
			}
			var want []string
			for _, i := range c.order {
				want = append(want, names[i])
			}
			if !slices.Equal(emitted, want) {
				t.Errorf("objects emitted in order %v, want the iterator's %v", emitted, want)
			}
		})
	}
}
