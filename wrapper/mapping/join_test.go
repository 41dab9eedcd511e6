package mapping

import (
	"testing"

	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// TestLineGap checks which tokens may separate two lines of one value.
func TestLineGap(t *testing.T) {
	for _, tc := range []struct {
		name, html string
		want       bool
	}{
		{"line break", `<td>3410 Valencia St<br>Seattle, WA 98128</td>`, true},
		{"comma and line break", `<td>3410 Valencia St,<br>Seattle, WA 98128</td>`, true},
		{"break inside inline element", `<td><span>3410 Valencia St</span><br><span>Seattle, WA</span></td>`, true},
		{"no line break", `<td><b>3410 Valencia St</b> <i>Seattle, WA</i></td>`, false},
		{"other cells", `<tr><td>3410 Valencia St</td><td>Seattle, WA</td></tr>`, false},
		{"other paragraphs", `<div><p>3410 Valencia St<br></p><p>Seattle, WA</p></div>`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body><table><tbody><tr>"+tc.html+"</tr></tbody></table></body></html>", nil)
			toks := Tokenize(p, NewPaths())
			// The first line ends at "St", the second starts at the
			// next word that is not punctuation.
			b, a := -1, -1
			for x := range toks {
				if toks[x].Kind == KindWord && toks[x].Text() == "St" {
					b = x + 1
				}
				if b >= 0 && x >= b && a < 0 && toks[x].Kind == KindWord && !exalg.EdgeToken(&toks[x]) {
					a = x
				}
			}
			if got := lineGap(toks, b, a); got != tc.want {
				t.Fatalf("lineGap = %v, want %v (tokens %v)", got, tc.want, toks[b:a])
			}
		})
	}
}

// TestValueTextLines checks how valueText joins the runs of words of one
// value: ", " across a line break or a block element's edge, one space
// across inline tags, nothing before a comma.
func TestValueTextLines(t *testing.T) {
	for _, tc := range []struct {
		name, html, want string
	}{
		{"line break", `<div>3410 Valencia St<br>Seattle, WA 98128</div>`, "3410 Valencia St, Seattle, WA 98128"},
		{"two divs", `<div><div>3410 Valencia St</div><div>Seattle, WA 98128</div></div>`, "3410 Valencia St, Seattle, WA 98128"},
		{"two paragraphs", `<div><p>3410 Valencia St</p><p>Seattle, WA 98128</p></div>`, "3410 Valencia St, Seattle, WA 98128"},
		{"comma before the break", `<div><div>3410 Valencia St,</div><div>Seattle, WA</div></div>`, "3410 Valencia St, Seattle, WA"},
		{"inline tags", `<div><b>Pascal Keller</b> &amp; <a href="x">the Tigers</a></div>`, "Pascal Keller & the Tigers"},
		{"comma in its own span", `<div><span>Portland</span><span>, OR</span></div>`, "Portland, OR"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body>"+tc.html+"</body></html>", nil)
			toks := Tokenize(p, NewPaths())
			a, b := -1, 0
			for x := range toks {
				if toks[x].Kind == KindWord {
					if a < 0 {
						a = x
					}
					b = x + 1
				}
			}
			if got, _, _ := ValueText(toks, a, b); got != tc.want {
				t.Fatalf("valueText = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestAbbrevDot checks which periods at the end of a joined line are kept:
// one written against the word before it, not a free-standing one.
func TestAbbrevDot(t *testing.T) {
	for _, tc := range []struct {
		name, html string
		want       string
	}{
		{"abbreviation", `<address>142 Main St.<br>San Francisco</address>`, "."},
		{"no period", `<address>142 Main St<br>San Francisco</address>`, ""},
		{"free period", `<address>142 Main St .<br>San Francisco</address>`, ""},
		{"comma", `<address>142 Main St,<br>San Francisco</address>`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body>"+tc.html+"</body></html>", nil)
			toks := Tokenize(p, NewPaths())
			b := -1
			for x := range toks {
				if toks[x].Kind == KindWord && toks[x].Text() == "St" {
					b = x + 1
				}
			}
			if got := abbrevDot(toks, b); got != tc.want {
				t.Fatalf("abbrevDot = %q, want %q", got, tc.want)
			}
		})
	}
}
