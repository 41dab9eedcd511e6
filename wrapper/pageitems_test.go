package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestPageItemPathsDropHeading: event pages name the band, then on some
// pages the guests (one <div>), then on some pages a section heading of a
// few words (an <h2>, "Details", "Overview", "About"). The two optional
// elements fall into one slot of the guests: the headings were guests. The
// artist dictionary knows most guests and never a heading: the heading's
// path holds no items.
func TestPageItemPathsDropHeading(t *testing.T) {
	heads := []string{"Details", "Overview", "About"}
	first := []string{"Foxes", "Ghosts", "Lanterns", "Kites", "Harbors", "Engines", "Rivers", "Wolves", "Comets", "Tigers", "Sparrows"}
	artist := func(k int) string {
		return fmt.Sprintf("The %s of %s", first[k%len(first)], first[(k/len(first)+3*k)%len(first)])
	}
	var src, known []string
	var guests [][]string
	for i := range 24 {
		band := artist(i * 3)
		known = append(known, band)
		var gs []string
		g, h := "", ""
		if i%2 == 0 {
			gs = []string{artist(i*3 + 1)}
			if i%6 != 0 {
				known = append(known, gs[0])
			}
			g = fmt.Sprintf(`<div class="performers">%s</div>`, gs[0])
		}
		if i%3 != 1 {
			h = fmt.Sprintf(`<h2>%s</h2>`, heads[i%len(heads)])
		}
		guests = append(guests, gs)
		src = append(src, fmt.Sprintf(`<html><body><div class="event"><h1>%s</h1>%s%s<p class="meta"><b>When:</b> <span data-or-type="date">May %d, 2024</span></p></div><p>Tickets are non-refundable.</p></body></html>`,
			band, g, h, i+1))
	}
	pages := pagesOf(t, src, map[string][]string{"band": known, "guests": known})
	s := testSOD([][3]string{{"band", "1", "band"}, {"guests", "*", "guests"}, {"date", "1", "date"}}, sod.One)
	dictionaryTypes(s, "band", "guests")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
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
