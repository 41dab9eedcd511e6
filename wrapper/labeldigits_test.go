package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestShuffledRowsDigitLabel: each record of a list has an "ISBN13:" row
// and an optional "Imprint:" row, in either order. A label whose digits
// name a kind ("ISBN13") is a row label like any other: the rows are put
// in one order (roworder.go) and the imprint is read from its row.
func TestShuffledRowsDigitLabel(t *testing.T) {
	pubs := []string{"Tamarack Press", "Thornbury Books", "Sable Publishers", "Quillon Books", "Eastlake Group"}
	var pages []*annotate.Page
	var want [][]string
	k := 0
	for pg := range 10 {
		var b strings.Builder
		var got []string
		for range 4 + pg%4 {
			pub := pubs[k%5]
			if k%4 == 3 {
				pub = ""
			}
			got = append(got, pub)
			isbn := fmt.Sprintf(`<div class="row"><strong class="label">ISBN13:</strong> <span class="value">978-1-%04d-%04d-%d</span></div>`, 1000+k, 2000+k, k%10)
			imp := ""
			if pub != "" {
				imp = `<div class="row"><strong class="label">Imprint:</strong> <span class="value"><a href="/p">` + pub + `</a></span></div>`
			}
			rows := isbn + imp
			if k%2 == 1 {
				rows = imp + isbn
			}
			fmt.Fprintf(&b, `<div class="card"><h3><span>Book Number %d</span></h3><div class="price"><b>$%d.99</b></div><div class="specs">%s</div></div>`, 100+k, 5+k%30, rows)
			k++
		}
		want = append(want, got)
		marks := map[string][]string{"title": {}, "publisher": pubs[:3]}
		for j := k - 10; j < k; j++ {
			marks["title"] = append(marks["title"], fmt.Sprintf("Book Number %d", 100+j))
		}
		pages = append(pages, pagetest.Marked(t, fmt.Sprintf("p%d.html", pg), `<html><body><h1>Results</h1><div class="cards">`+b.String()+`</div><p>Page footer</p></body></html>`, marks))
	}
	annotatePatterns(t, pages, map[string]string{"price": "price"})
	s := testSOD([][3]string{{"name", "1", "title"}, {"price", "1", "price"}, {"publisher", "?", "publisher"}}, sod.Multiplicity{Min: 0, Max: sod.Unbounded})
	dictionaryTypes(s, "title", "publisher")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		var got []string
		for _, o := range objs {
			got = append(got, strings.Join(o.Get("publisher"), "|"))
		}
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want[i]) {
			t.Fatalf("%s: publishers %q, want %q; mode %s template %s\nslots %+v", p.Path, got, want[i], w.Mode(), w.Template(), w.Slots())
		}
	}
}
