package wrapper

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
)

// TestWeakSeparatorsLearned checks that "&" splits the items of a set
// field only when the sample showed it between two annotated items.
func TestWeakSeparatorsLearned(t *testing.T) {
	for _, tc := range []struct {
		name    string
		authors [][]string // per page
		sep     string     // between two authors
		links   bool       // authors as links (else plain text)
		want    []string   // authors extracted from the last page
		wantSep bool       // "&" among the learned separators
	}{
		{"ampersand between names", [][]string{{"Ann Lee", "Bo Chan"}, {"Cy Dee"}, {"Di Fox", "Ed Gray"}, {"Fay Hill"}, {"Gus Ives", "Hal Jones"}}, " & ", true,
			[]string{"Gus Ives", "Hal Jones"}, true},
		{"ampersand between names in plain text", [][]string{{"Ann Lee", "Bo Chan"}, {"Cy Dee"}, {"Di Fox", "Ed Gray"}, {"Fay Hill"}, {"Gus Ives", "Hal Jones"}}, " & ", false,
			[]string{"Gus Ives", "Hal Jones"}, true},
		{"and between names, ampersand inside one", [][]string{{"Ann Lee", "Bo Chan"}, {"Cy Dee"}, {"Di Fox", "Ed Gray"}, {"Fay Hill"}, {"Grosset & Dunlap"}}, " and ", true,
			[]string{"Grosset & Dunlap"}, false},
		{"ampersand inside a plain-text name", [][]string{{"Ann Lee", "Bo Chan"}, {"Cy Dee"}, {"Di Fox", "Ed Gray"}, {"Fay Hill"}, {"Grosset & Dunlap"}}, ", ", false,
			[]string{"Grosset & Dunlap"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var pages []*annotate.Page
			for i, au := range tc.authors {
				links := ""
				for j, a := range au {
					if j > 0 {
						links += tc.sep
					}
					if tc.links {
						links += fmt.Sprintf(`<a href="/a%d">%s</a>`, j, a)
					} else {
						links += a
					}
				}
				src := fmt.Sprintf(`<html><body><h1 data-or-type="title">Book number %d</h1><h3>by %s</h3><p>Some constant text here.</p></body></html>`, i, links)
				// Authors are annotated by literal; "Grosset & Dunlap" only
				// in part, as a dictionary knowing "Grosset" would.
				marks := map[string][]string{}
				for _, a := range au {
					if a == "Grosset & Dunlap" {
						a = "Grosset"
					}
					marks["author"] = append(marks["author"], a)
				}
				pages = append(pages, testPage(t, fmt.Sprintf("p%d.html", i+1), src, marks))
			}
			s := testSOD([][3]string{{"title", "1", "title"}, {"author", "+", "author"}}, sod.One)
			w, err := Induce(pages, s, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			var seps []string
			for _, sm := range w.Slots() {
				if sm.Field == "author" {
					seps = sm.SepWords
				}
			}
			if got := slices.Contains(seps, "&"); got != tc.wantSep {
				t.Fatalf(`"&" learned = %v, want %v (SepWords %q; template %s)`, got, tc.wantSep, seps, w.Template())
			}
			objs, err := w.Extract(pages[len(pages)-1])
			if err != nil || len(objs) != 1 {
				t.Fatalf("Extract: %d objects, err %v", len(objs), err)
			}
			if got := objs[0].Get("author"); !slices.Equal(got, tc.want) {
				t.Fatalf("author = %q, want %q; template %s", got, tc.want, w.Template())
			}
		})
	}
}

// TestExplainedSlot: a noisy product-name dictionary knows some brands as
// well, so the brand cell is annotated as a name as often as a brand (no
// type is mainly there); the name has its own slot, where it is mainly
// annotated. Setting aside the brand cell's values annotated only as
// names, the brand is mainly its instances there and gets the slot.
func TestExplainedSlot(t *testing.T) {
	brands := []string{"Korvel", "Fennick", "Lumen", "Kaito", "Corvina", "Iskra"}
	var srcs []string
	marks := map[string][]string{"name": {"Korvel", "Fennick", "Lumen"}, "brand": {"Korvel", "Iskra"}}
	var names []string
	for i := range 16 {
		b := brands[i%len(brands)]
		name := fmt.Sprintf("Studio Monitor X%d", 10+7*i)
		names = append(names, name)
		if i%4 != 0 { // the dictionary knows most names
			marks["name"] = append(marks["name"], name)
		}
		srcs = append(srcs, fmt.Sprintf(`<html><body><h1>%s</h1><table><tr><th>Maker</th><td>%s</td></tr><tr><th>Stock</th><td>%d left</td></tr></table></body></html>`, name, b, i))
	}
	pages := make([]*annotate.Page, len(srcs))
	for i, src := range srcs {
		pages[i] = testPage(t, fmt.Sprintf("p%02d.html", i), src, marks)
	}
	s := testSOD([][3]string{{"name", "1", "name"}, {"brand", "1", "brand"}}, sod.One)
	dictionaryTypes(s, "name", "brand")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v", p.Path, len(objs), err)
		}
		got := fmt.Sprintf("%q %q", objs[0].Get("name"), objs[0].Get("brand"))
		if want := fmt.Sprintf("%q %q", []string{names[i]}, []string{brands[i%len(brands)]}); got != want {
			t.Fatalf("%s: got %s, want %s; slots %+v", p.Path, got, want, w.Slots())
		}
	}
}

