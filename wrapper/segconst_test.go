package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestRecordConstantFreeSlot: product records whose make dictionary knows
// a quarter of the makes, and also a word of a constant row label ("Sale"
// of "Sale price:", "New" of "New arrival:"), which it annotates in every
// record. The make's own slot holds its type in too few records, and the
// label's word, split from the label by the annotation, is a free slot
// that holds it in all of them: mapSegments moved the make there and
// every record's make read "Sale". The free slot's presence is weighed by
// its variation, and a constant weighs nothing: the make keeps its slot.
func TestRecordConstantFreeSlot(t *testing.T) {
	s, err := sod.Parse("products.toml", []byte(`
object = "product"
objects = "*"
[tuple.product]
name = "1"
make = "1"
price = "1"
[entity.name]
dictionary = "product"
[entity.make]
dictionary = "brand"
[entity.price]
predefined = "price"
`))
	if err != nil {
		t.Fatal(err)
	}
	brands := []string{"Valtrix", "Iskra", "Lumen", "Helix", "Dravo", "Strata", "Ostara", "Nimbra", "Korvel", "Quillon"}
	for _, tc := range []struct {
		name, label, word string
		known             int // one make in known is annotated
	}{
		{"sale price", "Sale price:", "Sale", 4},
		{"new arrival", "New arrival:", "New", 4},
		{"sale price, makes rarely known", "Sale price:", "Sale", 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			type rec struct{ name, make, price string }
			recs := func(page, n int) []rec {
				var out []rec
				for j := range n {
					k := page*n + j
					b := brands[(k*3+page)%len(brands)]
					out = append(out, rec{
						name:  fmt.Sprintf("%s %c%c%d Laptop", b, 'A'+rune(k%26), 'A'+rune(k*7%26), 100+k*13%900),
						make:  b,
						price: fmt.Sprintf("$%d.%02d", 200+k*37%2000, k*13%100),
					})
				}
				return out
			}
			render := func(rs []rec) string {
				var b strings.Builder
				b.WriteString(`<html><body><div class="nav"><a href="/">Home</a></div><div class="list"><h1>Deals</h1><ul class="results">`)
				for _, r := range rs {
					fmt.Fprintf(&b, `<li><h2><a>%s</a></h2><dl><dt>Manufacturer:</dt><dd><a>%s</a></dd><dt>%s</dt><dd><span>%s</span></dd></dl></li>`, r.name, r.make, tc.label, r.price)
				}
				b.WriteString(`</ul></div><div class="foot">About us</div></body></html>`)
				return b.String()
			}
			var sample []*annotate.Page
			k := 0
			for i := range 20 {
				rs := recs(i, 5)
				m := map[string][]string{"make": {tc.word}}
				for _, r := range rs {
					m["name"] = append(m["name"], r.name)
					if k%tc.known == 1 {
						m["make"] = append(m["make"], r.make)
					}
					k++
					m["price"] = append(m["price"], r.price)
				}
				sample = append(sample, pagetest.Marked(t, fmt.Sprint(i), render(rs), m))
			}
			w, err := Induce(sample, s, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			if w.Mode() != ModeRecords {
				t.Fatalf("mode %s, want records", w.Mode())
			}
			rs := recs(40, 6)
			p, err := annotate.ParsePage([]byte(render(rs)), "p", annotate.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			objs, _ := w.Extract(p)
			if len(objs) != len(rs) {
				t.Fatalf("%d objects, want %d; slots %+v", len(objs), len(rs), w.Slots())
			}
			for j, o := range objs {
				if got := fmt.Sprint(o.Get("make")); got != fmt.Sprint([]string{rs[j].make}) {
					t.Errorf("record %d: make %s, want %q\ntemplate %s\nslots %+v", j, got, rs[j].make, w.Template(), w.Slots())
					break
				}
			}
		})
	}
}
