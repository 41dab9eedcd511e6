package wrapper

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestRowsInVaryingOrder: label-value rows of a <dl> come in an order that
// varies from page to page and some are optional, so ExAlg folds several
// rows into one slot; the address is read by its label (SlotMap.Row),
// the text of its own row only.
func TestRowsInVaryingOrder(t *testing.T) {
	streets := []string{"5883 Larimer Rd", "1548 Harbor Road, Ste. 4", "88 North Galloway Ave", "301 Oak Rd", "7 Pine Street"}
	cities := []string{"St. Paul, MN 55199", "St. Louis, MO 63174", "Dallas, TX 75201", "Austin, TX 78701"}
	months := []string{"March", "May", "June", "October"}
	genres := []string{"Blues", "Hip-Hop", "Jazz", "Punk", "Folk"}
	var src, wantAddr []string
	for i := range 24 {
		addr := streets[i%5] + "<br>" + cities[i%4]
		date := fmt.Sprintf("%s %d, 2015", months[i%4], 1+i)
		wantAddr = append(wantAddr, streets[i%5]+", "+cities[i%4])
		rows := []string{
			`<dt>Address:</dt><dd>` + addr + `</dd>`,
			`<dt>Location:</dt><dd><a href="/v">The Venue</a></dd>`,
			`<dt>Genre:</dt><dd>` + genres[i%5] + `</dd>`,
			fmt.Sprintf(`<dt>Date:</dt><dd>%s · %d:00 pm</dd>`, date, 6+i%4),
		}
		if i%3 == 1 {
			rows = append(rows, fmt.Sprintf(`<dt>Cost:</dt><dd><b>$%d</b></dd>`, 10+i))
		}
		// Shuffle the rows: each page has its own order.
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		rng.Shuffle(len(rows), func(a, b int) { rows[a], rows[b] = rows[b], rows[a] })
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Show Number %d</h1><dl class="details">%s</dl><p>Tickets are non-refundable.</p></body></html>`,
			i, strings.Join(rows, "")))
	}
	// The address recognizer annotates the address lines.
	marks := map[string][]string{}
	for i := range 24 {
		marks["address"] = append(marks["address"], streets[i%5], cities[i%4])
	}
	pages := pagesOf(t, src, marks)
	s, err := sod.Parse("shows.toml", []byte(`
object = "show"
objects = "1"
[tuple.show]
name = "1"
address = "1"
[entity.name]
dictionary = "show"
[entity.address]
predefined = "address"
`))
	if err != nil {
		t.Fatal(err)
	}
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v; template %s; slots %+v", p.Path, len(objs), err, w.Template(), w.Slots())
		}
		if got := objs[0].Get("address"); len(got) != 1 || got[0] != wantAddr[i] {
			t.Errorf("%s: address = %q, want %q", p.Path, got, wantAddr[i])
		}
	}
	if t.Failed() {
		t.Logf("template %s; slots %+v", w.Template(), w.Slots())
	}
}
