package exalg

import (
	"testing"
)

func TestIndented(t *testing.T) {
	tk := func(kind Kind, text string) Tok { return Tok{Kind: kind, Text: text} }
	start := func(s string) Tok { return tk(KindStart, s) }
	end := func(s string) Tok { return tk(KindEnd, s) }
	word := func(s string) Tok { return tk(KindWord, s) }
	text := func(toks ...Tok) *TextNode { return &TextNode{NodeType: NodeText, Toks: toks} }
	seq := func(nodes ...Node) *SeqNode { return &SeqNode{NodeType: NodeSeq, Nodes: nodes} }
	slot := func(field string) *SlotNode { return &SlotNode{NodeType: NodeSlot, Field: field} }
	for _, tc := range []struct {
		name string
		root Node
		want string
	}{
		{"element with inline content stays on its line",
			seq(text(start("html"), start("body"), start("h2")), slot("title"), text(end("h2"), end("body"), end("html"))),
			"<html>\n  <body>\n    <h2> *:title</h2>\n  </body>\n</html>\n"},
		{"void elements and words inline",
			seq(text(start("p"), word("by")), slot("author"), text(start("br"), word("Price"), word(":")), slot("price"), text(end("p"))),
			"<p> by *:author<br> Price : *:price</p>\n"},
		{"set of elements opens lines",
			seq(text(start("ul")), &SetNode{NodeType: NodeSet, Body: seq(text(start("li")), slot("name"), text(end("li")))}, text(end("ul"))),
			"<ul>\n  {\n    <li> *:name</li>\n  }_\n</ul>\n"},
		{"optional without elements stays inline",
			seq(text(start("span"), word("(")), &OptionalNode{NodeType: NodeOptional, Body: seq(text(word("List"), word("Price")), slot(""))}, text(end("span"))),
			"<span> ( (List Price *)?</span>\n"},
		{"disjunction of elements",
			seq(text(start("div")), &DisjunctionNode{NodeType: NodeDisjunction, Alts: []Node{text(start("b"), word("new"), end("b")), text(start("i"), word("used"), end("i"))}}, text(end("div"))),
			"<div>\n  (\n    <b> new</b>\n  |\n    <i> used</i>\n  )\n</div>\n"},
		{"unbalanced end tag in a set body stays in the body",
			seq(text(start("table")), &SetNode{NodeType: NodeSet, Body: seq(text(end("td"), start("td")), slot("x"))}, text(end("table"))),
			"<table>\n  {\n    </td>\n    <td> *:x\n  }_\n</table>\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmpl := &Template{Root: tc.root}
			tmpl.Index()
			if got := tmpl.Indented(nil); got != tc.want {
				t.Errorf("Indented()=\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
