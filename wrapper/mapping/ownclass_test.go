package mapping

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestValueClass: the class a value's text node stands in is its own
// element's (or its parent's, two levels up at most), and only when that
// element holds no other text.
func TestValueClass(t *testing.T) {
	texts := textNodes(t, `<div class="rec"><span class="sp-college">Kestrel State</span>`+
		`<span class="sp-data"><b>6' 2"</b></span><p class="row">Ht.: <span>5' 9"</span></p><i>plain</i></div>`)
	for txt, want := range map[string]string{
		"Kestrel State": "sp-college", // its own element's class
		`6' 2"`:         "sp-data",    // the parent's, two levels up
		`5' 9"`:         "",           // the classed element holds a label too
		"plain":         "",           // the record's class: it holds the other rows too
	} {
		if got, _ := valueClass(texts[txt]); got != want {
			t.Errorf("valueClass(%q) = %q, want %q", txt, got, want)
		}
	}
}

// textNodes parses page and returns its text nodes by their text.
func textNodes(t *testing.T, page string) map[string]*html.Node {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]*html.Node{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			texts[n.Data] = n
		}
		for k := n.FirstChild; k != nil; k = k.NextSibling {
			walk(k)
		}
	}
	walk(doc)
	return texts
}
