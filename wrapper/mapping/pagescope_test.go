package mapping

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestListItem checks which text nodes count as items of a list.
func TestListItem(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"heading", `<div><h1>X</h1><p>season</p></div>`, false},
		{"list item", `<ul><li>X</li><li>Y</li></ul>`, true},
		{"link in a list item", `<ul><li><a>X</a></li><li><a>Y</a></li></ul>`, true},
		{"only row of a table", `<table><tr><td>X</td></tr></table>`, false},
		{"row among rows", `<table><tr><td>X</td></tr><tr><td>a</td></tr></table>`, true},
		{"option", `<select><option>X</option><option>Y</option></select>`, true},
		{"alone in the body", `X`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := html.Parse(strings.NewReader("<html><body>" + tc.src + "</body></html>"))
			if err != nil {
				t.Fatal(err)
			}
			var x *html.Node
			var find func(n *html.Node)
			find = func(n *html.Node) {
				if n.Type == html.TextNode && n.Data == "X" && x == nil {
					x = n
				}
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					find(c)
				}
			}
			find(doc)
			if x == nil {
				t.Fatal("no text X")
			}
			if got := listItem(x); got != tc.want {
				t.Errorf("listItem = %v, want %v", got, tc.want)
			}
		})
	}
}
