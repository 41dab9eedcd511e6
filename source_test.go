package objectrunner_test

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// TestRunSources runs the same pages as an fs.FS and as an iterator, with
// and without a learned wrapper, and checks that they give the same
// objects; an iterator with a wrapper is consumed as extraction goes, and
// its errors stop the run.
func TestRunSources(t *testing.T) {
	s, err := sod.Parse("e.toml", []byte("object = \"event\"\nobjects = \"+\"\n[tuple.event]\nlink = \"1\"\ndate = \"1\"\nprice = \"1\"\n"+
		"[entity.link]\nattr = \"href\"\nregex = '/e/\\d+$'\n[entity.date]\npredefined = \"date\"\n[entity.price]\npredefined = \"price\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	const n = 120
	site := fstest.MapFS{}
	for p := range n {
		site[fmt.Sprintf("%03d.html", p)] = &fstest.MapFile{Data: eventPage(p)}
	}
	pages := func(yielded *atomic.Int64, fail error) iter.Seq2[objectrunner.Page, error] {
		return func(yield func(objectrunner.Page, error) bool) {
			for p := range n {
				if fail != nil && p == n/2 {
					yield(objectrunner.Page{}, fail)
					return
				}
				if yielded != nil {
					yielded.Store(int64(p + 1))
				}
				if !yield(objectrunner.Page{Name: fmt.Sprintf("%03d.html", p), Data: eventPage(p)}, nil) {
					return
				}
			}
		}
	}
	collect := func(out *[]string) func(o *wrapper.Object) error {
		return func(o *wrapper.Object) error {
			*out = append(*out, fmt.Sprintf("%s %d %s %s %s %s", o.Page, o.Index, o.URL, o.Get("link"), o.Get("date"), o.Get("price")))
			return nil
		}
	}
	cfg := objectrunner.Config{SOD: s, Recognizers: recs, Workers: 2}
	var fromFS, fromIter, streamed []string
	rep, err := objectrunner.RunFS(context.Background(), site, cfg, collect(&fromFS))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pages != n || rep.Objects != 4*n || rep.UnfitPages() != 0 {
		t.Fatalf("RunFS: %d pages, %d objects, %d unfit", rep.Pages, rep.Objects, rep.UnfitPages())
	}
	if want := "001.html 0 https://events.example/list/ [https://events.example/e/10] [March 11, 2024] [$20.00]"; fromFS[3] != want {
		t.Errorf("RunFS object 3 = %q, want %q", fromFS[3], want)
	}
	if _, err := objectrunner.RunPages(context.Background(), pages(nil, nil), cfg, collect(&fromIter)); err != nil {
		t.Fatal(err)
	}
	if strings.Join(fromIter, "\n") != strings.Join(fromFS, "\n") {
		t.Errorf("RunPages learning gives other objects than RunFS")
	}
	// With the wrapper: streamed, the iterator read as extraction goes.
	cfg.Wrapper = rep.Wrapper
	var yielded atomic.Int64
	early := int64(-1)
	rep2, err := objectrunner.RunPages(context.Background(), pages(&yielded, nil), cfg, func(o *wrapper.Object) error {
		if early < 0 {
			early = yielded.Load()
		}
		return collect(&streamed)(o)
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(streamed, "\n") != strings.Join(fromFS, "\n") || rep2.Pages != n || rep2.Processed != n {
		t.Errorf("RunPages with a wrapper: %d objects, %d pages", len(streamed), rep2.Pages)
	}
	if early < 0 || early >= n/2 {
		t.Errorf("the first object was emitted after %d of %d pages were read: the iterator is not streamed", early, n)
	}
	// An error from the iterator stops the run with that error.
	boom := errors.New("crawler lost its connection")
	if _, err := objectrunner.RunPages(context.Background(), pages(nil, boom), cfg, func(*wrapper.Object) error { return nil }); !errors.Is(err, boom) {
		t.Errorf("RunPages with a failing iterator: err = %v", err)
	}
	cfg.Wrapper = nil
	if _, err := objectrunner.RunPages(context.Background(), pages(nil, boom), cfg, func(*wrapper.Object) error { return nil }); !errors.Is(err, boom) {
		t.Errorf("RunPages (learning) with a failing iterator: err = %v", err)
	}
	dup := func(yield func(objectrunner.Page, error) bool) {
		_ = yield(objectrunner.Page{Name: "a.html", Data: eventPage(0)}, nil) && yield(objectrunner.Page{Name: "a.html", Data: eventPage(1)}, nil)
	}
	if _, err := objectrunner.RunPages(context.Background(), dup, cfg, nil); err == nil || !strings.Contains(err.Error(), `two pages are called "a.html"`) {
		t.Errorf("duplicate names: err = %v", err)
	}
	if _, err := objectrunner.RunFS(context.Background(), fstest.MapFS{"a.txt": {}}, cfg, nil); err == nil {
		t.Error("RunFS without pages: no error")
	}
}
