package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// dictionaryTypes marks the named entity types of s as recognised by a
// dictionary (testSOD makes every type predefined).
func dictionaryTypes(s *sod.SOD, names ...string) {
	s.Walk(func(_ []string, f *sod.Field) bool {
		for _, n := range names {
			if f.Type.Name == n {
				f.Type.Recognizer = &sod.Recognizer{Kind: sod.Dictionary, Class: n}
			}
		}
		return true
	})
}

// TestExtendOverConstantWords: most products are cameras, so ExAlg makes
// "Camera" template text inside the product name; the name goes on after
// it (a colour) on some pages. The name field, known to a dictionary for a
// few products only, keeps the whole text node; the height-like regex
// field next to it ("1.2 kg" before ", boxed") keeps its own extent.
func TestExtendOverConstantWords(t *testing.T) {
	brands := []string{"Nimbra", "Strata", "Kaito", "Lumen", "Helix"}
	colours := []string{"", ", White", "", ", Black", ", Red"}
	var src, want []string
	for i := range 20 {
		name := fmt.Sprintf("%s X%d00 %d.%dMP Compact Camera%s", brands[i%5], i, 20+i, i%10, colours[i%5])
		want = append(want, name)
		typ := ""
		if i%4 == 0 {
			typ = ` data-or-type="product"`
		}
		src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><h1><span%s>%s</span></h1><p>Price: <b data-or-type="price">$%d.99</b></p></body></html>`, typ, name, 100+i))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "product"}, {"price", "1", "price"}}, sod.One)
	dictionaryTypes(s, "product")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, err := w.Extract(p)
		if err != nil || len(objs) != 1 {
			t.Fatalf("%s: %d objects, err %v", p.Path, len(objs), err)
		}
		if got := objs[0].Get("name"); len(got) != 1 || got[0] != want[i] {
			t.Fatalf("%s: name = %q, want %q; template %s; slots %+v", p.Path, got, want[i], w.Template(), w.Slots())
		}
	}
}
