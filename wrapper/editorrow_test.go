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

// TestRecordEditorRow: book records whose authors are a list in one node
// ("Written by: <span>A; B & C</span>") and, on some records, an editors'
// row of the same names' dictionary ("Edited by: <span>D and E</span>").
// The author dictionary knows some editors too, and the set field took
// the editors' row as a further slot (every record with an editor wrote
// the editors as authors). The authors' slot holds whole lists
// (holdsLists): the weaker editors' slot is another row and is left out.
func TestRecordEditorRow(t *testing.T) {
	s, err := sod.Parse("books.toml", []byte(`
object = "book"
objects = "*"
[tuple.book]
title = "1"
writer = "+"
price = "1"
[entity.title]
dictionary = "title"
[entity.writer]
dictionary = "author"
[entity.price]
predefined = "price"
`))
	if err != nil {
		t.Fatal(err)
	}
	first := []string{"Nadia", "Owen", "Tamsin", "Callum", "Lucia", "Garrett", "Ivan", "Marcus", "Josephine", "Ulrich", "Kwame"}
	last := []string{"Novak", "Winslow", "Fairbanks", "Jefferson", "Lindqvist", "Okafor", "Rinaldi", "Kowalski", "Abernathy", "Cavendish"}
	name := func(k int) string {
		return first[k%len(first)] + " " + string(rune('A'+k%26)) + ". " + last[k*7%len(last)]
	}
	type rec struct {
		title, price     string
		authors, editors []string
	}
	recs := func(page, n int) []rec {
		var out []rec
		for j := range n {
			k := page*n + j
			r := rec{title: fmt.Sprintf("The %c%c Garden %d", 'A'+rune(k%26), 'a'+rune(k*5%26), k), price: fmt.Sprintf("$%d.99", 10+k%40)}
			for a := range 1 + k%3 {
				r.authors = append(r.authors, name(3*k+a))
			}
			if k%2 == 0 {
				r.editors = []string{name(3*k + 101)}
				if k%4 == 0 {
					r.editors = append(r.editors, name(3*k+102))
				}
			}
			out = append(out, r)
		}
		return out
	}
	render := func(rs []rec) string {
		var b strings.Builder
		b.WriteString(`<html><body><div class="nav"><a href="/">Home</a></div><div class="results"><h1>Books</h1>`)
		for _, r := range rs {
			fmt.Fprintf(&b, `<div class="item"><h2>%s</h2><p>Written by: <span class="author">%s</span><br>`, r.title, strings.Join(r.authors, "; "))
			if len(r.editors) > 0 {
				fmt.Fprintf(&b, `Edited by: <span class="editor">%s</span><br>`, strings.Join(r.editors, " and "))
			}
			fmt.Fprintf(&b, `Buy new: %s</p></div>`, r.price)
		}
		b.WriteString(`</div><div class="foot">About us</div></body></html>`)
		return b.String()
	}
	var sample []*annotate.Page
	for i := range 12 {
		rs := recs(i, 6)
		m := map[string][]string{}
		for j, r := range rs {
			if j%2 == 0 {
				m["title"] = append(m["title"], r.title)
			}
			m["writer"] = append(m["writer"], r.authors[0])
			// The dictionary knows some editors: they are authors of
			// other books.
			if len(r.editors) > 0 && j%3 != 2 {
				m["writer"] = append(m["writer"], r.editors[0])
			}
			m["price"] = append(m["price"], r.price)
		}
		sample = append(sample, pagetest.Marked(t, fmt.Sprint(i), render(rs), m))
	}
	w, err := Induce(sample, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
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
		got := o.Get("writer")
		for _, e := range rs[j].editors {
			if slices.Contains(got, e) {
				t.Fatalf("record %d: writer %q holds the editor %q\ntemplate %s\nslots %+v", j, got, e, w.Template(), w.Slots())
			}
		}
		if !slices.Contains(got, rs[j].authors[0]) {
			t.Errorf("record %d: writer %q, want %q", j, got, rs[j].authors)
		}
	}
}
