package wrapper

import (
	"fmt"
	"slices"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestReclaimNestedVenueName: event pages name the band, then (on some
// pages) the supporting acts, then the venue, each in a span of its own.
// The venue is a single nested tuple (venue = "1", its name mandatory).
// The artist dictionary wrongly knows two venue names the site uses
// often, the venue dictionary two that it uses less: the venue's slot is
// annotated as an artist on more pages than as a venue, the supporting acts
// (a set field with a slot of its own) took it and the venue's name went
// without a slot. Counted per distinct value the venue dictionary is as
// sure as the artist one: the venue's name reclaims its slot.
func TestReclaimNestedVenueName(t *testing.T) {
	venues := []string{"Paramount Tavern", "Rialto Room", "Paramount Tavern", "Foundry Hall", "Paramount Tavern", "Rialto Room",
		"Paramount Tavern", "Blue Lantern Hall", "Paramount Tavern", "Copperline Room", "Paramount Tavern", "Empire Pavilion",
		"Echo Social Club", "Magnolia Club", "Echo Social Club", "Starlight Ballroom", "Orchid Theatre", "Harbor Stage", "Granite Hall", "Velvet Lounge"}
	first := []string{"Foxes", "Ghosts", "Lanterns", "Kites", "Harbors", "Engines", "Rivers", "Wolves", "Comets", "Tigers", "Sparrows"}
	artist := func(k int) string {
		return fmt.Sprintf("The %s of %s", first[k%len(first)], first[(k/len(first)+3*k)%len(first)])
	}
	known := []string{"Paramount Tavern", "Echo Social Club"} // venues the artist dictionary knows
	var src []string
	var bands [][]string
	var acts [][]string
	for i, v := range venues {
		band := artist(i * 3)
		known = append(known, band)
		bands = append(bands, []string{band})
		var as []string
		perf := ""
		if i%3 != 0 {
			for j := range 1 + i%2 {
				as = append(as, artist(i*3+j+1))
			}
			known = append(known, as...)
			perf = `<span class="performers">`
			for j, a := range as {
				if j > 0 {
					perf += ", "
				}
				perf += fmt.Sprintf(`<a href="/p/%d%d">%s</a>`, i, j, a)
			}
			perf += "</span>, "
		}
		acts = append(acts, as)
		src = append(src, fmt.Sprintf(`<html><body><div class="event"><h2>%s</h2>%s<span class="venue">%s</span>, <span class="price">$%d.00</span>`+
			`<p class="facts"><b>Location:</b> <span data-or-type="address">%d Main Street</span></p></div><p>Tickets are non-refundable.</p></body></html>`,
			band, perf, v, 20+i, 100+i))
	}
	pages := pagesOf(t, src, map[string][]string{
		"band":            known,
		"supporting_acts": known,
		"name":            {"Rialto Room", "Copperline Room"},
	})
	s := testSOD([][3]string{{"band", "1", "band"}, {"supporting_acts", "*", "supporting_acts"}, {"venue", "1", "tuple"}, {"venue.name", "1", "name"}, {"venue.address", "1", "address"}}, sod.One)
	dictionaryTypes(s, "band", "supporting_acts", "name")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("page %d: %d objects", i, len(objs))
		}
		got := fmt.Sprint(objs[0].Get("band"), objs[0].Get("supporting_acts"), objs[0].Get("venue.name"))
		if want := fmt.Sprint(bands[i], acts[i], []string{venues[i]}); got != want || !slices.Equal(objs[0].Get("venue.name"), []string{venues[i]}) {
			t.Fatalf("page %d: got %s, want %s\n%s\n%+v", i, got, want, w.Template(), w.Slots())
		}
	}
}
