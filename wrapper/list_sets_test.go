package wrapper

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestRecordSetItemsUnknownToDictionary: a set field's items come from a
// small set (cuisines) that recurs in many records, linked and split by
// <br>, and the dictionary knows one in six. The unannotated ones
// recur unannotated on every page, like a separator would, but they start
// or end values: they are items, and every record gives all its cuisines.
func TestRecordSetItemsUnknownToDictionary(t *testing.T) {
	s, err := sod.Parse("restaurants.toml", []byte(`
object = "restaurant"
objects = "*"
[tuple.restaurant]
name = "1"
cuisine = "+"
address = "1"
[entity.name]
dictionary = "restaurant"
[entity.cuisine]
dictionary = "cuisine"
[entity.address]
predefined = "address"
`))
	if err != nil {
		t.Fatal(err)
	}
	pool := []string{"Italian", "Pizza", "Thai", "Sushi", "Greek", "Bakery", "Seafood", "Tapas/Small Plates", "Korean", "Burgers", "Vegan", "Tex-Mex"}
	known := pool[:2] // the dictionary knows one in six
	type rec struct {
		name, address string
		cuisines      []string
	}
	recs := func(page, n int) []rec {
		var out []rec
		for j := range n {
			k := page*13 + j*5
			r := rec{name: fmt.Sprintf("Cafe %c%c", 'A'+rune(k%26), 'a'+rune(k/26%26)), address: fmt.Sprintf("%d Elm St, Austin, TX 78701", 100+k)}
			for c := range 1 + k%3 {
				r.cuisines = append(r.cuisines, pool[(k+c*5)%len(pool)])
			}
			out = append(out, r)
		}
		return out
	}
	render := func(rs []rec) string {
		var b strings.Builder
		b.WriteString("<html><body><div><a href=/>Home</a></div><div><h1>Restaurants</h1><ul>")
		for _, r := range rs {
			var cs []string
			for _, c := range r.cuisines {
				cs = append(cs, "<a href=c>"+c+"</a>")
			}
			fmt.Fprintf(&b, "<li><h3><a href=r>%s</a></h3><div>%s</div><p>%s</p></li>", r.name, strings.Join(cs, "<br>"), r.address)
		}
		b.WriteString("</ul></div><div>About · Contact</div></body></html>")
		return b.String()
	}
	var sample []*annotate.Page
	for i, n := range []int{3, 5, 2, 6, 4, 7, 3, 5, 4, 6} {
		rs := recs(i, n)
		m := map[string][]string{}
		for _, r := range rs {
			m["name"] = append(m["name"], r.name)
			m["address"] = append(m["address"], r.address)
			for _, c := range r.cuisines {
				if slices.Contains(known, c) {
					m["cuisine"] = append(m["cuisine"], c)
				}
			}
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
	for i, n := range []int{4, 8} {
		rs := recs(100+i, n)
		p, err := annotate.ParsePage([]byte(render(rs)), "p", annotate.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		objs, err := w.Extract(p)
		if err != nil || len(objs) != n {
			t.Fatalf("page with %d records: %d objects, %v", n, len(objs), err)
		}
		for j, o := range objs {
			var got []string
			for _, f := range o.Fields {
				if f.Name == "cuisine" {
					for _, v := range f.Values {
						got = append(got, v.Text)
					}
				}
			}
			if !slices.Equal(got, rs[j].cuisines) {
				t.Errorf("record %d: cuisine %q, want %q", j, got, rs[j].cuisines)
			}
		}
	}
}

// TestRecordSetHalfAnnotatedAnd: a record's authors are plain text joined
// by "and" or "&" ("Maya Okafor and Hunter Prescott"), and the dictionary knows
// only the first author of each pair, so "and" is never seen between two
// annotated names. A short lower-case word or "&" between a known name and
// a capitalised word, on two pages or more, still separates the items; a
// lower-case name particle does not.
func TestRecordSetHalfAnnotatedAnd(t *testing.T) {
	for _, sep := range []string{" and ", " & "} {
		t.Run(strings.TrimSpace(sep), func(t *testing.T) { recordSetHalfAnnotated(t, sep) })
	}
}

func recordSetHalfAnnotated(t *testing.T, sep string) {
	s, err := sod.Parse("books.toml", []byte(`
object = "book"
objects = "*"
[tuple.book]
title = "1"
author = "+"
price = "1"
[entity.title]
dictionary = "title"
[entity.author]
dictionary = "author"
[entity.price]
predefined = "price"
`))
	if err != nil {
		t.Fatal(err)
	}
	first := []string{"Ann Lee", "Cy Dee", "Di Fox", "Fay Hill", "Gus Ives", "Ida Moss"}
	// "la" in "Ann Lee and Rosa de la Vega" lies between a capitalised
	// word and a lower-case one, with a known name further left: no
	// separator.
	second := []string{"Bo Chan", "Ed Gray", "Rosa de la Vega", "Hal Jones", "Jo Kerr", "Kim Lund", "Lu Marsh", "Max Nolan"}
	type rec struct {
		title, price string
		authors      []string
	}
	recs := func(page, n int) []rec {
		var out []rec
		for j := range n {
			k := page*7 + j*3
			r := rec{title: fmt.Sprintf("Book %c%c", 'A'+rune(k%26), 'a'+rune(k/26%26)), price: fmt.Sprintf("$%d.99", 5+k%30)}
			r.authors = []string{first[k%len(first)]}
			if k%2 == 0 {
				r.authors = append(r.authors, second[k%len(second)])
			}
			out = append(out, r)
		}
		return out
	}
	render := func(rs []rec) string {
		var b strings.Builder
		b.WriteString("<html><body><div><a href=/>Home</a></div><div><h1>Books</h1><ul>")
		for _, r := range rs {
			fmt.Fprintf(&b, "<li><h3>%s</h3><p><span>Author(s):</span> %s</p><p>%s</p></li>", r.title, strings.Join(r.authors, sep), r.price)
		}
		b.WriteString("</ul></div><div>About · Contact</div></body></html>")
		return b.String()
	}
	var sample []*annotate.Page
	for i, n := range []int{3, 5, 2, 6, 4, 7, 3, 5, 4, 6} {
		rs := recs(i, n)
		m := map[string][]string{}
		for _, r := range rs {
			m["title"] = append(m["title"], r.title)
			m["price"] = append(m["price"], r.price)
			m["author"] = append(m["author"], r.authors[0]) // the second is unknown
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
	for i, n := range []int{4, 8} {
		rs := recs(100+i, n)
		p, err := annotate.ParsePage([]byte(render(rs)), "p", annotate.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		objs, err := w.Extract(p)
		if err != nil || len(objs) != n {
			t.Fatalf("page with %d records: %d objects, %v", n, len(objs), err)
		}
		for j, o := range objs {
			if got := o.Get("author"); !slices.Equal(got, rs[j].authors) {
				t.Errorf("record %d: author %q, want %q; template %s", j, got, rs[j].authors, w.Template())
			}
		}
	}
}

// TestRecordSetPlainItemsBesidePunctuation: most records link their
// cuisines ("<a>Thai</a> / <a>Greek</a> · $$"); some write them as text
// ("Tapas/Small Plates<br>Greek · $$"). The runs of text in the element
// are mostly punctuation (" / ", "· $$"): no items, so they do not make
// the element's own text a path where items never are, and the records
// written as text keep their cuisines.
func TestRecordSetPlainItemsBesidePunctuation(t *testing.T) {
	s, err := sod.Parse("restaurants.toml", []byte(`
object = "restaurant"
objects = "*"
[tuple.restaurant]
name = "1"
cuisine = "+"
address = "1"
[entity.name]
dictionary = "restaurant"
[entity.cuisine]
dictionary = "cuisine"
[entity.address]
predefined = "address"
`))
	if err != nil {
		t.Fatal(err)
	}
	pool := []string{"Italian", "Pizza", "Thai", "Sushi", "Greek", "Bakery", "Seafood", "Tapas/Small Plates", "Korean", "Burgers", "Vegan", "Tex-Mex"}
	known := pool[:5] // the dictionary knows two in five
	type rec struct {
		name, address string
		cuisines      []string
		plain         bool
	}
	recs := func(page, n int) []rec {
		var out []rec
		for j := range n {
			k := page*13 + j*5
			r := rec{name: fmt.Sprintf("Cafe %c%c", 'A'+rune(k%26), 'a'+rune(k/26%26)), address: fmt.Sprintf("%d Elm St, Austin, TX 78701", 100+k), plain: k%4 == 1}
			for c := range 1 + k%3 {
				r.cuisines = append(r.cuisines, pool[(k+c*5)%len(pool)])
			}
			out = append(out, r)
		}
		return out
	}
	render := func(rs []rec) string {
		var b strings.Builder
		b.WriteString("<html><body><div><a href=/>Home</a></div><div><h1>Restaurants</h1><ul>")
		for _, r := range rs {
			var cs []string
			sep := " / "
			for _, c := range r.cuisines {
				if r.plain {
					cs, sep = append(cs, c), "<br>"
				} else {
					cs = append(cs, "<a href=c>"+c+"</a>")
				}
			}
			fmt.Fprintf(&b, "<li><h3><a href=r>%s</a></h3><p><b>Cuisine:</b> %s · $$</p><p>%s</p></li>", r.name, strings.Join(cs, sep), r.address)
		}
		b.WriteString("</ul></div><div>About · Contact</div></body></html>")
		return b.String()
	}
	var sample []*annotate.Page
	for i, n := range []int{3, 5, 2, 6, 4, 7, 3, 5, 4, 6} {
		rs := recs(i, n)
		m := map[string][]string{}
		for _, r := range rs {
			m["name"] = append(m["name"], r.name)
			m["address"] = append(m["address"], r.address)
			for _, c := range r.cuisines {
				if slices.Contains(known, c) {
					m["cuisine"] = append(m["cuisine"], c)
				}
			}
		}
		sample = append(sample, pagetest.Marked(t, fmt.Sprint(i), render(rs), m))
	}
	w, err := Induce(sample, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	plain := 0
	for i, n := range []int{4, 8, 6} {
		rs := recs(100+i, n)
		p, err := annotate.ParsePage([]byte(render(rs)), "p", annotate.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		objs, err := w.Extract(p)
		if err != nil || len(objs) != n {
			t.Fatalf("page with %d records: %d objects, %v", n, len(objs), err)
		}
		for j, o := range objs {
			var got []string
			for _, f := range o.Fields {
				if f.Name == "cuisine" {
					for _, v := range f.Values {
						got = append(got, v.Text)
					}
				}
			}
			if rs[j].plain {
				plain++
			}
			if !slices.Equal(got, rs[j].cuisines) {
				t.Errorf("record %d (plain %v): cuisine %q, want %q", j, rs[j].plain, got, rs[j].cuisines)
			}
		}
	}
	if plain == 0 {
		t.Fatal("no record written as text on the test pages")
	}
}
