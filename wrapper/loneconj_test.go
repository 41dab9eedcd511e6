package wrapper

import (
	"fmt"
	"testing"
)

// TestSetLoneConjunction: a detail page's guests are links, "<a>A</a> and
// <a>B</a>", and only one sample page has two: the run " and " between
// the links is seen on one page, too few to be learned as the slot's
// separator (SlotMap.Seps), and it came out as an item "and" at
// confidence 1 (a real book site's authors, issue 20). A conjunction
// alone is never an item (loneConj).
func TestSetLoneConjunction(t *testing.T) {
	first := []string{"Velvet", "Crimson", "Hollow", "Paper", "Quiet", "Tender", "Burning", "Golden", "Silent", "Lucky", "Northern", "Savage", "Radiant"}
	last := []string{"Satellites", "Kites", "Mirrors", "Engines", "Foxes", "Lanterns", "Strangers", "Owls", "Pilots"}
	var known, src []string
	var wants [][]string
	n := 0
	for i := range 20 {
		var its []string
		for range 1 + btoi(i == 7) {
			n++
			s := first[n%len(first)] + " " + last[(n/len(first)+n)%len(last)]
			known = append(known, s)
			its = append(its, s)
		}
		wants = append(wants, its)
		links := fmt.Sprintf(`<a href="/a/%d">%s</a>`, i, its[0])
		if len(its) > 1 {
			links += fmt.Sprintf(` and <a href="/b/%d">%s</a>`, i, its[1])
		}
		src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><h1 data-or-type="name">Show %c%c</h1><h3>with %s</h3><p>Doors open early</p></body></html>`,
			'A'+i, 'a'+i, links))
	}
	checkGuests(t, src, known, wants)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
