package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestPartOfMultiWordValue: the jersey number and the position share one
// cell ("37 Goalie", "66 Left Wing"); in most cells the number is a
// minority of the words, so the cell is no candidate of the jersey's by
// whole values, while a draft row's "Round 2" is one, weakly (its values
// nearly constant). The cell is the position's; the number, whose
// instances touch every one of its values beside the position's, takes its
// part there (a part candidate, partcands.go) rather than the round.
func TestPartOfMultiWordValue(t *testing.T) {
	roles := []string{"Left Wing", "Goalie", "Right Wing", "Center", "Defense"}
	var src, numbers, positions []string
	for i := range 20 {
		no := fmt.Sprint((i*37 + 11) % 99)
		role := roles[(i*3)%len(roles)]
		numbers, positions = append(numbers, no), append(positions, role)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="player">%s</h1><table><tr><td>No.:</td><td>%s %s</td></tr><tr><td>Draft:</td><td><b>%d, Round %d</b></td></tr></table><p>Updated nightly</p></body></html>`,
			sparsePlayer(i), no, role, 1990+i, 1+i%2))
	}
	pages := pagesOf(t, src, nil)
	patterns := map[string]string{"jersey": `\b\d{1,2}\b`, "role": `(?:Center|Left Wing|Right Wing|Defense|Goalie)`}
	for _, p := range pages {
		for typ, expr := range patterns {
			pagetest.AnnotateRegex(p, typ, expr) // records_novelty_test.go
		}
	}
	s := testSOD([][3]string{{"name", "1", "player"}, {"jersey", "1", "jersey"}, {"role", "1", "role"}}, sod.One)
	dictionaryTypes(s, "player")
	regexTypes(s, patterns)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		got := fmt.Sprintf("%q %q", objs[0].Get("jersey"), objs[0].Get("role"))
		if want := fmt.Sprintf("%q %q", []string{numbers[i]}, []string{positions[i]}); got != want {
			t.Fatalf("%s: got %s, want %s; template %s slots %+v", p.Path, got, want, w.Template(), w.Slots())
		}
	}
}
