package wrapper

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestOptionalRowMissingFromSample: every sample page has the publisher
// row, so the template holds it as constant text; the date row is there
// on some pages only. On a page without the publisher row, the date
// row's run sits where only the date slot's values sat in the sample
// (its element's class gives it a path of its own): it is the date, and
// the publisher stays empty. The publisher's name ("Bellweather
// Publishers", sharing "pub" with pub_date) right before the date row is
// a value the dictionary knows, not a label naming pub_date
// (entityLabel).
func TestOptionalRowMissingFromSample(t *testing.T) {
	pubs := []string{"Bellweather Publishers", "Wexford Publishing", "Saltmarsh Editions", "Tamarack Press"}
	days := []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}
	months := []string{"January", "March", "May", "August", "October"}
	page := func(i int, pubRow bool) (string, string, string) {
		pub, date := pubs[i%3], fmt.Sprintf("%s, %s %d, %d", days[i%5], months[(i/2)%5], 1+i%27, 1988+i)
		rows := fmt.Sprintf(`<li class="price">$%d</li>`, 10+i)
		if pubRow {
			rows += `<li class="publisher"><a href="/p">` + pub + `</a></li>`
		} else {
			pub = ""
		}
		if i%5 == 0 {
			date = ""
		} else {
			rows += `<li class="date">` + date + `</li>`
		}
		rows += fmt.Sprintf(`<li class="binding"><span>%s</span></li><li>EAN: 978%010d</li>`, []string{"Hardcover", "Paperback"}[i%2], 1000000+i)
		return fmt.Sprintf(`<html><body><h1>Book Number %d</h1><ul class="info">%s</ul><p>Ships in two days</p></body></html>`, i, rows), pub, date
	}
	marks := func(i int) map[string][]string {
		return map[string][]string{"title": {fmt.Sprintf("Book Number %d", i)}, "publisher": pubs}
	}
	var sample []*annotate.Page
	for i := range 20 {
		src, _, _ := page(i, true)
		sample = append(sample, pagetest.Marked(t, fmt.Sprintf("s%02d.html", i), src, marks(i)))
	}
	annotatePatterns(t, sample, map[string]string{"pub_date": "date"})
	s := testSOD([][3]string{{"title", "1", "title"}, {"publisher", "?", "publisher"}, {"pub_date", "?", "pub_date"}}, sod.One)
	dictionaryTypes(s, "title", "publisher")
	s.Types["pub_date"].Recognizer = &sod.Recognizer{Kind: sod.Predefined, Name: "date"}
	learned, err := Induce(sample, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	// The own paths are saved with the wrapper.
	var buf bytes.Buffer
	if err := learned.Save(&buf); err != nil {
		t.Fatal(err)
	}
	w, err := Load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for i := 20; i < 32; i++ {
		src, pub, date := page(i, i%2 == 0)
		p := pagetest.Marked(t, fmt.Sprintf("p%02d.html", i), src, marks(i))
		annotatePatterns(t, []*annotate.Page{p}, map[string]string{"pub_date": "date"})
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v", p.Path, len(objs), err)
		}
		got := fmt.Sprintf("%q %q", objs[0].Get("publisher"), objs[0].Get("pub_date"))
		var wp, wd []string
		if pub != "" {
			wp = []string{pub}
		}
		if date != "" {
			wd = []string{date}
		}
		if want := fmt.Sprintf("%q %q", wp, wd); got != want {
			t.Fatalf("%s: publisher, date %s, want %s; template %s; slots %+v", p.Path, got, want, w.Template(), w.Slots())
		}
	}
}
