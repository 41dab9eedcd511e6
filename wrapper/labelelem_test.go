package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestLabelElementRows: a definition list holds "Author(s)" and, on some
// pages, "Edited by" right after it; the authors' dictionary knows
// authors and editors alike. The editor's <dd> is near the authors' place
// but after a label element of its own (a <dt>): another role, not the
// authors' second line.
func TestLabelElementRows(t *testing.T) {
	first := []string{"Jamal", "Desmond", "Nora", "Kendrick", "Gideon", "Nikolai", "Marcus", "Logan", "Priya"}
	last := []string{"Berg", "Cruz", "Kowalski", "McTavish", "Castellano", "Whitfield", "Esposito", "Weatherby", "Farrow", "Jaramillo", "Pemberton"}
	name := func(j int) string { return first[j%len(first)] + " " + last[(j*4+1)%len(last)] }
	var src, want []string
	for i := range 24 {
		var names []string
		for k := range 1 {
			names = append(names, name(i*3+k))
		}
		want = append(want, strings.Join(names, "|"))
		typ := ""
		if i%4 != 3 {
			typ = ` data-or-type="author"`
		}
		rows := fmt.Sprintf(`<dt>Author(s)</dt><dd%s>%s</dd>`, typ, strings.Join(names, " & "))
		if i%5 < 2 {
			rows += fmt.Sprintf(`<dt>Edited by</dt><dd data-or-type="author">%s</dd>`, name(i*3+50))
		}
		rows += fmt.Sprintf(`<dt>Pages</dt><dd>%d pages</dd>`, 120+i)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="title">Lighthouse and Sparrow %d</h1><dl class="details">%s</dl><p>Free shipping on orders over $25.</p></body></html>`, i, rows))
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
