package wrapper

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// listCase is a list SOD, sample pages rendered from generated records
// with their annotations, and a check of the objects of a fresh page.
type listCase struct {
	sod    string
	pages  int
	render func(page int) (src string, marks map[string][]string)
	check  func(t *testing.T, w *Wrapper)
}

func (c listCase) run(t *testing.T) {
	t.Helper()
	s, err := sod.Parse("list.toml", []byte(c.sod))
	if err != nil {
		t.Fatal(err)
	}
	var sample []*annotate.Page
	for i := range c.pages {
		src, m := c.render(i)
		sample = append(sample, pagetest.Marked(t, fmt.Sprint(i), src, m))
	}
	w, err := Induce(sample, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if w.Mode() != ModeRecords {
		t.Fatalf("mode %s, want records", w.Mode())
	}
	c.check(t, w)
}

// person returns the k-th of a pool of person names.
func person(k int) string {
	first := []string{"Kiran", "Rhea", "Tanner", "Freya", "Yusuf", "Hugo", "Vivian", "Lena", "Oliver", "Camille", "Amara", "Colt", "Felix"}
	last := []string{"Mason", "Booker", "Dunmore", "Jefferson", "Vasquez", "Sorensen", "Novak", "Brightwater", "St. Clair", "Achterberg", "O'Connell"}
	return first[k%len(first)] + " " + last[k/len(first)%len(last)]
}

// TestRecordColumnHeaders: books as table rows under a header row, with
// the authors' names in the "Author" column and the foreword's writer in
// the next one, "Foreword by"; the author dictionary knows names of both.
// The cells before and after are values, not labels: the column headers
// are. The foreword's column is a row of its own under its own label, no
// place of the authors (rowplace.go, colrow.go).
func TestRecordColumnHeaders(t *testing.T) {
	type rec struct {
		title, price, foreword string
		authors                []string
	}
	recs := func(page, n int) []rec {
		var out []rec
		for j := range n {
			k := page*n + j
			r := rec{title: fmt.Sprintf("The %s Letters %d", []string{"Painted", "Hollow", "Silent", "Glass"}[k%4], k), price: fmt.Sprintf("$%d.99", 5+k%40)}
			for a := range 1 + k%2 {
				r.authors = append(r.authors, person(3*k+a))
			}
			if k%3 != 1 {
				r.foreword = person(3*k + 2)
			}
			out = append(out, r)
		}
		return out
	}
	render := func(rs []rec) string {
		var b strings.Builder
		b.WriteString(`<html><body><div class="nav"><a href="/">Home</a></div><table><thead><tr><th>Title</th><th>Author</th><th>Foreword by</th><th>Our price</th></tr></thead><tbody>`)
		for _, r := range rs {
			fmt.Fprintf(&b, `<tr class="row"><td class="name"><a href="/b">%s</a></td><td class="author"><span>%s</span></td><td class="editor">%s</td><td class="price">%s</td></tr>`, r.title, strings.Join(r.authors, "; "), r.foreword, r.price)
		}
		b.WriteString(`</tbody></table><div class="foot">About us</div></body></html>`)
		return b.String()
	}
	listCase{
		sod: `
object = "book"
objects = "*"
[tuple.book]
title = "1"
by = "*"
price = "1"
[entity.title]
dictionary = "title"
[entity.by]
dictionary = "author"
[entity.price]
predefined = "price"
`,
		pages: 12,
		render: func(i int) (string, map[string][]string) {
			rs := recs(i, 6)
			m := map[string][]string{}
			for j, r := range rs {
				if j%2 == 0 {
					m["title"] = append(m["title"], r.title)
				}
				m["price"] = append(m["price"], r.price)
				for _, a := range append(slices.Clone(r.authors), r.foreword) {
					if a != "" && len(a)%3 != 0 {
						m["by"] = append(m["by"], a)
					}
				}
			}
			return render(rs), m
		},
		check: func(t *testing.T, w *Wrapper) {
			rs := recs(30, 6)
			p, err := annotate.ParsePage([]byte(render(rs)), "p", annotate.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			objs, _ := w.Extract(p)
			if len(objs) != len(rs) {
				t.Fatalf("%d objects, want %d; slots %+v", len(objs), len(rs), w.Slots())
			}
			for j, o := range objs {
				if got := o.Get("by"); !slices.Equal(got, rs[j].authors) {
					t.Errorf("record %d: by %q, want %q; slots %+v", j, got, rs[j].authors, w.Slots())
				}
			}
		},
	}.run(t)
}

// TestSamePlaceNestedSet: the first link of a list written apart from the
// set of the others ("<a> * </a> {| <a> * </a>}") is one place with them,
// on either side; a slot of a sibling set, past a slot taken by another
// field or too far away is not.
func TestSamePlaceNestedSet(t *testing.T) {
	sets := [][]int{
		0: nil,
		1: nil,    // the first item
		2: {0},    // the other items
		3: {0, 2}, // a set inside the items' set
		4: {1},    // a sibling set
		5: nil,    // taken by another field
		6: nil,
	}
	used := map[int]bool{5: true}
	for _, tc := range []struct {
		p, s int
		want bool
	}{
		{1, 1, true},
		{1, 2, true},
		{2, 1, true},
		{1, 3, true},
		{2, 4, false},
		{3, 4, false},
		{4, 6, false}, // slot 5 between them is another field's
		{1, 6, false}, // too far
	} {
		if got := mapping.SamePlace(sets, used, tc.p, tc.s); got != tc.want {
			t.Errorf("samePlace(%d, %d) = %v, want %v", tc.p, tc.s, got, tc.want)
		}
	}
}

// TestPlaceOverOwnSlots: the lineup's two-name form ("<span> A & B
// </span>", slots 2 and 3) and its other form (slot 4) are one place: the
// field's own slot between them does not cut it; another field's does.
func TestPlaceOverOwnSlots(t *testing.T) {
	sets := make([][]int, 6)
	used := map[int]bool{0: true, 2: true, 3: true}
	if !mapping.SamePlace(sets, mapping.OthersUsed(used, []int{2, 3}), 2, 4) {
		t.Error("slot 4 is not in the place of slot 2 past the field's own slot 3")
	}
	if mapping.SamePlace(sets, mapping.OthersUsed(used, []int{2}), 2, 4) {
		t.Error("slot 4 is in the place of slot 2 past another field's slot 3")
	}
	if mapping.SamePlace(sets, used, 2, 4) {
		t.Error("samePlace ignores used slots")
	}
}
