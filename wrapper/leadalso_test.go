package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// TestDateAloneOrWithTime: the show's date is written alone on some pages
// ("<b>Jun 3</b>") and followed by a time over tags on the others
// ("<b>Aug 7</b> at <b>8:30 pm</b>"); an optional "Presale" row holds
// another date, wholly, on more pages than the date is alone. The date
// slot, weighed over both kinds of values (leadAlso), is the date's; without
// it the presale row is.
func TestDateAloneOrWithTime(t *testing.T) {
	months := []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	var srcs, dates []string
	for i := range 16 {
		date := fmt.Sprintf("%s %d", months[i%12], 3+i)
		dates = append(dates, date)
		when := `<b>` + date + `</b>`
		if i%4 != 0 {
			when += fmt.Sprintf(` at <b>%d:30 pm</b>`, 6+i%3)
		}
		presale := ""
		if i%3 != 0 {
			presale = fmt.Sprintf(`<div class="row"><div>Presale:</div> <span>%s %d</span></div>`, months[(i+5)%12], 1+i)
		}
		srcs = append(srcs, fmt.Sprintf(`<html><body><h1 data-or-type="title">Show Number %d</h1><div class="date">%s</div>%s<div class="row"><div>Genre:</div> <span>Blues %d</span></div></body></html>`, i, when, presale, i%3))
	}
	pages := pagesOf(t, srcs, nil)
	s := testSOD([][3]string{{"title", "1", "title"}, {"event_date", "1", "date"}}, sod.One)
	dictionaryTypes(s, "title")
	annotatePatterns(t, pages, map[string]string{"date": "date"})
	for _, on := range []bool{true, false} {
		t.Run(fmt.Sprint("lead=", on), func(t *testing.T) {
			defer func(v bool) { mapping.LeadBoth = v }(mapping.LeadBoth)
			mapping.LeadBoth = on
			w, err := Induce(pages, s, DefaultOptions())
			right := err == nil && oneFieldRight(w, pages, "event_date", dates)
			if on && !right {
				if err != nil {
					t.Fatal(err)
				}
				t.Fatalf("dates wrong; template %s\nslots %+v", w.Template(), w.Slots())
			}
			if !on && right {
				t.Fatalf("dates right without leadAlso: the test shows nothing\n%s\n%+v", w.Template(), w.Slots())
			}
		})
	}
}
