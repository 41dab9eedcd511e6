package mapping

import (
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"

	"golang.org/x/net/html"
)

// TestGlued: a regular expression's match that ends (or begins) with
// punctuation stuck to a letter or a digit is the start of another word
// ("$" of "$138") and gives its token no type of its own; a match at word
// edges, or ending in a letter or digit, does.
func TestGlued(t *testing.T) {
	for _, tc := range []struct {
		text, match string
		rec         string
		want        bool
		attr        bool // the text is an attribute's value
	}{
		{"from $138", "$", "regex", true, false},
		{"save today: $91", "$", "regex", true, false},
		{"$$", "$$", "regex", false, false},
		{"Thai · $$$", "$$$", "regex", false, false},
		{"($$)", "$$", "regex", false, false},
		{"240lbs", "240", "regex", false, false},
		{"No.61", "61", "regex", false, false},
		{"ab#", "#", "regex", true, false},
		{"from $138", "$", "predefined:price", false, false},
		{"http://shop.example/s/b/11.html", "/b/11.html", "regex", true, false},
		{"http://shop.example/s/b/11.html", "/b/11.html", "regex", false, true},
	} {
		node := &html.Node{Type: html.TextNode, Data: tc.text}
		if tc.attr {
			node.Parent = &html.Node{Type: html.ElementNode, Data: "@href"}
		}
		i := strings.Index(tc.text, tc.match)
		a := &annotate.Annotation{Type: "x", Node: node, Start: i, End: i + len(tc.match), Recognizer: tc.rec, Confidence: 1}
		if got := glued(a); got != tc.want {
			t.Errorf("glued(%q in %q, %s) = %v, want %v", tc.match, tc.text, tc.rec, got, tc.want)
		}
		var tok Token
		tok.SetAnn(&[]*annotate.Annotation{a})
		if got := len(ownTypes(&tok)) == 0; got != tc.want {
			t.Errorf("ownTypes of %q in %q: dropped %v, want %v", tc.match, tc.text, got, tc.want)
		}
	}
}
