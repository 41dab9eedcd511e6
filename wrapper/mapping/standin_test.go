package mapping

import (
	"fmt"
	"testing"
)

// TestSpacedStandIns: a spaced weak separator before a list's closing comma
// or conjunction is learned in its spaced form and cuts only where it
// stands spaced; one after an item comma or after the last separator, or
// seen on one page only, is not learned.
func TestSpacedStandIns(t *testing.T) {
	runsOf := func(txts ...string) []listRun {
		var out []listRun
		for i, s := range txts {
			tk := wordsOf(s)
			out = append(out, listRun{Tk: tk, A: 0, B: len(tk), Pg: i})
		}
		return out
	}
	and := func(t *Token) bool { return t.Text() == "and" }
	for _, tc := range []struct {
		name string
		runs []listRun
		want []string
	}{
		{"slash before the closing comma", runsOf("Ann Lee / Bo Chan, Cy Dee", "Di Fox", "Fay Hill / Gus Ray, Hal Ott"), []string{"/"}},
		{"before a comma or a conjunction", runsOf("Ann Lee / Bo Chan, Cy Dee", "Fay Hill / Gus Ray and Hal Ott"), []string{"/"}},
		{"one page only", runsOf("Ann Lee / Bo Chan, Cy Dee", "Di Fox, Eve Moss"), nil},
		{"inside a comma list's item", runsOf("Tex-Mex, Cajun / Creole, Wine Bar", "Cajun / Creole, Pizza", "Sushi / Thai, Pizza"), nil},
		{"unspaced", runsOf("Cajun/Creole, Pizza", "Thai/Fusion, Sushi"), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := spacedStandIns(tc.runs, and); fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("spacedStandIns = %q, want %q", got, tc.want)
			}
		})
	}
	seps := []string{spacedSep("/")}
	for in, want := range map[string]string{
		"Nikolai Holloway / Garrett Okafor, Adrian MacAllister": "Nikolai Holloway | Garrett Okafor | Adrian MacAllister",
		"Cajun/Creole, Pizza": "Cajun/Creole | Pizza",
	} {
		ts := wordsOf(in)
		if got := spansText(ts, itemsKeep(ts, 0, len(ts), seps, nil)); got != want {
			t.Errorf("%q: items %q, want %q", in, got, want)
		}
	}
}
