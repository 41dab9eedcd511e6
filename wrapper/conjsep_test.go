package wrapper

import (
	"fmt"
	"html"
	"testing"
)

// TestSetConjunctionSparse: a detail page's guests are "A and B", never
// with a comma, and the dictionary knows only the names that
// stand alone, on a few pages: neither the annotations (an instance on both
// sides, or beside the conjunction on two pages) nor the list's shape (a
// conjunction after commas) show the separator. The set field and the
// conjunction between capitalised words on most pages do (conjsep.go);
// "& the" inside a band's name is not split.
func TestSetConjunctionSparse(t *testing.T) {
	for _, conj := range []string{" and "} {
		t.Run(conj, func(t *testing.T) {
			first := []string{"Velvet", "Crimson", "Hollow", "Paper", "Quiet", "Tender", "Burning", "Golden", "Silent", "Lucky", "Northern", "Savage", "Radiant"}
			last := []string{"Satellites", "Kites", "Mirrors", "Engines", "Foxes", "Lanterns", "Strangers", "Owls", "Pilots"}
			var known, src []string
			var wants [][]string
			n := 0
			for i := range 20 {
				var its []string
				for k := range 1 + i%2 {
					n++
					s := first[n%len(first)] + " " + last[(n/len(first)+n)%len(last)]
					if k == 0 && i%2 == 1 && i < 8 {
						s = "Nora Brien & the " + last[n%len(last)]
					}
					if i%4 == 0 {
						known = append(known, s)
					}
					its = append(its, s)
				}
				wants = append(wants, its)
				txt := its[0]
				if len(its) > 1 {
					txt += conj + its[1]
				}
				src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><h1 data-or-type="name">Show %c%c</h1><p class="with">%s</p><p>Doors open early</p></body></html>`,
					'A'+i, 'a'+i, html.EscapeString(txt)))
			}
			checkGuests(t, src, known, wants)
		})
	}
}

// TestSetConstantConjunction: every page's guests are two or more, "A and
// B" or "A, B and C", so the "and" is on every page and ExAlg makes it
// template text: the list is two slots of one text, "*N and *M". The
// dictionary knows a few of the last names only, so the field's
// candidate is the slot after the conjunction; the slot before it, joined
// by nothing but the conjunction, is the same list's and is read too
// (conjItems, mapping/leaditem.go): without it every page lost its first
// items.
func TestSetConstantConjunction(t *testing.T) {
	first := []string{"Velvet", "Crimson", "Hollow", "Paper", "Quiet", "Tender", "Burning", "Golden", "Silent", "Lucky", "Northern", "Savage", "Radiant"}
	last := []string{"Satellites", "Kites", "Mirrors", "Engines", "Foxes", "Lanterns", "Strangers", "Owls", "Pilots"}
	var known, src []string
	var wants [][]string
	n := 0
	for i := range 20 {
		var its []string
		for range 2 + i%2 {
			n++
			its = append(its, first[n%len(first)]+" "+last[(n/len(first)+n)%len(last)])
		}
		if i%3 == 0 {
			known = append(known, its[len(its)-1])
		}
		wants = append(wants, its)
		txt := its[0]
		for _, s := range its[1 : len(its)-1] {
			txt += ", " + s
		}
		txt += " and " + its[len(its)-1]
		src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><h1 data-or-type="name">Show %c%c</h1><p class="with">%s</p><p>Doors open early</p></body></html>`,
			'A'+i, 'a'+i, html.EscapeString(txt)))
	}
	checkGuests(t, src, known, wants)
}
