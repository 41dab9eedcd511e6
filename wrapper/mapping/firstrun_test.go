package mapping

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestFirstRun checks that a Run slot's value is the first run of words of
// the text its statistics saw (valueBounds), not of its raw tokens: when
// the template ends inside a label's element ("Made by" of "<b>Made
// by:</b>"), the slot's raw tokens start with the label's ":" (seed 40088
// of the zoo: every record's brand was that ":" and was dropped).
func TestFirstRun(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"colon left in the label's element", `<p><b>Made by:</b> Hartwell<br>x</p>`, "Hartwell"},
		{"no colon", `<p><b>Made by</b> Hartwell<br>x</p>`, "Hartwell"},
		{"colon outside the element", `<p><b>Made by</b>: Hartwell<br>x</p>`, "Hartwell"},
		{"first run of several", `<p><b>Made by:</b> <a>Gallo &amp; Finch</a> (Italy)<br>x</p>`, "Gallo & Finch"},
		{"punctuation only", `<p><b>Made by:</b> (<br>x</p>`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := html.Parse(strings.NewReader("<html><body>" + tc.src + "</body></html>"))
			if err != nil {
				t.Fatal(err)
			}
			var p *html.Node
			var find func(n *html.Node)
			find = func(n *html.Node) {
				if n.Type == html.ElementNode && n.Data == "p" && p == nil {
					p = n
				}
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					find(c)
				}
			}
			find(doc)
			toks := tokenizeNodes([]*html.Node{p}, nil, NewPaths())
			// The slot's raw value: after the template's "by", up to <br>.
			a, b := -1, -1
			for x, tk := range toks {
				if tk.Kind == KindWord && tk.Text() == "by" && a < 0 {
					a = x + 1
				}
				if tk.Kind != KindWord && tk.Text() == "br" && b < 0 {
					b = x
				}
			}
			if a < 0 || b < a {
				t.Fatalf("no value in %v", toks)
			}
			fa, fb := firstRun(toks, a, b)
			if got, _, _ := ValueText(toks, fa, fb); got != tc.want {
				t.Fatalf("first run %q, want %q", got, tc.want)
			}
		})
	}
}
