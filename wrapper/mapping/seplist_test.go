package mapping

import (
	"fmt"

	"testing"
)

// TestListShapeSeps: the conjunction is read from the last piece of the
// runs with a comma, and the punctuation that stands for the comma from
// the part before the last conjunction; words of names are not.
func TestListShapeSeps(t *testing.T) {
	runsOf := func(txts ...string) []listRun {
		var out []listRun
		for i, s := range txts {
			tk := wordsOf(s)
			out = append(out, listRun{Tk: tk, A: 0, B: len(tk), Pg: i})
		}
		return out
	}
	comma := func(t *Token) bool { return sepToken(t, itemSeps) }
	and := func(t *Token) bool { return t.Text() == "and" }
	for _, tc := range []struct {
		name   string
		runs   []listRun
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
			if got := conjunctions(tc.runs, comma, 0.7); fmt.Sprint(got) != fmt.Sprint(tc.conj) {
				t.Errorf("conjunctions = %q, want %q", got, tc.conj)
			}
			if got := commaStandIns(tc.runs, and); fmt.Sprint(got) != fmt.Sprint(tc.stands) {
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
