package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// shuffledRows returns the rows of product i, each "label|value", in an
// order that changes from product to product; the warranty row is on
// some products only, and so is the brand's ("" when absent).
func shuffledRows(i int) (brand, price string, rows [][2]string) {
	brands := []string{"Helix", "Lumen", "Strata", "Dravo", "Korvel", "Nimbra"}
	brand = brands[i%len(brands)]
	price = fmt.Sprintf("$%d.%02d", 20+7*i, (13*i)%100)
	rows = [][2]string{{"Made by", brand}, {"Weight", fmt.Sprintf("%d.%d kg", 1+i%3, i%10)}, {"Colour", []string{"Red", "Black", "Silver", "Blue"}[i%4]}, {"Price", price}}
	if i%3 == 1 {
		rows = append(rows, [2]string{"Warranty", fmt.Sprintf("%d years", 1+i%4)})
	}
	if i%4 == 3 {
		rows = rows[1:] // no brand
		brand = ""
	}
	for k := range rows { // a permutation that differs with i
		j := (k*5 + i*3) % len(rows)
		rows[k], rows[j] = rows[j], rows[k]
	}
	return brand, price, rows
}

// rowsHTML renders rows as <div class="row"><label>…</label><div>…</div>
// </div>; the brand is annotated (data-or-type) when known.
func rowsHTML(rows [][2]string, known bool) string {
	var b strings.Builder
	for _, r := range rows {
		v := r[1]
		if r[0] == "Made by" && known {
			v = `<span data-or-type="brand">` + v + `</span>`
		}
		fmt.Fprintf(&b, `<div class="row"><label>%s</label><div class="value">%s</div></div>`, r[0], v)
	}
	return b.String()
}

// TestRowOrderDetail: label-value rows in another order on every page,
// the brand's label ("Made by") not naming its field and its dictionary
// knowing a third of the values. ExAlg cannot align rows whose order
// changes; put in the order of their labels, each row kind gets a place
// of its own in the template and the brand comes out on every page.
func TestRowOrderDetail(t *testing.T) {
	for _, on := range []bool{false, true} {
		t.Run(fmt.Sprint("ordering=", on), func(t *testing.T) {
			defer func(v bool) { mapping.RowOrdering = v }(mapping.RowOrdering)
			mapping.RowOrdering = on
			var src, brands, prices []string
			for i := range 18 {
				brand, price, rows := shuffledRows(i)
				brands, prices = append(brands, brand), append(prices, price)
				src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Product %c%c</h1><div class="facts">%s</div><p>Free shipping</p></body></html>`,
					'A'+i, 'a'+i, rowsHTML(rows, i%3 == 0)))
			}
			pages := pagesOf(t, src, nil)
			annotatePatterns(t, pages, map[string]string{"price": "price"})
			s := testSOD([][3]string{{"name", "1", "name"}, {"brand", "?", "brand"}, {"price", "1", "price"}}, sod.One)
			dictionaryTypes(s, "name", "brand")
			w, err := Induce(pages, s, DefaultOptions())
			if !on {
				// Without the row order the brand's rows stay mixed
				// with the others: no slot, or wrong values.
				if err == nil && brandsRight(w, pages, brands) {
					t.Fatalf("brands right without the row order: the test shows nothing\n%s", w.Template())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !brandsRight(w, pages, brands) {
				t.Fatalf("brands wrong; template %s\nslots %+v", w.Template(), w.Slots())
			}
			for i, p := range pages {
				objs, _ := w.Extract(p)
				if got := fmt.Sprint(objs[0].Get("price")); got != fmt.Sprint([]string{prices[i]}) {
					t.Fatalf("%s: price %s, want %s", p.Path, got, prices[i])
				}
			}
			// The saved wrapper keeps the order (and reads the same).
			var buf strings.Builder
			if err := w.Save(&buf); err != nil {
				t.Fatal(err)
			}
			l, err := Load(strings.NewReader(buf.String()))
			if err != nil {
				t.Fatal(err)
			}
			if !brandsRight(l, pages, brands) {
				t.Fatal("brands wrong after Save and Load")
			}
		})
	}
}

// brandsRight reports whether w extracts brand i from page i.
func brandsRight(w *Wrapper, pages []*annotate.Page, brands []string) bool {
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 || strings.Join(objs[0].Get("brand"), "|") != brands[i] {
			return false
		}
	}
	return true
}

// TestRowOrderRecords: the same rows in the records of list pages (record
// mode), a <dl> of "<dt>Label:</dt><dd>value</dd>" pairs per product.
func TestRowOrderRecords(t *testing.T) {
	for _, on := range []bool{false, true} {
		t.Run(fmt.Sprint("ordering=", on), func(t *testing.T) {
			defer func(v bool) { mapping.RowOrdering = v }(mapping.RowOrdering)
			mapping.RowOrdering = on
			// A row label where the few known brands concentrate is
			// the brand's row (sparseRow) in any row order: off with
			// the row order, the test shows what that alone does.
			defer func(v bool) { mapping.SparseRows = v }(mapping.SparseRows)
			mapping.SparseRows = on
			var pages []*annotate.Page
			var want [][]string
			k := 0
			for pg := range 8 {
				var b strings.Builder
				var brands []string
				for range 3 + pg%4 {
					brand, _, rows := shuffledRows(k)
					brands = append(brands, brand)
					fmt.Fprintf(&b, `<li><h3 data-or-type="name">Product %d</h3><dl>`, 100+k)
					for _, r := range rows {
						v := r[1]
						if r[0] == "Made by" && k%3 == 0 {
							v = `<span data-or-type="brand">` + v + `</span>`
						}
						fmt.Fprintf(&b, `<dt>%s:</dt><dd>%s</dd>`, r[0], v)
					}
					b.WriteString(`</dl></li>`)
					k++
				}
				want = append(want, brands)
				pages = append(pages, testPage(t, fmt.Sprintf("p%d.html", pg), `<html><body><h1>Results</h1><ul class="results">`+b.String()+`</ul><p>Page footer</p></body></html>`, nil))
			}
			annotatePatterns(t, pages, map[string]string{"price": "price"})
			s := testSOD([][3]string{{"name", "1", "name"}, {"brand", "?", "brand"}, {"price", "1", "price"}}, sod.Multiplicity{Min: 0, Max: sod.Unbounded})
			dictionaryTypes(s, "name", "brand")
			w, err := Induce(pages, s, DefaultOptions())
			right := err == nil
			for i, p := range pages {
				if !right {
					break
				}
				objs, _ := w.Extract(p)
				var got []string
				for _, o := range objs {
					got = append(got, strings.Join(o.Get("brand"), "|"))
				}
				right = fmt.Sprint(got) == fmt.Sprint(want[i])
			}
			if !on {
				if right {
					t.Fatalf("brands right without the row order: the test shows nothing\n%s", w.Template())
				}
				return
			}
			if !right {
				if err != nil {
					t.Fatal(err)
				}
				t.Fatalf("brands wrong; mode %s template %s\nslots %+v", w.Mode(), w.Template(), w.Slots())
			}
		})
	}
}
