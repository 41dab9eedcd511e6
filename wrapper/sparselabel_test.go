package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestSparseRowLabel: two optional rows of a detail page ("School",
// "Represented by") are one set in the template, so the
// college is a single field in a set's slot, keyed by a row label that
// does not name it. The college dictionary knows about a quarter of the
// colleges, far fewer than GeneraliseThres of the values after "School",
// but every college it knows is there and nothing else is annotated
// under it: "School" is the college's row (sparseRow).
func TestSparseRowLabel(t *testing.T) {
	colleges := []string{"Ashford A&M", "Dunmore State", "University of Glenrock", "Kestrel University", "Ridgeway A&M", "Oakridge State", "University of Brennan", "Queensbury State"}
	var src, want []string
	for i := range 20 {
		var rows strings.Builder
		w := ""
		if i%7 < 4 {
			w = colleges[(i*3)%len(colleges)]
			attr := ""
			if i%3 == 0 {
				attr = ` data-or-type="college"`
			}
			fmt.Fprintf(&rows, `<dt>School:</dt><dd%s>%s</dd>`, attr, w)
		}
		if i%4 == 1 {
			fmt.Fprintf(&rows, `<dt>Represented by:</dt><dd>%s</dd>`, sparsePlayer(i+9))
		}
		want = append(want, w)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="player">%s</h1><dl><dd class="born"><b data-or-type="date">June %d, %d</b></dd>%s<dt>Drafted:</dt><dd><b>%d, Round %d</b></dd></dl><p>Updated nightly</p></body></html>`,
			sparsePlayer(i), 1+i, 1980+i, rows.String(), 2000+i, 1+i%2))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "player"}, {"born", "1", "date"}, {"college", "?", "college"}}, sod.One)
	dictionaryTypes(s, "player", "college")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkOneField(t, w, pages, "college", want)
}
