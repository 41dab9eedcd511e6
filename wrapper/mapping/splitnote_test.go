package mapping

import (
	"testing"

	"golang.org/x/net/html"
)

// TestSplitNote: a delimited set field whose instances are, on every
// sample object, the same parts of one text ("17 mpg City", "24 mpg Hwy")
// gets split-value; a set whose items vary in words (two authors in one
// byline) or come from several nodes does not.
func TestSplitNote(t *testing.T) {
	f := FieldSpec{Path: "fuel", Many: true, Regex: &RegexSpec{Pattern: `\d+ mpg (?:City|Hwy)`}}
	node := func(s string) *html.Node { return &html.Node{Type: html.TextNode, Data: s} }
	run := func(objs [][]string, oneNode bool) []Note {
		tl := &fieldTally{}
		for _, texts := range objs {
			n := node("x")
			var ns []*html.Node
			for range texts {
				if !oneNode {
					n = node("y")
				}
				ns = append(ns, n)
			}
			tl.Objs++
			tl.splitObject(ns, texts)
		}
		return tl.splitNote(f)
	}
	parts := [][]string{{"17 mpg City", "24 mpg Hwy"}, {"18 mpg City", "28 mpg Hwy"}, {"11 mpg City", "17 mpg Hwy"}}
	if n := run(parts, true); len(n) != 1 || n[0].Kind != NoteSplit {
		t.Errorf("fixed parts of one text: %v, want one split-value note", n)
	}
	if n := run(parts, false); len(n) != 0 {
		t.Errorf("parts from several nodes: %v, want none", n)
	}
	authors := [][]string{{"Ann Lee", "Bo Ray"}, {"Cy Dunn", "Di Eck"}, {"Ed Fry", "Flo Gee"}}
	if n := run(authors, true); len(n) != 0 {
		t.Errorf("a set's items in one byline: %v, want none", n)
	}
	if n := run(parts[:2], true); len(n) != 0 {
		t.Errorf("two sample objects: %v, want none (ConstantMin)", n)
	}
}
