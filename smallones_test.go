package objectrunner_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// runHandMade writes pages to a fresh directory, seeds a dictionary store
// with dicts (class -> entries) and runs the whole pipeline with the SOD
// text, returning the objects and the report.
func runHandMade(t *testing.T, sodText string, pages []string, dicts map[string][]string) ([]*wrapper.Object, *objectrunner.Report) {
	t.Helper()
	dir := t.TempDir()
	for i, p := range pages {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%03d.html", i)), []byte(p), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := sod.Parse("sod.toml", []byte(sodText))
	if err != nil {
		t.Fatal(err)
	}
	store, err := dictionaries.Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for c, vs := range dicts {
		if _, err := store.Import(context.Background(), c, strings.NewReader(strings.Join(vs, "\n")+"\n"), dictionaries.ImportOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := recognizers.ForSOD(s, store)
	if err != nil {
		t.Fatal(err)
	}
	induce := wrapper.DefaultOptions()
	var objs []*wrapper.Object
	rep, err := objectrunner.Run(context.Background(), dir, objectrunner.Config{SOD: s, Recognizers: recs, Induce: &induce, Workers: 1},
		func(o *wrapper.Object) error {
			objs = append(objs, o)
			return nil
		})
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	return objs, rep
}

// handMadeBooks are detail pages of a made-up bookshop: title, author,
// a details list holding the page count ("Paperback, 137 pages").
func handMadeBooks() (pages []string, titles, authors []string) {
	titles = []string{"The Quiet River", "Stone and Sky", "A Winter Journey", "Northern Lights", "The Glass Garden", "Paper Moons",
		"Salt and Honey", "The Long Road", "Hidden Harbor", "Iron Bells", "Summer Letters", "The Last Orchard"}
	authors = []string{"Anna Berg", "Paul Hale", "Maria Costa", "John Reed", "Lena Fox", "Omar Said",
		"Ruth Kane", "Ivan Petrov", "Nora Lind", "Sam Ortiz", "Eve Marsh", "Tom Wells"}
	for i := range titles {
		pages = append(pages, fmt.Sprintf(`<html><body><div class="nav">Home | Books | Contact</div><h1>%s</h1><p class="by">by %s</p>
<ul><li>Publisher: House %d</li><li>Format: Paperback, %d pages</li><li>Released 20%02d</li></ul><div class="foot">Copyright Example Books</div></body></html>`,
			titles[i], authors[i], i%3, 100+37*i, 10+i))
	}
	return pages, titles, authors
}

// TestValueGroupField: a regex field whose group "value" is the value
// ("(?<value>\d+) pages", also in Python's "(?P<value>" syntax) gives the
// number on every page, and the values count as recognised: no "not
// recognised as its regex" diagnostic, no "no slot". Before: the Python
// syntax did not load, and every value of the regexp2 syntax was counted
// unrecognised (the whole pattern, run again on "137", finds nothing).
func TestValueGroupField(t *testing.T) {
	pages, titles, authors := handMadeBooks()
	for _, c := range []struct {
		name, regex string
		want        func(i int) string
	}{
		{"whole match", `\d+ pages`, func(i int) string { return fmt.Sprintf("%d pages", 100+37*i) }},
		{"regexp2 value group", `(?<value>\d+) pages`, func(i int) string { return fmt.Sprint(100 + 37*i) }},
		{"python value group", `(?P<value>\d+) pages`, func(i int) string { return fmt.Sprint(100 + 37*i) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			sodText := fmt.Sprintf("name = \"b\"\nobject = \"book\"\nobjects = \"1\"\n[tuple.book]\ntitle = \"1\"\nauthor = \"1\"\npages = \"1\"\n"+
				"[entity.title]\ndictionary = \"title\"\n[entity.author]\ndictionary = \"author\"\n[entity.pages]\nregex = '%s'\n", c.regex)
			objs, rep := runHandMade(t, sodText, pages, map[string][]string{"title": titles[:6], "author": authors[:6]})
			if len(objs) != len(pages) {
				t.Fatalf("%d objects from %d pages", len(objs), len(pages))
			}
			for _, o := range objs {
				var i int
				fmt.Sscanf(o.Page, "%03d.html", &i)
				got := strings.Join(o.Get("pages"), " | ")
				if got != c.want(i) {
					t.Errorf("%s: pages = %q, want %q", o.Page, got, c.want(i))
				}
			}
			if st := rep.Fields["pages"]; st == nil || st.Unrecognized > 0 {
				t.Errorf("pages: field stats %+v, want every value recognised", st)
			}
			for _, d := range objectrunner.Diagnose(rep) {
				if d.Field == "pages" {
					t.Errorf("diagnostic on pages: %s", d.Message)
				}
			}
		})
	}
}

// TestDateRangeField: a date field whose pages print a range gets the
// whole range as its value, normalised to an ISO interval. Before: the
// value was the end date alone.
func TestDateRangeField(t *testing.T) {
	acts := []string{"The Wandering Owls", "Blue Harbor", "Copper Lane", "Night Ferry", "The Paper Kites", "Silver Moths",
		"Low Orbit", "Glass Animals Club", "Violet Hours", "Marble Arch Band"}
	type rng struct{ text, norm string }
	ranges := []rng{
		{"Fri, Apr 30 - Mon, May 3, 2010", "2010-04-30/2010-05-03"},
		{"Thu, May 6 - Sat, May 8, 2010", "2010-05-06/2010-05-08"},
		{"Fri, May 14 - Sun, May 16, 2010", "2010-05-14/2010-05-16"},
		{"Sat, May 22 - Mon, May 24, 2010", "2010-05-22/2010-05-24"},
		{"Fri, May 28 - Tue, Jun 1, 2010", "2010-05-28/2010-06-01"},
		{"Thu, Jun 3 - Sun, Jun 6, 2010", "2010-06-03/2010-06-06"},
		{"Fri, Jun 11 - Sat, Jun 12, 2010", "2010-06-11/2010-06-12"},
		{"Wed, Jun 16 - Fri, Jun 18, 2010", "2010-06-16/2010-06-18"},
		{"Fri, Jun 25 - Sun, Jun 27, 2010", "2010-06-25/2010-06-27"},
		{"Thu, Jul 1 - Mon, Jul 5, 2010", "2010-07-01/2010-07-05"},
	}
	var pages []string
	for i := range acts {
		pages = append(pages, fmt.Sprintf(`<html><body><div class="nav">Home | Shows</div><h1>%s</h1><div class="when">%s</div><p>Tickets at the door.</p></body></html>`,
			acts[i], ranges[i].text))
	}
	sodText := "name = \"e\"\nobject = \"event\"\nobjects = \"1\"\n[tuple.event]\nartist = \"1\"\ndates = \"1\"\n" +
		"[entity.artist]\ndictionary = \"artist\"\n[entity.dates]\npredefined = \"date\"\n"
	objs, _ := runHandMade(t, sodText, pages, map[string][]string{"artist": acts[:5]})
	if len(objs) != len(pages) {
		t.Fatalf("%d objects from %d pages", len(objs), len(pages))
	}
	for _, o := range objs {
		var i int
		fmt.Sscanf(o.Page, "%03d.html", &i)
		f := fieldOf(o, "dates")
		if f == nil || len(f.Values) != 1 {
			t.Errorf("%s: dates = %+v, want one value", o.Page, f)
			continue
		}
		if v := f.Values[0]; v.Text != ranges[i].text || v.Normalized != ranges[i].norm {
			t.Errorf("%s: dates = %q (%q), want %q (%q)", o.Page, v.Text, v.Normalized, ranges[i].text, ranges[i].norm)
		}
	}
}

// fieldOf returns the root field called name of o (nil without values).
func fieldOf(o *wrapper.Object, name string) *wrapper.Field {
	for i := range o.Fields {
		if o.Fields[i].Name == name {
			return &o.Fields[i]
		}
	}
	return nil
}

// TestSharedClassFields: two fields typed by one dictionary class (a
// headliner and a supporting act, both "artist") each get their own
// values. Before (segtwins.go): on "h1+h2" the main content segment was
// the headliner's <h1> alone, which holds an annotation of both types;
// the supporting act's <h2> was never annotated again and the field was
// lost (optional) or learning stopped (mandatory).
func TestSharedClassFields(t *testing.T) {
	acts := []string{"The Wandering Owls", "Blue Harbor", "Copper Lane", "Night Ferry", "The Paper Kites", "Silver Moths",
		"Low Orbit", "Glass Animals Club", "Violet Hours", "Marble Arch Band", "Red Lanterns", "Quiet Giants", "Sea Foxes", "Tin Pilots"}
	venues := []string{"The Roxy", "Town Hall", "Blue Note", "The Forum"}
	support := func(i int) string { return acts[(i+3)%len(acts)] }
	for _, c := range []struct {
		name string
		body func(i int) string
	}{
		{"h1+h2", func(i int) string {
			return fmt.Sprintf(`<h1>%s</h1><h2>%s</h2><p>%s</p>`, acts[i], support(i), venues[i%4])
		}},
		{"spans", func(i int) string {
			return fmt.Sprintf(`<div class="bill"><span class="a">%s</span> / <span class="b">%s</span></div><p>%s</p>`, acts[i], support(i), venues[i%4])
		}},
		{"rows", func(i int) string {
			return fmt.Sprintf(`<h1>Show %d</h1><ul><li>Headliner: %s</li><li>Support: %s</li><li>Venue: %s</li></ul>`, i, acts[i], support(i), venues[i%4])
		}},
	} {
		for _, mult := range []string{"?", "1"} {
			t.Run(c.name+" "+mult, func(t *testing.T) {
				var pages []string
				for i := range 12 {
					pages = append(pages, `<html><body><div class="nav">Home | Shows</div>`+c.body(i)+`<div class="foot">Tickets</div></body></html>`)
				}
				sodText := "name = \"e\"\nobject = \"event\"\nobjects = \"1\"\n[tuple.event]\nheadliner = \"1\"\nsupport = \"" + mult + "\"\n" +
					"[entity.headliner]\ndictionary = \"artist\"\n[entity.support]\ndictionary = \"artist\"\n"
				objs, _ := runHandMade(t, sodText, pages, map[string][]string{"artist": acts[:7]})
				if len(objs) != len(pages) {
					t.Fatalf("%d objects from %d pages", len(objs), len(pages))
				}
				for _, o := range objs {
					var i int
					fmt.Sscanf(o.Page, "%03d.html", &i)
					h, s := strings.Join(o.Get("headliner"), " | "), strings.Join(o.Get("support"), " | ")
					if h != acts[i] || s != support(i) {
						t.Errorf("%s: headliner %q, support %q; want %q, %q", o.Page, h, s, acts[i], support(i))
					}
				}
			})
		}
	}
}
