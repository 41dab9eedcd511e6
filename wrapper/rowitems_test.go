package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestNameRowAmongRows: label-value rows come in another order on every
// page; the "ISBN/EAN" row (on two pages in three only) and
// the optional "Published by" row stay in one slot after the ordered
// rows. The publisher's row holds the name and the date in one text node
// ("Midriver Publishing (March 3, 1991)", either missing on some pages),
// and the dictionary knows two of the names: the publisher is the run
// after the label naming it, less the date (rowitems.go).
func TestNameRowAmongRows(t *testing.T) {
	first := []string{"Midriver", "Thornbury", "Saltmarsh", "Lanternfish", "Quillon"}
	second := []string{"Publishing", "House", "Media", "Group"}
	months := []string{"March", "May", "July", "October"}
	var pages []*annotate.Page
	var wantPub []string
	for i := range 20 {
		pub := first[i%5] + " " + second[(i/5)%4]
		date := fmt.Sprintf("%s %d, %d", months[i%4], 1+i, 1988+i)
		value := pub + " (" + date + ")"
		switch i % 4 {
		case 1:
			pub, value = "", "("+date+")"
		case 3:
			date, value = "", pub
		}
		row := `<div><span>Published by</span> <span>` + value + `</span></div>`
		if i%5 == 4 {
			pub, row = "", "" // no publisher row
		}
		wantPub = append(wantPub, pub)
		isbn := fmt.Sprintf(`<div><span>ISBN/EAN</span> <span>%d</span></div>`, 1100000000+7*i)
		format := fmt.Sprintf(`<div><span>Format</span> <span>%s</span></div>`, []string{"Hardcover", "Paperback", "Audio CD"}[i%3])
		lang := fmt.Sprintf(`<div><span>Language</span> <span>%s</span></div>`, []string{"English", "French"}[i%2])
		pagesRow := fmt.Sprintf(`<div><span>Length</span> <span>%d pages</span></div>`, 100+i)
		all := []string{format, lang, pagesRow, row, isbn}
		if i%3 == 0 {
			all = all[:4] // no ISBN10 row
		}
		var rows string
		for k := range all {
			// The rows in another order on every page.
			rows += all[(k*7+i)%len(all)]
		}
		src := fmt.Sprintf(`<html><body><h1>Book Number %d</h1>`+
			`<div class="rows">%s</div><p>Ships in two days</p></body></html>`, i, rows)
		marks := map[string][]string{"title": {fmt.Sprintf("Book Number %d", i)}, "publisher": {"Midriver Publishing", "Thornbury Media", "Gift Cards"}}
		pages = append(pages, pagetest.Marked(t, fmt.Sprintf("p%02d.html", i), src, marks))
	}
	s := testSOD([][3]string{{"title", "1", "title"}, {"publisher", "?", "publisher"}, {"released", "?", "date"}}, sod.One)
	dictionaryTypes(s, "title", "publisher")
	annotatePatterns(t, pages, map[string]string{"date": "date"})
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v", p.Path, len(objs), err)
		}
		// The date's item is learnItems' (not checked here: the segment
		// rule it gets in this slot misses a date alone in brackets).
		got := fmt.Sprintf("%q", objs[0].Get("publisher"))
		var wp []string
		if wantPub[i] != "" {
			wp = []string{wantPub[i]}
		}
		if want := fmt.Sprintf("%q", wp); got != want {
			t.Fatalf("%s: got %s, want %s; template %s; slots %+v", p.Path, got, want, w.Template(), w.Slots())
		}
	}
}
