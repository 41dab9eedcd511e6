package mapping

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestLabelBeforeFast: labelBefore, which compares without building the
// words, agrees with pageLabel's words compared whole, on random pages
// (slashes, case, letters outside ASCII, invalid bytes, long labels) for
// every token and every label those pages have, and a few more.
func TestLabelBeforeFast(t *testing.T) {
	pieces := []string{"Release", "date:", "ISBN-13:", "College/Univ.:", "a/b/c/d/e", "/", "//x/", "$26.99", "03/10/2000",
		"ÉTÉ", "été", "\u0130stanbul", "\u212aelvin", "ſtate", "x", "\xff", "\xe2\x82", "-", "12", "Driver's", "licence", "Ⅻ", "ǅ", "Ωmega", "a/B"}
	tags := []string{"b", "span", "p", "td", "i"}
	r := rand.New(rand.NewPCG(5, 6))
	checked := 0
	for range 300 {
		var b strings.Builder
		b.WriteString("<html><body>")
		for range 1 + r.IntN(12) {
			tag := tags[r.IntN(len(tags))]
			b.WriteString("<" + tag + ">")
			for k := range r.IntN(6) {
				if k > 0 {
					b.WriteString(" ")
				}
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
			b.WriteString("</" + tag + "> ")
		}
		b.WriteString("</body></html>")
		p := testPage(t, "p.html", b.String(), nil)
		toks := Tokenize(p, NewPaths())
		labels := [][]string{nil, {}, {"date"}, {"release", "date"}, {"12"}, {"a", "b", "c", "d", "e"}, {"college", "univ"}}
		for x := range toks {
			if l := pageLabel(toks, x); l != nil {
				labels = append(labels, l, l[1:], append(slices.Clone(l), "x"))
			}
		}
		for x := 0; x <= len(toks); x++ {
			want := pageLabel(toks, x)
			for _, l := range labels {
				if got := labelBefore(toks, x, l); got != slices.Equal(want, l) {
					t.Fatalf("%s: labelBefore(%d, %q) = %v, pageLabel %q", b.String(), x, l, got, want)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
	for _, s := range pieces {
		if got, want := string(appendAlnum(nil, s)), alnum(s); got != want {
			t.Errorf("appendAlnum(%q) = %q, want %q", s, got, want)
		}
		if hasAlnum(s) != (alnum(s) != "") {
			t.Errorf("hasAlnum(%q) = %v", s, hasAlnum(s))
		}
	}
}
