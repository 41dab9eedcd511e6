package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// TestLinesValidatedWhole: a venue's address written as an element per
// line, whose street line lacks a suffix on some pages ("11298
// Congress"): the address recognizer does not know that line alone, but
// knows the joined value. The address keeps its street line; validating
// each line (linesWhole off) drops it and leaves the city line alone.
func TestLinesValidatedWhole(t *testing.T) {
	s, err := sod.Parse("events.toml", []byte(`
object = "event"
objects = "1"
[tuple.event]
act = "1"
where = { type = "place", mult = "1" }
[tuple.place]
address = "1"
[entity.act]
dictionary = "artist"
[entity.address]
predefined = "address"
`))
	if err != nil {
		t.Fatal(err)
	}
	streets := []string{"Larimer Drive", "Elm Ave", "Congress", "Harbor Rd", "Oak Street"}
	cities := []string{"Atlanta, GA", "Boston, MA", "Denver, CO"}
	var src, want []string
	for i := range 20 {
		l1 := fmt.Sprintf("%d %s", 1200+37*i, streets[i%len(streets)])
		l2 := fmt.Sprintf("%s %d", cities[i%len(cities)], 30300+i)
		a1 := `<span>` + l1 + `</span>`
		if i%len(streets) != 2 {
			a1 = `<span data-or-type="address">` + l1 + `</span>`
		}
		want = append(want, l1+", "+l2)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="act">Band Number %d</h1><div class="row"><span>Where</span><div class="venue-value"><div>%s</div><div><span data-or-type="address">%s</span></div></div></div><p>Genre %d</p></body></html>`,
			i, a1, l2, i%4))
	}
	pages := pagesOf(t, src, nil)
	for _, on := range []bool{true, false} {
		t.Run(fmt.Sprint("whole=", on), func(t *testing.T) {
			defer func(v bool) { mapping.LinesWhole = v }(mapping.LinesWhole)
			mapping.LinesWhole = on
			w, err := Induce(pages, s, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			right := true
			for i, p := range pages {
				objs, _ := w.Extract(p)
				if len(objs) != 1 || fmt.Sprint(objs[0].Get("where.address")) != fmt.Sprint([]string{want[i]}) {
					right = false
					if on {
						t.Errorf("%s: where.address = %q, want %q", p.Path, objs[0].Get("where.address"), want[i])
					}
				}
			}
			if on && !right {
				t.Fatalf("template %s\nslots %+v", w.Template(), w.Slots())
			}
			if !on && right {
				t.Fatalf("addresses right with lines validated one by one: the test shows nothing\n%s\n%+v", w.Template(), w.Slots())
			}
		})
	}
}
