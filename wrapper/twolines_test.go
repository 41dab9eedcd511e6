package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
)

// TestTwoLineParts: each record of a roster ends with two optional
// elements, the birth date's and the college's; the template gives both
// one slot, whose values are one line or two. The date takes the slot
// (its pattern gives its instance); the college, known to its dictionary
// in a few records only, shares it (learnParts): the broken values are
// two text nodes, one the date's.
func TestTwoLineParts(t *testing.T) {
	colleges := []string{"Ashford A&M", "Dunmore State", "University of Glenrock", "Kestrel University", "Ridgeway A&M", "Oakridge State", "University of Brennan", "Queensbury State"}
	months := []string{"March", "May", "July", "October"}
	var pages []*annotate.Page
	var want [][]string
	k := 0
	for pg := range 8 {
		var b strings.Builder
		var ws []string
		for range 4 + pg%3 {
			date, college := "", ""
			if k%5 != 4 {
				date = fmt.Sprintf("%d %s %d", 1+k%27, months[k%4], 1980+k%20)
			}
			if k%3 != 2 {
				college = colleges[(k*3)%len(colleges)]
			}
			fmt.Fprintf(&b, `<article class="item"><h3 data-or-type="player">%s</h3><div class="row"><span>HT:</span> <span data-or-type="height">6 ft %d in</span></div>`, sparsePlayer(k), k%12)
			if date != "" {
				fmt.Fprintf(&b, `<div class="born-value">%s</div>`, date)
			}
			if college != "" {
				attr := ""
				if k%4 == 0 {
					attr = ` data-or-type="college"`
				}
				fmt.Fprintf(&b, `<div class="college-value"%s>%s</div>`, attr, college)
			}
			b.WriteString(`</article>`)
			ws = append(ws, college)
			k++
		}
		want = append(want, ws)
		pages = append(pages, testPage(t, fmt.Sprintf("p%d.html", pg), `<html><body><h1>Roster</h1><section class="results">`+b.String()+`</section><p>Page footer</p></body></html>`, nil))
	}
	annotatePatterns(t, pages, map[string]string{"date": "date"})
	s := testSOD([][3]string{{"name", "1", "player"}, {"height", "1", "height"}, {"dob", "?", "date"}, {"college", "?", "college"}}, sod.Multiplicity{Min: 0, Max: sod.Unbounded})
	dictionaryTypes(s, "player", "height", "college")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		var got []string
		for _, o := range objs {
			got = append(got, strings.Join(o.Get("college"), "|"))
		}
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want[i]) {
			t.Fatalf("%s: colleges %q, want %q; mode %s template %s slots %+v", p.Path, got, want[i], w.Mode(), w.Template(), w.Slots())
		}
	}
}