// TestExplainedSlotNotTemplate: a noisy publisher dictionary knows the
// menu entry "Home", on every page, and no publisher of the books (the
// field is optional and the page has none). The menu entry is template
// text, not the field's slot: the publisher is left empty.
func TestExplainedSlotNotTemplate(t *testing.T) {
	var pages []*annotate.Page
	for i := range 16 {
		name := fmt.Sprintf("Studio Book %d", 10+7*i)
		src := fmt.Sprintf(`<html><body><nav><a href="/">Home</a> <a href="/b">Books</a></nav><h1>%s</h1><p>Price: $%d.99</p><p>Ships in %d days</p></body></html>`, name, 5+i, 1+i%4)
		pages = append(pages, testPage(t, fmt.Sprintf("p%02d.html", i), src, map[string][]string{"name": {name}, "publisher": {"Home"}}))
	}
	s := testSOD([][3]string{{"name", "1", "name"}, {"publisher", "?", "publisher"}}, sod.One)
	dictionaryTypes(s, "name", "publisher")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v", p.Path, len(objs), err)
		}
		if got := objs[0].Get("publisher"); len(got) > 0 {
			t.Fatalf("%s: publisher %q from template text; template %s; slots %+v", p.Path, got, w.Template(), w.Slots())
		}
	}
}

// TestLabelNamesTypeNumbers: a label sharing a word with a dictionary
// field's type ("Product ID:" for a field of type product) does not
// nominate a slot whose values have no letters and that the dictionary
// never annotates: a dictionary's names have letters. The product's name,
// known on a third of the pages, comes from its heading.
func TestLabelNamesTypeNumbers(t *testing.T) {
	var src, names []string
	marks := map[string][]string{}
	for i := range 15 {
		name := fmt.Sprintf("Nimbra %c%d Wireless Headphones", 'A'+i, 100+7*i)
		names = append(names, name)
		if i%3 == 0 {
			marks["product"] = append(marks["product"], name)
		}
		src = append(src, fmt.Sprintf(`<html><body><h1>%s</h1><ul><li><b>Product ID:</b> %d</li><li><b>Colour:</b> %s</li></ul><p>Free shipping</p></body></html>`,
			name, 7894791+331*i, []string{"Red", "Black", "Blue"}[i%3]))
	}
	pages := pagesOf(t, src, marks)
	s := testSOD([][3]string{{"name", "1", "product"}}, sod.One)
	dictionaryTypes(s, "product")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 || strings.Join(objs[0].Get("name"), "|") != names[i] {
			t.Fatalf("%s: name %v, want %s; slots %+v\n%s", p.Path, objs, names[i], w.Slots(), w.Template())
		}
	}
}
