package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
)

// TestRecordSparseDictionary: a list of products whose name dictionary
// knows one name in twelve. Record mode learns from 200 records, the first
// ones of each of 20 sample pages, and the name's slot holds about 17
// instances: under MinAnnotated of the records, though they come from
// most sample pages and the slot holds no other type. The name is
// mandatory and is in every record: the slot is its candidate, and every
// record gives its name.
func TestRecordSparseDictionary(t *testing.T) {
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
	brands := []string{"Valtrix", "Iskra", "Lumen", "Helix", "Dravo", "Strata", "Ostara", "Nimbra"}
	kinds := []string{"Chromebook", "Ultrabook", "2-in-1 Laptop", "Gaming Laptop", "Laptop"}
	type rec struct{ name, make, price string }
	recs := func(page, n int) []rec {
		var out []rec
		for j := range n {
			k := page*n + j
			b := brands[(k*3+page)%len(brands)]
			out = append(out, rec{
				name:  fmt.Sprintf("%s %c%c%d %d.%d-inch %s", b, 'A'+rune(k%26), 'A'+rune(k*7%26), 100+k*13%900, 13+k%5, k%10, kinds[k%len(kinds)]),
				make:  b,
				price: fmt.Sprintf("$%d.%02d", 200+k*37%2000, k*13%100),
			})
		}
		return out
	}
	render := func(rs []rec) string {
		var b strings.Builder
		b.WriteString(`<html><body><div class="nav"><a href="/">Home</a> <a href="/deals">Deals</a></div><div class="list"><h1>Search results</h1><section>`)
		for _, r := range rs {
			fmt.Fprintf(&b, `<article><h3>%s</h3><div class="brand">by %s</div><dl><dt>Price</dt><dd>%s</dd></dl></article>`, r.name, r.make, r.price)
		}
		b.WriteString(`</section></div><div class="foot">About us · Contact</div></body></html>`)
		return b.String()
	}
	var sample []*annotate.Page
	k := 0
	for i := range 20 {
		rs := recs(i, 10)
		m := map[string][]string{}
		for _, r := range rs {
			if k%12 == 5 {
				m["name"] = append(m["name"], r.name)
			}
			k++
			m["make"] = append(m["make"], r.make)
			m["price"] = append(m["price"], r.price)
		}
		sample = append(sample, recordTestPage(t, fmt.Sprint(i), render(rs), m))
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
		if got := fmt.Sprint(o.Get("name"), o.Get("make"), o.Get("price")); got != fmt.Sprint([]string{rs[j].name}, []string{rs[j].make}, []string{rs[j].price}) {
			t.Errorf("record %d: name, make, price %s, want %q %q %q; slots %+v", j, got, rs[j].name, rs[j].make, rs[j].price, w.Slots())
		}
	}
}
