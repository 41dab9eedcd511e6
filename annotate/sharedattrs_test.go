package annotate

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestSharedAttrs (issue 25: the 20 MB page's repeated blocks) checks that
// elements keeping the same attributes as the element before them share
// its list, that the tree is still html.Parse + Clean's (attribute order
// included: a formatting element's list, sorted, is never shared with an
// element whose list keeps the page's order), and that a different value
// or key, or a dropped attribute, is not mistaken for the same list.
func TestSharedAttrs(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body>`)
	for i := range 50 {
		b.WriteString(`<div title="t" class="review" id="x"><p>review</p></div>`)
		if i%10 == 0 {
			b.WriteString(`<a title="t" class="review">link</a> <div title="t" class="other">o</div><div class="review" title="t">s</div>`)
		}
	}
	b.WriteString(`</body></html>`)
	data := []byte(b.String())
	if err := compareStream(data); err != nil {
		t.Fatal(err)
	}
	text, _, _, _, err := decode(data, "")
	if err != nil {
		t.Fatal(err)
	}
	var rec recorder
	sp := streamParse(text, &rec, &Page{}, "", false)
	if sp == nil {
		t.Fatal("the stream bailed")
	}
	defer sp.ar.release()
	var lists [][]html.Attribute
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "div" && len(n.Attr) == 2 && n.Attr[1].Val == "review" {
			lists = append(lists, n.Attr)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(sp.doc)
	putParser(sp)
	if len(lists) != 50 {
		t.Fatalf("%d review blocks, want 50", len(lists))
	}
	distinct := map[*html.Attribute]bool{}
	for _, l := range lists {
		distinct[&l[0]] = true
	}
	// A new list after each of the five interruptions (another list in
	// between), and the first.
	if len(distinct) != 6 {
		t.Errorf("the 50 identical lists use %d arrays, want 6", len(distinct))
	}
}
