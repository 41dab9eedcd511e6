package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestAltSlots: a row whose form varies from page to page becomes a
// choice in the template, "( <div><span>P</span> (<span>D</span>)</div> |
// <div>(<span>D</span>)</div> )?", absent on some pages. Its slots are
// filled (the matcher tries an optional choice alternative by
// alternative), and a single field takes its slot in each alternative
// (altslots.go): the date is read in both forms of the row, the
// publisher where the row has one.
func TestAltSlots(t *testing.T) {
	publishers := []string{"Jove Books", "Zebra Books", "Ace Books", "Mariner Books", "Tor Books", "Crown Books", "Vintage Press"}
	months := []string{"January", "March", "May", "July", "September", "November"}
	for _, tc := range []struct {
		name string
		row  func(i int, pub, date string) string // the row of page i, "" for none
	}{
		{"publisher and date, or date alone", func(i int, pub, date string) string {
			switch {
			case i%5 == 4:
				return ""
			case i%3 == 0:
				return `<div class="pub">(<span class="v">` + date + `</span>)</div>`
			}
			return `<div class="pub"><span class="v">` + pub + `</span> (<span class="v">` + date + `</span>)</div>`
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var src []string
			var wantPub, wantDate []string
			marks := map[string][]string{}
			for i := range 20 {
				pub, date := publishers[i%7], fmt.Sprintf("%s %d %d", months[i%6], 1+i, 1990+i)
				row := tc.row(i, pub, date)
				p, d := "", ""
				if row != "" {
					d = date
					if strings.Contains(row, pub) {
						p = pub
					}
				}
				wantPub, wantDate = append(wantPub, p), append(wantDate, d)
				src = append(src, fmt.Sprintf(`<html><body><div class="main"><h1>Book number %d</h1><p class="price">$%d.99</p><h2>Details</h2><div class="meta">%s<div class="row"><span class="label">Pages:</span> <b>%d</b></div></div></div><div class="side"><h3>More books</h3><ul><li>%s picks</li></ul></div></body></html>`,
					i, 10+i, row, 100+i, months[(i+1)%6]))
				marks["title"] = append(marks["title"], fmt.Sprintf("Book number %d", i))
				marks["publisher"] = append(marks["publisher"], pub)
				marks["date"] = append(marks["date"], date)
			}
			pages := pagesOf(t, src, marks)
			s := testSOD([][3]string{{"title", "1", "title"}, {"publisher", "?", "publisher"}, {"published", "?", "date"}}, sod.One)
			w, err := Induce(pages, s, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			checkOneField(t, w, pages, "published", wantDate)
			checkOneField(t, w, pages, "publisher", wantPub)
		})
	}
}
