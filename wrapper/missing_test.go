package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestPlaceholderIsNoValue: the template writes "N/A" or "Not available"
// in the publisher row when the book has none. The placeholder is no
// publisher; a publisher the dictionary knows as "Unknown" (a name, not a
// marker, for it) still is one.
func TestPlaceholderIsNoValue(t *testing.T) {
	names := []string{"Tamarack Press", "Sable Books", "Quillon House", "North Fork Media", "Eastlake Group", "Unknown"}
	var pages []*annotate.Page
	var want []string
	for i := range 20 {
		pub := names[i%len(names)]
		switch i % 5 {
		case 1:
			pub = "N/A"
		case 3:
			pub = "Not available"
		}
		src := fmt.Sprintf(`<html><body><h1>Book Number %d</h1><ul class="facts">`+
			`<li class="pub">%s</li><li>Pages: %d</li></ul><p>Ships in two days</p></body></html>`, i, pub, 100+i)
		marks := map[string][]string{"title": {fmt.Sprintf("Book Number %d", i)}, "publisher": {"Tamarack Press", "Sable Books", "Quillon House", "Unknown"}}
		pages = append(pages, pagetest.Marked(t, fmt.Sprintf("p%02d.html", i), src, marks))
		if pub == "N/A" || pub == "Not available" {
			pub = ""
		}
		want = append(want, pub)
	}
	s := testSOD([][3]string{{"title", "1", "title"}, {"publisher", "?", "publisher"}}, sod.One)
	dictionaryTypes(s, "title", "publisher")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v", p.Path, len(objs), err)
		}
		var wp []string
		if want[i] != "" {
			wp = []string{want[i]}
		}
		if got, want := fmt.Sprintf("%q", objs[0].Get("publisher")), fmt.Sprintf("%q", wp); got != want {
			t.Fatalf("%s: publisher %s, want %s; slots %+v", p.Path, got, want, w.Slots())
		}
	}
}

// TestPlaceholderNotAConstant: the publisher row, under a label naming the
// field, says "N/A" on most pages and the dictionary knows none of the
// names. The placeholders are no values of the slot: its values are not
// "mostly one constant", and the label still nominates it.
func TestPlaceholderNotAConstant(t *testing.T) {
	names := []string{"Tamarack Press", "Sable Books", "Quillon House", "North Fork Media", "Eastlake Group", "Redcliff Press", "Wexford Publishing"}
	var pages []*annotate.Page
	var want []string
	for i := range 20 {
		pub := names[i%len(names)]
		if i%5 < 3 {
			pub = "N/A"
		}
		src := fmt.Sprintf(`<html><body><h1>Book Number %d</h1><ul class="facts">`+
			`<li><b>Publisher:</b> <span>%s</span></li><li><b>Pages:</b> <span>%d</span></li></ul><p>Ships in two days</p></body></html>`, i, pub, 100+i)
		marks := map[string][]string{"title": {fmt.Sprintf("Book Number %d", i)}}
		pages = append(pages, pagetest.Marked(t, fmt.Sprintf("p%02d.html", i), src, marks))
		if pub == "N/A" {
			pub = ""
		}
		want = append(want, pub)
	}
	s := testSOD([][3]string{{"title", "1", "title"}, {"publisher", "?", "publisher"}}, sod.One)
	dictionaryTypes(s, "title", "publisher")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v", p.Path, len(objs), err)
		}
		var wp []string
		if want[i] != "" {
			wp = []string{want[i]}
		}
		if got, want := fmt.Sprintf("%q", objs[0].Get("publisher")), fmt.Sprintf("%q", wp); got != want {
			t.Fatalf("%s: publisher %s, want %s; slots %+v", p.Path, got, want, w.Slots())
		}
	}
}

// TestNoValueMarker: pages without a college say so in the college's
// cell ("N/A", "Not available", "Unknown"): no value of the dictionary
// field. A college "None" that the dictionary knows (annotated) stays.
func TestNoValueMarker(t *testing.T) {
	colleges := []string{"Ashford A&M", "Dunmore State", "University of Glenrock", "Kestrel University", "Ridgeway A&M", "Oakridge State", "University of Brennan", "Queensbury State"}
	markers := []string{"N/A", "Not available", "Unknown", "n/a"}
	var src, want []string
	for i := range 20 {
		cell, w := "", ""
		switch {
		case i == 7:
			cell, w = `<span data-or-type="college">None</span>`, "None"
		case i%3 == 2:
			cell = markers[(i/3)%len(markers)]
		default:
			w = colleges[(i*5)%len(colleges)]
			cell = w
			if i%4 == 0 {
				cell = `<span data-or-type="college">` + w + `</span>`
			}
		}
		want = append(want, w)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="player">%s</h1><p>Born <span data-or-type="date">June %d, %d</span></p><p>College: <b>%s</b></p><p>Updated nightly</p></body></html>`,
			sparsePlayer(i), 1+i, 1980+i, cell))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "player"}, {"born", "1", "date"}, {"college", "?", "college"}}, sod.One)
	dictionaryTypes(s, "player", "college")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkOneField(t, w, pages, "college", want)
}
