package wrapper

import (
	"fmt"

	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestSidebarRecordsNoLabel: a sidebar lists other books (title, author,
// price, date) in a window over the same few books, dated with few
// dates, so a record's date comes before the next record's title on
// many pages, and the
// dictionary knows the sidebar's titles but few of the page's own. A
// date or a price names nothing: it is no label that would key the
// title (learnedLabel) to the sidebar's slot; the title is the page's
// heading, where a noisy author dictionary also knows a few titles.
func TestSidebarRecordsNoLabel(t *testing.T) {
	side := []string{"Everything We Forgot", "The Burning River", "Everything We Kept", "Little Rooms", "The Glass Tide", "Sparrow Cafe"}
	sideAuthors := []string{"Esme Brennan", "Zoe Jaramillo", "Rhea Valdes", "Imogen Jessup", "Wren Kessler", "Elena Valdes"}
	authors := []string{"Theo Quillfeather", "Adrian Esposito", "Fatima Nakamura", "Garrett Moreau", "Helena Fontaine"}
	var pages []*annotate.Page
	var want []string
	for i := range 20 {
		title := fmt.Sprintf("%s Letters in %s", []string{"Twelve", "Forty", "Seven", "Nine"}[i%4], []string{"Galway", "Lisbon", "Tbilisi", "Oslo", "Quebec"}[i%5])
		want = append(want, title)
		var recs string
		for k := range 3 {
			j := (i%4 + k) % len(side)
			recs += fmt.Sprintf(`<li><a href="/b/%d">%s</a><br><span class="author">%s</span><br><span class="price">$%d.99</span><br><span class="date">%d/%d/%d</span></li>`,
				j, side[j], sideAuthors[j], 20+j, 1+(i/3+k)%2, 3, 1990+(i/3+k)%2)
		}
		src := fmt.Sprintf(`<html><head><title>%s | Shop</title></head><body><div class="main"><h1><span>%s</span></h1>`+
			`<p class="by">by <span>%s</span></p><p>Ships in two days to most addresses</p></div>`+
			`<div class="sidebar"><ul>%s</ul></div></body></html>`, title, title, authors[i%5], recs)
		titles := append([]string{}, side...)
		if i%7 == 0 {
			titles = append(titles, title)
		}
		names := append(append([]string{}, authors...), sideAuthors...)
		if i%5 == 1 {
			names = append(names, title) // a noisy author dictionary
		}
		marks := map[string][]string{"title": titles, "author": names}
		pages = append(pages, pagetest.Marked(t, fmt.Sprintf("p%02d.html", i), src, marks))
	}
	s := testSOD([][3]string{{"title", "1", "title"}, {"by", "+", "author"}}, sod.One)
	dictionaryTypes(s, "title", "author")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		if got, want := fmt.Sprintf("%q", objs[0].Get("title")), fmt.Sprintf("%q", []string{want[i]}); got != want {
			t.Fatalf("%s: title %s, want %s; template %s; slots %+v", p.Path, got, want, w.Template(), w.Slots())
		}
	}
}
