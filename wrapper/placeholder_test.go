package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
)

func TestMissingMarker(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"N/A", true},
		{"n/a", true},
		{" Not available ", true},
		{"(not available)", true},
		{"N.A.", true},
		{"TBA", true},
		{"Unknown", true},
		{"None", true},
		{"NA", false}, // North America, a code
		{"Not available in stores", false},
		{"Anonymous", false},
		{"Nonesuch Press", false},
		{"Tamarack Press", false},
	} {
		if got := missingMarker(c.text); got != c.want {
			t.Errorf("missingMarker(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

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
		pages = append(pages, recordTestPage(t, fmt.Sprintf("p%02d.html", i), src, marks))
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
		pages = append(pages, recordTestPage(t, fmt.Sprintf("p%02d.html", i), src, marks))
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
