package objectrunner_test

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"log"
	"os"
	"path/filepath"
	"testing/fstest"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// eventsSOD is the SOD of the examples: events with a link, a date and a
// price, several per list page (eventPage).
const eventsSOD = `
object = "event"
objects = "+"

[tuple.event]
link = "1"
date = "1"
price = "1"

[entity.link]
attr = "href"
regex = '/e/\d+$'

[entity.date]
predefined = "date"

[entity.price]
predefined = "price"
`

// eventSite returns n list pages of eventPage, named list/NN.html.
func eventSite(n int) fstest.MapFS {
	site := fstest.MapFS{}
	for p := range n {
		site[fmt.Sprintf("list/%02d.html", p)] = &fstest.MapFile{Data: eventPage(p)}
	}
	return site
}

// Example_saveAndApply learns a wrapper once, saves it to a file, and
// applies it later to other pages without learning: what
// `extract --save-wrapper` and `extract --wrapper` do. Wrapper.Save
// writes to an io.Writer and wrapper.Load reads from an io.Reader (here
// files); the file carries the SOD's text (Wrapper.SODText).
func Example_saveAndApply() {
	s, err := sod.Parse("events.toml", []byte(eventsSOD))
	if err != nil {
		log.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	ignore := func(*wrapper.Object) error { return nil }
	rep, err := objectrunner.RunFS(ctx, eventSite(12), objectrunner.Config{SOD: s, Recognizers: recs}, ignore)
	if err != nil {
		log.Fatal(err)
	}

	// Save the learned wrapper to a file.
	dir, err := os.MkdirTemp("", "wrappers")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "events.wrapper.json")
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	if err := rep.Wrapper.Save(f); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}

	// Later: load it and apply it; nothing is learned, no recognizer is needed.
	f, err = os.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	w, err := wrapper.Load(f)
	f.Close()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("learned for the SOD in the file:", w.SODHash() == s.Hash, w.SODText() == eventsSOD)
	rep, err = objectrunner.RunFS(ctx, eventSite(30), objectrunner.Config{Wrapper: w}, ignore)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d objects from %d pages, %d did not fit\n", rep.Objects, rep.Pages, rep.UnfitPages())
	// Output:
	// learned for the SOD in the file: true true
	// 120 objects from 30 pages, 0 did not fit
}

// ExampleObject_Get reads an object's fields: Get returns every value of a
// field as a []string (nil when the object has none), the page's text of
// each; Fields holds each value's normalised form, confidence and DOM
// path; an object marshals to the JSON line extract writes.
func ExampleObject_Get() {
	s, err := sod.Parse("events.toml", []byte(eventsSOD))
	if err != nil {
		log.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		log.Fatal(err)
	}
	var first *wrapper.Object
	_, err = objectrunner.RunFS(context.Background(), eventSite(12), objectrunner.Config{SOD: s, Recognizers: recs}, func(o *wrapper.Object) error {
		if first == nil {
			first = o
		}
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	var date []string = first.Get("date")
	fmt.Println(date, len(first.Get("price")), first.Get("nosuch") == nil)
	for _, f := range first.Fields {
		v := f.Values[0]
		fmt.Printf("%s: %q normalized %q\n", f.Name, v.Text, v.Normalized)
	}
	b, err := json.Marshal(first)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(b) > 0)
	// Output:
	// [March 1, 2024] 1 true
	// link: "https://events.example/e/0" normalized ""
	// date: "March 1, 2024" normalized "2024-03-01"
	// price: "$10.00" normalized "10.00 USD"
	// true
}

// ExampleRunPages extracts pages that come from an iterator (a crawler, a
// database, an archive) with a saved wrapper: pages are extracted as they
// arrive, in bounded memory. Without Config.Wrapper, RunPages learns one
// first, holding the pages in memory.
func ExampleRunPages() {
	s, err := sod.Parse("events.toml", []byte(eventsSOD))
	if err != nil {
		log.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	ignore := func(*wrapper.Object) error { return nil }
	rep, err := objectrunner.RunFS(ctx, eventSite(12), objectrunner.Config{SOD: s, Recognizers: recs}, ignore)
	if err != nil {
		log.Fatal(err)
	}
	crawl := func(yield func(objectrunner.Page, error) bool) {
		for p := 100; p < 103; p++ {
			if !yield(objectrunner.Page{Name: fmt.Sprintf("crawl/%d.html", p), Data: eventPage(p)}, nil) {
				return
			}
		}
	}
	var pages iter.Seq2[objectrunner.Page, error] = crawl
	rep, err = objectrunner.RunPages(ctx, pages, objectrunner.Config{Wrapper: rep.Wrapper}, func(o *wrapper.Object) error {
		if o.Index == 0 {
			fmt.Println(o.Page, o.Get("price"))
		}
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(rep.Objects, "objects")
	// Output:
	// crawl/100.html [$10.00]
	// crawl/101.html [$20.00]
	// crawl/102.html [$30.00]
	// 12 objects
}
