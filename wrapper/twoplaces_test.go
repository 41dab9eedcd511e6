package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestSetFieldTwoBlocks: the "By:" row of a detail page stands in the
// first block of details (a <dl>) on some pages and in the second (a <ul>)
// on the others; a dictionary knows a third of the authors. The authors
// are read from both places: the second holds values exactly where the
// first holds none.
func TestSetFieldTwoBlocks(t *testing.T) {
	first := []string{"Nora", "Ulrich", "Bianca", "Iris", "Katrin", "Tanner", "Zoe", "Brody", "Wesley", "Joaquin", "Emeric"}
	last := []string{"Haverford", "Abernathy", "Valdes", "Nakamura", "Sandoval", "Kincaid", "Hargreaves", "Weatherby", "Jefferson", "Drummond"}
	var src, want []string
	for i := range 24 {
		var names, items []string
		for k := range 1 + i%2 {
			n := first[(i+3*k)%len(first)] + " " + last[(i*7+k)%len(last)]
			names = append(names, n)
			typ := ""
			if (i+k)%3 == 0 {
				typ = ` data-or-type="author"`
			}
			items = append(items, fmt.Sprintf(`<li><span class="value"%s>%s</span></li>`, typ, n))
		}
		by := `<ul class="authors">` + strings.Join(items, "") + `</ul>`
		dl := fmt.Sprintf(`<dt>Imprint:</dt><dd>House %d</dd>`, i)
		ul := fmt.Sprintf(`<li><strong>Edition:</strong> Paperback</li><li><strong>Language:</strong> English</li><li><strong>Pages:</strong> %d</li>`, 100+i)
		if (i*5)%7 < 3 {
			dl += `<dt>By:</dt><dd>` + by + `</dd>`
		} else {
			ul = `<li><strong>By:</strong> ` + by + `</li>` + ul
		}
		want = append(want, strings.Join(names, "|"))
		src = append(src, fmt.Sprintf(`<html><body><h2 class="title" data-or-type="title">The Sparrow of the Deep %d</h2><dl class="specs">%s</dl><p>Members save an extra 10%% on every order.</p><h2>Information</h2><ul class="specs">%s</ul><p>Shipping and returns.</p></body></html>`,
			i, dl, ul))
	}
	s := testSOD([][3]string{{"name", "1", "title"}, {"writer", "+", "author"}}, sod.One)
	dictionaryTypes(s, "title", "author")
	pages := pagesOf(t, src, nil)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		if got := strings.Join(objs[0].Get("writer"), "|"); got != want[i] {
			t.Fatalf("%s: writer %q, want %q; template %s slots %+v", p.Path, got, want[i], w.Template(), w.Slots())
		}
	}
}
