package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestLabelItemInsideSlot: a detail page's ISBN-13 is a row of its own
// ("<dt>ISBN-13</dt><dd>978…</dd>") on most pages; on a few the site
// writes it among the free rows of the notes block, which ExAlg leaves in
// one untyped slot. The field isbn_13 (predefined isbn13, keyed by its
// label) reads the instance right after "ISBN-13" there, not the ISBN-10
// written after its own label.
func TestLabelItemInsideSlot(t *testing.T) {
	words := []string{"Signed by the author.", "First printing.", "Dust jacket slightly worn.", "Gift edition with ribbon.", "Illustrated throughout."}
	var src, want []string
	for i := range 24 {
		thirteen, ten := isbnPair(i * 5)
		want = append(want, thirteen)
		var notes []string
		for k := range 1 + i%3 {
			notes = append(notes, fmt.Sprintf(`<p>%s</p>`, words[(i+k)%len(words)]))
		}
		row := fmt.Sprintf(`<dt>ISBN-13</dt><dd data-or-type="isbn13">%s</dd>`, thirteen)
		if i%12 == 5 {
			notes = append(notes, fmt.Sprintf(`<p>ISBN-13</p><p data-or-type="isbn13">%s</p>`, thirteen))
			row = ""
		}
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="title">Tide and Harvest %d</h1><div class="notes">%s<p>ISBN10</p><p>%s</p></div><dl>%s<dt>Pages</dt><dd>%d pages</dd></dl><p>Ships in two days.</p></body></html>`,
			i, strings.Join(notes, ""), ten, row, 100+i))
	}
	s := testSOD([][3]string{{"name", "1", "title"}, {"isbn_13", "1", "isbn13"}}, sod.One)
	dictionaryTypes(s, "title")
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
		if got := strings.Join(objs[0].Get("isbn_13"), "|"); got != want[i] {
			t.Fatalf("%s: isbn_13 %q, want %q; template %s slots %+v", p.Path, got, want[i], w.Template(), w.Slots())
		}
	}
}
