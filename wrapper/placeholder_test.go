package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestPlaceholderNoGuest: the site writes "N/A" wherever a value is
// missing: in the guests' place of a show without guests and in the
// "Doors" row of a show whose doors time is not known. Among the doors
// times "N/A" is no time, among the names no guest (learnPlaceholders):
// a show without guests has none, not a guest called "N/A".
func TestPlaceholderNoGuest(t *testing.T) {
	var src []string
	var wants [][]string
	var known []string
	for i := range 20 {
		var its []string
		if i%4 != 1 {
			for j := range 1 + i%2 {
				g := fmt.Sprintf("%c%s Ensemble", 'A'+i, strings.Repeat(string(rune('a'+j)), 2+j))
				if (i+j)%3 == 0 {
					known = append(known, g)
				}
				its = append(its, g)
			}
		}
		wants = append(wants, its)
		guests, doors := "N/A", "N/A"
		if len(its) > 0 {
			guests = strings.Join(its, "</span><br><span>")
		}
		if i%5 != 2 {
			doors = fmt.Sprintf("%d:%02dp", 6+i%3, 30*(i%2))
		}
		src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><h1 data-or-type="name">Show %c%c</h1>`+
			`<p class="with">With: <span>%s</span></p><div><b>Doors:</b> <span>%s</span></div><p>All ages</p></body></html>`,
			'A'+i, 'a'+i, guests, doors))
	}
	pages := pagesOf(t, src, map[string][]string{"artist": known})
	annotatePatterns(t, pages, map[string]string{"time": "time"})
	s := testSOD([][3]string{{"name", "1", "name"}, {"guests", "*", "artist"}, {"doors", "?", "time"}}, sod.One)
	dictionaryTypes(s, "artist", "name")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		if got := fmt.Sprint(objs[0].Get("guests")); got != fmt.Sprint(wants[i]) {
			t.Fatalf("%s: guests %s, want %q; template %s; slots %+v", p.Path, got, wants[i], w.Template(), w.Slots())
		}
	}
}
