package mapping

import (
	"testing"
)

// TestLabelGap counts the tags between a value and the last word before it.
func TestLabelGap(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int
	}{
		{`<table><tr><th>Publisher:</th><td><span data-or-type="v">Acme</span></td></tr></table>`, 3},
		{`<ul><li><b>ISBN-13</b>: <span data-or-type="v">978</span></li></ul>`, 2},
		{`<ul><li><a>Print this page</a></li></ul><div><div><img><div></div></div></div><div><p data-or-type="v">66</p></div>`, 12},
		{`<p data-or-type="v">66</p>`, -1},
	} {
		p := testPage(t, "p.html", "<html><body>"+c.src+"</body></html>", nil)
		toks := Tokenize(p, NewPaths())
		x := -1
		for i, tk := range toks {
			if tk.Kind == KindWord && len(tk.Ann()) > 0 {
				x = i
				break
			}
		}
		if x < 0 {
			t.Fatalf("%s: no annotated word", c.src)
		}
		if got := labelGap(toks, x); got != c.want {
			t.Errorf("%s: gap %d, want %d", c.src, got, c.want)
		}
	}
}

// TestScoreTotal: Total is the product of the factors, or a rule's value.
func TestScoreTotal(t *testing.T) {
	s := newScore("annotations", 20)
	s.Label, s.Multiplicity, s.Locality = 1.5, 0.5, OutsidePenalty
	if got, want := s.Total(), 20*1.5*0.5*OutsidePenalty; got != want {
		t.Errorf("Total %v, want %v", got, want)
	}
	if got := s.String(); got != "annotations 20 × label 1.5 × multiplicity 0.5 × locality 0.01" {
		t.Errorf("String %q", got)
	}
	r := ruleScore("title-name", 7)
	if r.Total() != 7 || r.String() != "rule title-name" {
		t.Errorf("rule: %v %q", r.Total(), r.String())
	}
}
