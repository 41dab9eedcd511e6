package mapping

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestHoleSpan(t *testing.T) {
	tests := []struct {
		txt, part string
		want      bool
	}{
		{"Ostara BU860-DZ5 60.6MP Action Camera", "BU860-DZ5", true},
		{"The Quiet Archive (1945)", "1945", false},            // at the end, in brackets
		{"Main St · 7pm · Boston", "7pm", false},               // between separators
		{"BU860-DZ5 Ostara Action Camera", "BU860-DZ5", false}, // at the start
		{"Doors open 7pm, all ages", "7pm", false},             // a comma after it
	}
	for _, tc := range tests {
		i := strings.Index(tc.txt, tc.part)
		if got := holeSpan(tc.txt, [2]int{i, i + len(tc.part)}); got != tc.want {
			t.Errorf("holeSpan(%q, %q) = %v, want %v", tc.txt, tc.part, got, tc.want)
		}
	}
}

// TestNextText: the next line after a value's text node is the first text
// node after it in document order that holds more than spaces.
func TestNextText(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<div><div><span>11961 Wythe St.</span></div>
	<div>Philadelphia, PA 19115</div><script>x</script></div><p>End</p>`))
	if err != nil {
		t.Fatal(err)
	}
	var first *html.Node
	var find func(*html.Node)
	find = func(n *html.Node) {
		if n.Type == html.TextNode && n.Data == "11961 Wythe St." {
			first = n
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			find(c)
		}
	}
	find(doc)
	m := nextText(first)
	if m == nil || m.Data != "Philadelphia, PA 19115" {
		t.Fatalf("nextText = %v, want the city line", m)
	}
	if e := nextText(m); e == nil || e.Data != "End" {
		t.Errorf("nextText after the city line = %v, want End (the script skipped)", e)
	}
}

// TestLabelForm: a text node written as a row label, and one that is not.
func TestLabelForm(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<div class="row"><div class="label">Translated by</div><div class="value">Hannah Fairbanks</div><b>Fax:</b><dt>Publisher</dt></div>`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"Translated by": true, "Hannah Fairbanks": false, "Fax:": true, "Publisher": true}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			if w, ok := want[n.Data]; ok && labelForm(n) != w {
				t.Errorf("labelForm(%q) = %v, want %v", n.Data, !w, w)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
}
