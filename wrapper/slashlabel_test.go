package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestRowOrderSlashLabel: shuffled label-value rows as in
// TestRowOrderDetail, the brand's row labelled "Maker/Brand" (two names
// of one row, as "College/Univ." or "ISBN/EAN"). The label is a row
// label like any other: its rows are put in order, the row's key (a step
// of the tokens' paths) holds no "/", and the brand comes out on every
// page although its dictionary knows a third of the values.
func TestRowOrderSlashLabel(t *testing.T) {
	var src, brands []string
	for i := range 18 {
		brand, _, rows := shuffledRows(i)
		brands = append(brands, brand)
		for k := range rows {
			if rows[k][0] == "Made by" {
				rows[k][0] = "Maker/Brand"
			}
			rows[k][0] += ":"
		}
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Product %c%c</h1><div class="facts">%s</div><p>Free shipping</p></body></html>`,
			'A'+i, 'a'+i, slashRowsHTML(rows, i%3 == 0)))
	}
	pages := pagesOf(t, src, nil)
	annotatePatterns(t, pages, map[string]string{"price": "price"})
	s := testSOD([][3]string{{"name", "1", "name"}, {"brand", "?", "brand"}, {"price", "1", "price"}}, sod.One)
	dictionaryTypes(s, "name", "brand")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if !brandsRight(w, pages, brands) {
		t.Fatalf("brands wrong; template %s\nslots %+v", w.Template(), w.Slots())
	}
}

// slashRowsHTML renders rows as rowsHTML does, the brand's value (row
// "Maker/Brand:") in a link and annotated when known.
func slashRowsHTML(rows [][2]string, known bool) string {
	s := ""
	for _, r := range rows {
		v := r[1]
		if r[0] == "Maker/Brand:" {
			v = `<a href="/b">` + v + `</a>`
			if known {
				v = `<a href="/b"><span data-or-type="brand">` + r[1] + `</span></a>`
			}
		}
		s += fmt.Sprintf(`<div class="row"><strong>%s</strong><div class="value">%s</div></div>`, r[0], v)
	}
	return s
}
