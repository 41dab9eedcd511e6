package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestPageItemPathsKeepUnknownLinks: the guests are plain text on most
// pages ("A & B") and links on some; the dictionary knows a few of the
// plain-text ones and none of the linked ones. The linked names are
// distinct texts, not a heading repeated page after page: they stay items
// (learnPageItemPaths drops no path).
func TestPageItemPathsKeepUnknownLinks(t *testing.T) {
	given := []string{"Maya", "Hugo", "Lena", "Theo", "Priya", "Omar", "Greta", "Felix", "Ines", "Kwame", "Sofia"}
	family := []string{"Okafor", "Lindqvist", "Tremaine", "Ashdown", "Novak", "Keller", "Iverson"}
	artist := func(k int) string { return given[k%len(given)] + " " + family[k%len(family)] }
	var src, known []string
	var guests [][]string
	for i := range 24 {
		band := artist(i * 3)
		known = append(known, band)
		gs := []string{artist(i*3 + 1), artist(i*3 + 2)}
		cell := gs[0] + " &amp; " + gs[1]
		if i%4 == 3 {
			cell = fmt.Sprintf(`<a href="/a/%d">%s</a>, <a href="/b/%d">%s</a>`, i, gs[0], i, gs[1])
		} else if i%3 == 0 {
			known = append(known, gs[0])
		}
		guests = append(guests, gs)
		src = append(src, fmt.Sprintf(`<html><body><div class="event"><h1>%s</h1><table><tr><td>Support:</td><td>%s</td></tr><tr><td>Date:</td><td data-or-type="date">May %d, 2024</td></tr></table></div><p>Tickets are non-refundable.</p></body></html>`,
			band, cell, i+1))
	}
	pages := pagesOf(t, src, map[string][]string{"band": known, "guests": known})
	s := testSOD([][3]string{{"band", "1", "band"}, {"guests", "*", "guests"}, {"date", "1", "date"}}, sod.One)
	dictionaryTypes(s, "band", "guests")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(w.ItemPaths) > 0 {
		t.Errorf("item paths learned: %v", w.ItemPaths)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("page %d: %d objects", i, len(objs))
		}
		if got, want := fmt.Sprint(objs[0].Get("guests")), fmt.Sprint(guests[i]); got != want {
			t.Fatalf("page %d: guests %s, want %s\n%s\n%+v", i, got, want, w.Template(), w.Slots())
		}
	}
}
