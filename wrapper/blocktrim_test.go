package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
)

// TestBlockStartRating: list records whose address is written in parts
// (street, city, state, zip each an element) inside the record's block,
// after a rating on the same line ("3.8 stars · 12 Elm Road, …") and
// before the record's other parts (a heading and rows). The address's
// block value takes neither the rating nor the rows in.
func TestBlockStartRating(t *testing.T) {
	streets := []string{"Inwood Road", "Elm Street", "Congress Avenue", "Market Street", "Oak Lane"}
	cities := [][3]string{{"Seattle", "WA", "98163"}, {"Denver", "CO", "80254"}, {"Austin", "TX", "78778"}, {"Boston", "MA", "02115"}}
	var pages []*annotate.Page
	var want [][]string
	k := 0
	for pg := range 8 {
		var b strings.Builder
		var addrs []string
		for range 3 + pg%3 {
			street := fmt.Sprintf("%d %s", 100+37*k, streets[k%len(streets)])
			c := cities[k%len(cities)]
			addrs = append(addrs, fmt.Sprintf("%s, %s, %s %s", street, c[0], c[1], c[2]))
			fmt.Fprintf(&b, `<article><h2 data-or-type="name">Place %d</h2><span class="rating">%d.%d stars</span> · <span class="address"><span class="street">%s</span><br><span class="city">%s</span>, <span class="region">%s</span> <span class="zip">%s</span></span><h3>About</h3><dl><dt>District</dt><dd>%s</dd></dl></article>`,
				100+k, 1+k%4, k%10, street, c[0], c[1], c[2], []string{"Uptown", "Old Town", "Riverside", "Midtown", "Little Italy"}[k%5])
			k++
		}
		want = append(want, addrs)
		pages = append(pages, testPage(t, fmt.Sprintf("p%d.html", pg), `<html><body><h1>Restaurants</h1><section class="results">`+b.String()+`</section><p>Page footer</p></body></html>`, nil))
	}
	annotatePatterns(t, pages, map[string]string{"address": "address"})
	s := testSOD([][3]string{{"name", "1", "name"}, {"address", "1", "address"}}, sod.Multiplicity{Min: 0, Max: sod.Unbounded})
	dictionaryTypes(s, "name")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		var got []string
		for _, o := range objs {
			got = append(got, strings.Join(o.Get("address"), "|"))
		}
		if fmt.Sprint(got) != fmt.Sprint(want[i]) {
			t.Fatalf("%s: addresses %q, want %q\ntemplate %s\nslots %+v", p.Path, got, want[i], w.Template(), w.Slots())
		}
	}
}
