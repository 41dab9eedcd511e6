package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestCopyOfTakenSlot: a detail page repeats its band's name in a
// breadcrumb and in a heading, and the page's <title> names it. The
// venues' dictionary is noisy: it knows several of the bands and few of
// the venues. The band takes one copy of its name; the second copy is the
// venue's best candidate by annotations (and the title factor), but it
// repeats, page by page, the slot the band took: it is the band's value,
// not the venue's. The venue must never be written as the band's name
// (copytaken.go); without the constraint it was, on every page.
func TestCopyOfTakenSlot(t *testing.T) {
	bands := []string{"Boneyard", "Violet Ghosts", "Cosmic Foxes", "Iron Prophets", "Paper Comets", "Hollow Kites", "Rusty Saints", "Quiet Tigers", "Golden Kites"}
	venues := []string{"Lakeside Room", "Echo Hall", "Mercury Pavilion", "Old Town Pavilion", "Starlight Room", "Union Hall", "Granada Lounge"}
	var src []string
	for i := range 20 {
		b, v := bands[i%len(bands)], venues[(i*3)%len(venues)]
		src = append(src, fmt.Sprintf(`<html><head><title>%s | Tickets</title></head><body><div class="crumbs"><a href="/">Home</a> › <span>%s</span></div>`+
			`<div class="title">%s</div><table><tr><td>Date</td><td>Show %d</td></tr><tr><td>Location</td><td><b>%s</b></td></tr></table><p>All sales are final.</p></body></html>`,
			b, b, b, i, v))
	}
	pages := pagesOf(t, src, map[string][]string{"band": bands, "venue": append(bands[:6:6], venues[0])})
	s := testSOD([][3]string{{"band", "1", "band"}, {"venue", "1", "venue"}}, sod.One)
	dictionaryTypes(s, "band", "venue")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		band, venue := fmt.Sprint(objs[0].Get("band")), fmt.Sprint(objs[0].Get("venue"))
		if venue == band {
			t.Fatalf("%s: venue %s is the band's name; slots %+v", p.Path, venue, w.Slots())
		}
	}
}
