package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestSetClaimsByline: a detail page's byline "By <a>A</a> | <a>B</a>"
// holds the mandatory authors; the authors' dictionary knows a third of
// them, and the publishers' dictionary, noisy, knows two of the authors'
// names. The optional publisher is written with its date in a row of its
// own that its dictionary never knows: it must not take the byline (a
// single field placed before the set field would), leaving the authors
// without a slot and stopping the induction.
func TestSetClaimsByline(t *testing.T) {
	first := []string{"Garrett", "Ulrich", "Ximena", "Hunter", "Esme", "Declan", "Paloma", "Wren", "Callum", "Oliver", "Lucia"}
	last := []string{"Booker", "Montague", "Greaves", "Okafor", "Ellery", "Thornbury", "Novak", "Delacroix", "Jessup", "Fontaine", "Mercer", "Hollis"}
	pubs := []string{"Midriver Books", "Larchmont Group", "Saltmarsh House", "Lanternfish Press", "Kestrel Media"}
	name := func(i int) string { return first[i%len(first)] + " " + last[(i*5+2)%len(last)] }
	var src [][]string
	var pages []string
	for i := range 20 {
		authors := []string{name(i)}
		if i%3 == 1 {
			authors = append(authors, name(i+7))
		}
		var links []string
		for k, a := range authors {
			typ := ""
			switch {
			case k == 0 && i%3 == 0:
				typ = ` data-or-type="author"`
			case k == 0 && (i == 4 || i == 10):
				typ = ` data-or-type="publisher"` // the noisy dictionary
			}
			links = append(links, fmt.Sprintf(`<a href="/author/%d"%s>%s</a>`, i*10+k, typ, a))
		}
		pub := fmt.Sprintf(`<li class="pub">%s (<span data-or-type="date">%d May %d</span>)</li>`, pubs[i%len(pubs)], 1+i, 1980+i)
		pages = append(pages, fmt.Sprintf(`<html><body><h1 data-or-type="title">Book number %s %d</h1><ul class="info"><li class="by">By %s</li>%s<li>Edition: <b>Paperback</b></li></ul><p>Ships in two days.</p></body></html>`,
			last[i%len(last)], i, strings.Join(links, " | "), pub))
		src = append(src, authors)
	}
	s := testSOD([][3]string{{"title", "1", "title"}, {"authors", "+", "author"}, {"publisher", "?", "publisher"}, {"published", "?", "date"}}, sod.One)
	dictionaryTypes(s, "title", "author", "publisher")
	ps := pagesOf(t, pages, nil)
	w, err := Induce(ps, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range ps {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		if got, want := strings.Join(objs[0].Get("authors"), "|"), strings.Join(src[i], "|"); got != want {
			t.Fatalf("%s: authors %q, want %q; template %s slots %+v", p.Path, got, want, w.Template(), w.Slots())
		}
		for _, v := range objs[0].Get("publisher") {
			if strings.Contains(v, first[i%len(first)]) {
				t.Fatalf("%s: publisher %q is an author; slots %+v", p.Path, v, w.Slots())
			}
		}
	}
}
