package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestNextItemsByline: a byline writes each author in a <span> of its
// own, "A · B" on the pages with two authors; the authors' dictionary
// knows a third of the names. The second name's slot, too rarely
// annotated to be a candidate, continues the field's place: both authors
// are read.
func TestNextItemsByline(t *testing.T) {
	first := []string{"Tamsin", "Desmond", "Gideon", "Odette", "Wren", "Josephine", "Fatima", "Darnell", "Mary"}
	last := []string{"Ortega", "Achterberg", "Nygaard", "Rinaldi", "Stavros", "Sandoval", "Ibanez", "Valdes", "Castellano", "Lowell"}
	name := func(j int) string { return first[j%len(first)] + " " + last[(j*3+1)%len(last)] }
	var src, want []string
	for i := range 30 {
		names := []string{name(i)}
		if i%3 == 0 {
			names = append(names, name(i+40))
		}
		want = append(want, strings.Join(names, "|"))
		var spans []string
		for k, n := range names {
			typ := ""
			if (i+k)%3 == 1 || i%9 == 0 {
				typ = ` data-or-type="author"`
			}
			spans = append(spans, fmt.Sprintf(`<span class="v"%s>%s</span>`, typ, n))
		}
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="title">The Ferryman's Wife %d</h1><ul class="attrs"><li><span class="label">Written by</span> %s</li><li><span class="label">Pages</span> %d</li></ul><p>Ships in two days.</p></body></html>`,
			i, strings.Join(spans, " · "), 100+i))
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
