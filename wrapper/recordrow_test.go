package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestOtherRecordRow: a detail page's optional release date is written
// after its publisher ("Marlowe Press, <b>4/18/2004</b>"); a sidebar of
// other books lists, per item, a title, an author, a price ("USD 37.95")
// and, mostly, a date. ExAlg folds the sidebar's price and date into one
// slot after the word "USD": a label the date's instances follow, but
// another record's text. The page's own date comes from its row, the
// sidebar's never.
func TestOtherRecordRow(t *testing.T) {
	titles := []string{"House and Letter", "The Secret Clock", "Seven Doors in Oaxaca", "The River of Quiet Hours", "The Meadow of Other Summers", "Lost Winters", "The Quiet Island"}
	first := []string{"James", "Delphine", "Gideon", "Colt", "Lena", "Bianca", "Samuel"}
	last := []string{"Achterberg", "Montague", "Stavros", "Dunmore", "Lindqvist", "Mason", "Fontaine", "Tillman", "Haverford", "Valdes", "Larkspur"}
	pubs := []string{"Marlowe Press", "North Fork Publishers", "Kestrel Media", "Sable Group"}
	var src, want []string
	for i := range 24 {
		var items []string
		for k := range 3 + i%4 {
			j := i*3 + k
			typ := ""
			if (j/2)%3 == 0 {
				typ = ` data-or-type="title"`
			}
			it := fmt.Sprintf(`<li><a href="/b/%d"%s>%s %d</a><br><span class="author">%s</span><br><span class="price">USD %d.%02d</span>`, j, typ, titles[j%len(titles)], j, first[j%len(first)]+" "+last[(j*3)%len(last)], 5+j%40, (j*7)%100)
			if j%4 != 1 {
				it += fmt.Sprintf(`<br><span class="date" data-or-type="date">%d/%d/%d</span>`, 1+j%12, 1+j%28, 1985+j%20)
			}
			items = append(items, it+`</li>`)
		}
		date := ""
		row := fmt.Sprintf(`<li>Imprint: <b>%s</b></li>`, pubs[i%len(pubs)])
		if i%5 != 2 {
			date = fmt.Sprintf("%d/%d/%d", 1+i%12, 2+i%27, 1990+i)
			row = fmt.Sprintf(`<li>Imprint: <b>%s</b>, <b data-or-type="date">%s</b></li>`, pubs[i%len(pubs)], date)
		}
		want = append(want, date)
		src = append(src, fmt.Sprintf(`<html><body><div class="item"><h1 data-or-type="title">The Quiet Harvest %d</h1><ul class="attrs">%s<li>Edition: <span>Kindle Edition</span></li></ul></div><div class="sidebar"><h3>Customers who bought this also bought</h3><ul>%s</ul></div></body></html>`,
			i, row, strings.Join(items, "")))
	}
	s := testSOD([][3]string{{"name", "1", "title"}, {"release_date", "?", "date"}}, sod.One)
	dictionaryTypes(s, "title")
	pages := pagesOf(t, src, nil)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		if got := strings.Join(objs[0].Get("release_date"), "|"); got != want[i] {
			t.Fatalf("%s: release_date %q, want %q; template %s slots %+v", p.Path, got, want[i], w.Template(), w.Slots())
		}
	}
}
