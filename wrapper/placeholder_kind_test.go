package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestPlaceholderNotAMixedSlot: product pages whose make the brand
// dictionary knows on some pages, beside a sidebar of other products'
// makes that a noisy product dictionary knows (most of them) and the
// brand dictionary knows too (some of them). "Kaito", a make neither
// dictionary knows, is the page's own make on five pages and stands
// unannotated in the sidebar. The sidebar's slot holds the make's own
// kind (the brand dictionary annotates it on several pages), so "Kaito"
// there is no placeholder: before, it was learned as one (SlotMap.NA)
// and the make was left empty on every Kaito page.
func TestPlaceholderNotAMixedSlot(t *testing.T) {
	makes := []string{"Nimbra", "Lumen", "Kaito", "Dravo", "Fennick"}
	var src []string
	var want []string
	for i := range 20 {
		mk := makes[i%len(makes)]
		want = append(want, mk)
		own := mk
		if mk == "Nimbra" || mk == "Lumen" {
			own = `<span data-or-type="make">` + mk + `</span>`
		}
		var side []string
		for j := range 4 {
			o := makes[(i+j+1)%len(makes)]
			typ := "name"
			switch {
			case o == "Kaito":
				side = append(side, `<li><span class="brand">Kaito</span></li>`)
				continue
			case (i+j)%5 == 0:
				typ = "make"
			}
			side = append(side, fmt.Sprintf(`<li><span class="brand" data-or-type="%s">%s</span></li>`, typ, o))
		}
		src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><div class="product">`+
			`<h1 data-or-type="name">%s X%d%02d Laptop</h1><div class="make">%s</div><p>Price: $%d.99</p></div>`+
			`<div class="sidebar"><h3>Customers also viewed</h3><ul>%s</ul></div><p>About us</p></body></html>`,
			mk, i+1, i*7%100, own, 200+i*13, strings.Join(side, "")))
	}
	pages := pagesOf(t, src, nil)
	annotatePatterns(t, pages, map[string]string{"price": "price"})
	s := testSOD([][3]string{{"name", "1", "name"}, {"make", "1", "make"}, {"price", "1", "price"}}, sod.One)
	dictionaryTypes(s, "name", "make")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkOneField(t, w, pages, "make", want)
}
