package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestVenueBesideAddress: event pages with a nested tuple where = {name,
// address}. The venue's name, a link right before its address, is known
// to the venue dictionary on one page of twenty (and one name to the
// artist dictionary too); a sidebar lists three other events' venues,
// which the venue dictionary knows on most pages. The sidebar's items
// are no place for where.name, one value per event (oneNestedValue), and
// the slot beside the address is its place (besideSibling). Each
// mechanism switched off gives wrong names.
func TestVenueBesideAddress(t *testing.T) {
	s, err := sod.Parse("events.toml", []byte(`
object = "event"
objects = "1"
[tuple.event]
act = "1"
where = { type = "place", mult = "1" }
[tuple.place]
name = "1"
address = "1"
[entity.act]
dictionary = "artist"
[entity.name]
dictionary = "venue"
[entity.address]
predefined = "address"
`))
	if err != nil {
		t.Fatal(err)
	}
	acts := []string{"Phantom Prophets", "The Hollow Foxes", "Secret Harbors", "DJ Nimbus", "Kwame Holloway"}
	venues := []string{"Lakeside Pavilion", "Orpheum Tavern", "Empire Hall", "Sunset Room", "Granada Ballroom", "Echo Social Club", "Blue Lantern Hall"}
	streets := []string{"West Ludlow Blvd", "Elm Ave", "Harbor Rd", "Oak Street"}
	cities := []string{"Madison, WI", "Boston, MA", "Denver, CO"}
	var src, want []string
	for i := range 20 {
		act := fmt.Sprintf(`<span data-or-type="act">%s %d</span>`, acts[i%len(acts)], i)
		venue := venues[(3*i)%len(venues)]
		want = append(want, venue)
		v := venue
		switch i {
		case 4:
			v = `<span data-or-type="name">` + venue + `</span>`
		case 9:
			v = `<span data-or-type="act">` + venue + `</span>`
		}
		addr := fmt.Sprintf(`<span data-or-type="address">%d %s</span>`, 100+37*i, streets[i%len(streets)])
		city := fmt.Sprintf(`<span data-or-type="address">%s %d</span>`, cities[i%len(cities)], 53700+i)
		side := ""
		for k := range 3 {
			sv := venues[(i+k+1)%len(venues)]
			if (i+k)%3 != 0 {
				sv = `<span data-or-type="name">` + sv + `</span>`
			}
			side += fmt.Sprintf(`<li><a>Show %d</a><br><span class="venue">%s</span></li>`, 10*i+k, sv)
		}
		src = append(src, fmt.Sprintf(`<html><body><main><h1>%s</h1><div class="venue"><a>%s</a> — <div class="venue"><div>%s</div><div>%s</div></div></div><p>Doors at %d</p></main><div id="sidebar"><h3>Popular this week</h3><ul>%s</ul></div></body></html>`,
			act, v, addr, city, 6+i%3, side))
	}
	pages := pagesOf(t, src, nil)
	for _, c := range []struct {
		name         string
		sets, beside bool
	}{{"both", true, true}, {"no set check", false, true}, {"not beside", true, false}} {
		t.Run(c.name, func(t *testing.T) {
			defer func(a, b bool) { nestedSingleSets, besideSiblings = a, b }(nestedSingleSets, besideSiblings)
			nestedSingleSets, besideSiblings = c.sets, c.beside
			w, err := Induce(pages, s, DefaultOptions())
			right := err == nil && oneFieldRight(w, pages, "where.name", want)
			if c.sets && c.beside && !right {
				if err != nil {
					t.Fatal(err)
				}
				t.Fatalf("venue names wrong; template %s\nslots %+v", w.Template(), w.Slots())
			}
			if !(c.sets && c.beside) && right {
				t.Fatalf("venue names right with %s: the test shows nothing\n%s\n%+v", c.name, w.Template(), w.Slots())
			}
		})
	}
}
