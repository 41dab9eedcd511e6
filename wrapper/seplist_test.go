package wrapper

import (
	"fmt"
	"strings"
	"testing"
)

// TestListConjunction: the guests are written as one run of text, "A, B and
// C" (or "A and B"), and the dictionary knows few guests, only first items
// of three, never beside "and", nor does the sample show an item alone. The
// list's shape shows the conjunction (learnListSeps): "and" sits in the last
// piece of every run with a comma and in no other piece, while the words of
// names ("of" in "Wolves of the Coast", "&" in "Nora Brien & the Prophets")
// sit anywhere. The variants with "/" for the comma, which the annotations
// already teach (a known name beside "/" or beside "and"), check that the
// shape adds no wrong separator there ("&" of a name).
func TestListConjunction(t *testing.T) {
	for _, tc := range []struct {
		name  string
		comma string
		known func(k, n int) bool // whether item k of n is known
	}{
		{"commas, first of three known", ", ", func(k, n int) bool { return n == 3 && k == 0 }},
		{"slashes, first of three known", " / ", func(k, n int) bool { return n == 3 && k == 0 }},
		{"slashes, last known", " / ", func(k, n int) bool { return n > 1 && k == n-1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first := []string{"Velvet", "Crimson", "Hollow", "Paper", "Quiet", "Tender", "Burning", "Golden", "Silent", "Lucky", "Northern", "Savage", "Radiant"}
			last := []string{"Satellites", "Kites", "Wolves of the Coast", "Mirrors", "Engines", "Nora Brien & the Prophets", "Foxes", "Lanterns", "Pilots of the Desert", "Strangers", "Owls"}
			var known, src []string
			var wants [][]string
			n := 0
			for i := range 20 {
				var its []string
				for k := range 1 + i%3 {
					n++
					s := first[n%len(first)] + " " + last[(n/len(first)+n)%len(last)]
					if tc.known(k, 1+i%3) {
						known = append(known, s)
					}
					its = append(its, s)
				}
				wants = append(wants, its)
				txt := its[0]
				if len(its) > 1 {
					txt = strings.Join(its[:len(its)-1], tc.comma) + " and " + its[len(its)-1]
				}
				src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><h1 data-or-type="name">Show %c%c</h1><p class="with">%s</p><p>Doors open early</p></body></html>`,
					'A'+i, 'a'+i, txt))
			}
			checkGuests(t, src, known, wants)
		})
	}
}
