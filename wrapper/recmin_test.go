package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
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
		if got := fmt.Sprint(o.Get("name"), o.Get("make"), o.Get("price")); got != fmt.Sprint([]string{rs[j].name}, []string{rs[j].make}, []string{rs[j].price}) {
			t.Errorf("record %d: name, make, price %s, want %q %q %q; slots %+v", j, got, rs[j].name, rs[j].make, rs[j].price, w.Slots())
		}
	}
}

// TestCandMinCountsPages: in record mode a root field's instances in a
// slot count from two on when they come from MinAnnotated of the sample
// pages (instances of a single field, touched values of a set field);
// fields of nested tuples, and page mode, keep fieldMin.
func TestCandMinCountsPages(t *testing.T) {
	w := &mapping.State{Options: DefaultOptions(), Records: &RecordPattern{}}
	// 200 records from 20 pages, 10 each.
	for r := range 200 {
		w.RecordPage = append(w.RecordPage, r/10)
	}
	w.SamplePages = 20
	st := mapping.NewSlotStats()
	st.Occ = 200
	st.AnnRecs["name"] = map[int]bool{5: true, 55: true, 105: true}   // pages 0, 5, 10
	st.AnnRecs["alone"] = map[int]bool{5: true, 6: true, 7: true}     // page 0 only
	st.SomePages["acts"] = map[int]bool{15: true, 16: true, 95: true} // pages 1, 9
	for _, tc := range []struct {
		f    FieldSpec
		c    int
		rec  bool
		want int
	}{
		{FieldSpec{Path: "name", Types: []string{"name"}}, 3, true, 3},
		{FieldSpec{Path: "alone", Types: []string{"alone"}}, 3, true, 20},
		{FieldSpec{Path: "acts", Types: []string{"acts"}, Many: true}, 3, true, 3},
		{FieldSpec{Path: "loc.name", Parent: "loc", Types: []string{"name"}}, 3, true, 20},
		{FieldSpec{Path: "name", Types: []string{"name"}}, 1, true, 20},
		{FieldSpec{Path: "name", Types: []string{"name"}}, 3, false, 20},
	} {
		w := *w
		if !tc.rec {
			w.Records = nil
		}
		if got := w.CandMin(tc.f, st, 20, tc.c); got != tc.want {
			t.Errorf("%s (c %d, records %v): candMin %d, want %d", tc.f.Path, tc.c, tc.rec, got, tc.want)
		}
	}
}
