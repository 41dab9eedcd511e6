package wrapper

import (
	"fmt"
	"strings"
	"testing"
)

// TestPlaceNovelty: beside the show's guests (new names on every page, one
// in three of them known to the dictionary) an advertisement names, on
// every page, an act drawn from a pool of four the dictionary knows. Counted
// by pages the box outweighs the list; weighed by novelty (detailPlaces,
// novelty) the guests' list is the set field's place.
func TestPlaceNovelty(t *testing.T) {
	pool := []string{"The Booker Trio", "Savage Sparrows", "Quentin Keller", "Foxes of the Desert"}
	known := append([]string(nil), pool...)
	var src []string
	var wants [][]string
	for i := range 20 {
		var its []string
		for j := range 1 + i%3 {
			g := fmt.Sprintf("%c%s Ensemble", 'A'+i, strings.Repeat(string(rune('a'+j)), 2+j))
			if (i+j)%3 == 0 {
				known = append(known, g)
			}
			its = append(its, g)
		}
		wants = append(wants, its)
		src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><div class="main"><h1 data-or-type="name">Show %c%c</h1>`+
			`<p class="with"><span>%s</span></p><p class="date">Date: June %d</p></div>`+
			`<div class="side"><div class="ad"><span>Advertisement</span><p><a href="/e">%s</a> tickets on sale now</p></div></div></body></html>`,
			'A'+i, 'a'+i, strings.Join(its, "</span><br><span>"), 1+i, pool[i%len(pool)]))
	}
	checkGuests(t, src, known, wants)
}
