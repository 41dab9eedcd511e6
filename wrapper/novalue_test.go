package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestNoValueMarker: pages without a college say so in the college's
// cell ("N/A", "Not available", "Unknown"): no value of the dictionary
// field. A college "None" that the dictionary knows (annotated) stays.
func TestNoValueMarker(t *testing.T) {
	colleges := []string{"Ashford A&M", "Dunmore State", "University of Glenrock", "Kestrel University", "Ridgeway A&M", "Oakridge State", "University of Brennan", "Queensbury State"}
	markers := []string{"N/A", "Not available", "Unknown", "n/a"}
	var src, want []string
	for i := range 20 {
		cell, w := "", ""
		switch {
		case i == 7:
			cell, w = `<span data-or-type="college">None</span>`, "None"
		case i%3 == 2:
			cell = markers[(i/3)%len(markers)]
		default:
			w = colleges[(i*5)%len(colleges)]
			cell = w
			if i%4 == 0 {
				cell = `<span data-or-type="college">` + w + `</span>`
			}
		}
		want = append(want, w)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="player">%s</h1><p>Born <span data-or-type="date">June %d, %d</span></p><p>College: <b>%s</b></p><p>Updated nightly</p></body></html>`,
			sparsePlayer(i), 1+i, 1980+i, cell))
	}
	pages := pagesOf(t, src, nil)
	s := testSOD([][3]string{{"name", "1", "player"}, {"born", "1", "date"}, {"college", "?", "college"}}, sod.One)
	dictionaryTypes(s, "player", "college")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		if got := strings.Join(objs[0].Get("college"), "|"); got != want[i] {
			t.Fatalf("%s: college %q, want %q; template %s slots %+v", p.Path, got, want[i], w.Template(), w.Slots())
		}
	}
}

func TestNoValue(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"N/A", true},
		{" Not available ", true},
		{"(unknown)", true},
		{"TBD", true},
		{"None of the above", false},
		{"University of Glenrock", false},
		{"Nadia", false},
	} {
		if got := noValue(tc.text); got != tc.want {
			t.Errorf("noValue(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
