package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
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

// TestSetClaimsPairTotal: a record's heading names the headliner, and the
// lineup after it ("<dd>A<br>B<br>C</dd>") names the headliner again with
// the guests: the artists' dictionary annotates both slots for both fields,
// the lineup more often. The headliner gives way when the pair's total is
// higher with the lineup to the performers; it keeps the lineup when its
// other slot is far weaker, or when the set field's best place is
// elsewhere.
func TestSetClaimsPairTotal(t *testing.T) {
	fields := []FieldSpec{{Path: "headliner"}, {Path: "performers", Many: true}}
	for _, tc := range []struct {
		name  string
		cands []mapping.Cand
		want  bool
	}{
		{"lineup to the set", []mapping.Cand{{Field: 0, Slot: 1, Score: 22}, {Field: 0, Slot: 0, Score: 20}, {Field: 1, Slot: 1, Score: 29.5}, {Field: 1, Slot: 0, Score: 20}}, true},
		{"heading weak for the single field", []mapping.Cand{{Field: 0, Slot: 1, Score: 22}, {Field: 0, Slot: 0, Score: 5}, {Field: 1, Slot: 1, Score: 29.5}, {Field: 1, Slot: 0, Score: 20}}, false},
		{"no other slot", []mapping.Cand{{Field: 0, Slot: 1, Score: 22}, {Field: 1, Slot: 1, Score: 29.5}, {Field: 1, Slot: 0, Score: 20}}, false},
		{"set's best elsewhere", []mapping.Cand{{Field: 0, Slot: 1, Score: 22}, {Field: 0, Slot: 0, Score: 20}, {Field: 1, Slot: 1, Score: 20}, {Field: 1, Slot: 2, Score: 29.5}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := mapping.SetClaims(fields, tc.cands, tc.cands[0]); got != tc.want {
				t.Errorf("setClaims = %v, want %v", got, tc.want)
			}
		})
	}
}
