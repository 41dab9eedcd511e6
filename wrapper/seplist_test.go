package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
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

// TestListShapeSeps: the conjunction is read from the last piece of the
// runs with a comma, and the punctuation that stands for the comma from
// the part before the last conjunction; words of names are not.
func TestListShapeSeps(t *testing.T) {
	runsOf := func(txts ...string) []mapping.ListRun {
		var out []mapping.ListRun
		for i, s := range txts {
			tk := wordsOf(s)
			out = append(out, mapping.ListRun{Tk: tk, A: 0, B: len(tk), Pg: i})
		}
		return out
	}
	comma := func(t *mapping.Token) bool { return mapping.SepToken(t, mapping.ItemSeps) }
	and := func(t *mapping.Token) bool { return t.Text == "and" }
	for _, tc := range []struct {
		name   string
		runs   []mapping.ListRun
		conj   []string
		stands []string
	}{
		{"serial lists", runsOf("Ann Lee, Bo Chan and Cy Dee", "Wolves of the Coast, Di Fox and Eve Moss", "Fay Hill and Gus Ray", "Hal Ott, Wolves of the Coast and Ida Park"), []string{"and"}, nil},
		{"too few lists", runsOf("Ann Lee, Bo Chan and Cy Dee", "Fay Hill and Gus Ray", "Eve Moss"), nil, nil},
		{"conjunction also inside a piece", runsOf("Ann Lee, Bo and Chan and Cy Dee", "Di Fox and Kin, Eve Moss and Fay Hill", "Gus Ray, Hal Ott and Ida Park"), nil, nil},
		{"a name's word in some last pieces", runsOf("Ann Lee, Lions of Memphis", "Bo Chan, Di Fox", "Eve Moss, Saints of Rome", "Fay Hill, Gus Ray"), nil, nil},
		{"slash for the comma", runsOf("Ann Lee / Bo Chan and Cy Dee", "Di Fox and Eve Moss", "Fay Hill / Gus Ray and Hal Ott"), nil, []string{"/"}},
		{"ampersand of the last name", runsOf("Ann Lee & the Kites and Bo Chan", "Di Fox & Eve Moss and Yuki Mercer & the Wolves", "Fay Hill & Gus Ray and Hal Ott"), nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := mapping.Conjunctions(tc.runs, comma, 0.7); fmt.Sprint(got) != fmt.Sprint(tc.conj) {
				t.Errorf("conjunctions = %q, want %q", got, tc.conj)
			}
			if got := mapping.CommaStandIns(tc.runs, and); fmt.Sprint(got) != fmt.Sprint(tc.stands) {
				t.Errorf("commaStandIns = %q, want %q", got, tc.stands)
			}
		})
	}
}

// TestNameGoesOn: a learned separator does not cut a name that goes on in
// lower case after it ("Freya Farrow & the Lanterns"); it cuts between two
// names, and between lower-case items.
func TestNameGoesOn(t *testing.T) {
	for _, tc := range []struct {
		in   string
		seps []string
		want string
	}{
		{"Freya Farrow & the Lanterns & Kwame Dunmore", []string{"&"}, "Freya Farrow & the Lanterns | Kwame Dunmore"},
		{"Lucas Jaramillo & the Harbors and Yuki Jessup", []string{"&", "and"}, "Lucas Jaramillo & the Harbors | Yuki Jessup"},
		{"Maya Okafor & Hunter Prescott", []string{"&"}, "Maya Okafor | Hunter Prescott"},
		{"pizza & pasta", []string{"&"}, "pizza | pasta"},
	} {
		ts := wordsOf(tc.in)
		if got := spansText(ts, itemsKeep(ts, 0, len(ts), tc.seps, nil)); got != tc.want {
			t.Errorf("%q: items %q, want %q", tc.in, got, tc.want)
		}
	}
}
