package mapping

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestRecognizedFactor: the score's Recognized part is neutral without a
// recognizer and falls to 0.5 for a slot none of whose values it finds
// an instance in; it enters Total and the explanation.
func TestRecognizedFactor(t *testing.T) {
	for _, c := range []struct {
		valid, want float64
	}{
		{-1, 1}, {1, 1}, {0.6, 0.8}, {0, 0.5},
	} {
		if got := recognizedFactor(c.valid); got != c.want {
			t.Errorf("recognizedFactor(%v) = %v, want %v", c.valid, got, c.want)
		}
	}
	// Two slots with as many instances: the one whose values are all
	// recognized wins clearly (no tie, no abstention).
	own, swallowed := newScore("annotations", 6), newScore("annotations", 8)
	swallowed.Whole = 0.75
	own.Valid, swallowed.Valid = 1, 0.6
	own.Recognized, swallowed.Recognized = recognizedFactor(own.Valid), recognizedFactor(swallowed.Valid)
	if own.Total() <= 1.1*swallowed.Total() {
		t.Errorf("own %v, swallowed %v: want the own slot ahead by more than 10%%", own.Total(), swallowed.Total())
	}
	if got := swallowed.String(); got != "annotations 8 × whole 0.75 × recognized 0.8" {
		t.Errorf("String %q", got)
	}
	// A Score saved before the factor existed (Recognized 0) is unchanged.
	old := newScore("annotations", 5)
	old.Recognized = 0
	if old.Total() != 5 || old.String() != "annotations 5" {
		t.Errorf("old score: %v %q", old.Total(), old.String())
	}
}

// TestValueTextBrackets: a lone opening bracket at a value's end and a lone
// closing one at its start are the template's, a value's own pair stays.
func TestValueTextBrackets(t *testing.T) {
	for _, c := range []struct {
		src, want string
	}{
		{`<p><a>Okafor, Holloway and Mercer</a> (</p>`, "Okafor, Holloway and Mercer"},
		{`<p>) <a>Wexford Press</a></p>`, "Wexford Press"},
		{`<p>Jane Roe (1945)</p>`, "Jane Roe (1945)"},
		{`<p>Kessler &amp; Okafor [</p>`, "Kessler & Okafor"},
		{`<p>(</p>`, ""},
	} {
		p := testPage(t, "p.html", "<html><body>"+c.src+"</body></html>", nil)
		toks := Tokenize(p, NewPaths())
		if got, _, _ := ValueText(toks, 0, len(toks)); got != c.want {
			t.Errorf("%s: %q, want %q", c.src, got, c.want)
		}
	}
}

// TestUntilRowLabel: a set value's items end at a row label after the
// first item.
func TestUntilRowLabel(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"editor row after the authors", `<p><span>A. Roe</span><br><span>B. Doe</span><br>Translated by: <span>C. Poe and D. Loe</span></p>`, []string{"A. Roe", "B. Doe"}},
		{"label first: the set's own", `<p>Authors: <span>A. Roe</span><br><span>B. Doe</span></p>`, []string{"Authors", "A. Roe", "B. Doe"}},
		{"no label", `<p><span>A. Roe</span>, <span>B. Doe</span></p>`, []string{"A. Roe", "B. Doe"}},
		{"a time is no label", `<p><span>Doors</span><br><span>7:00</span></p>`, []string{"Doors", "7:00"}},
		{"a colon alone is no label", `<p><span>A. Roe</span><br>: <span>B. Doe</span></p>`, []string{"A. Roe", "B. Doe"}},
	} {
		p := testPage(t, "p.html", "<html><body>"+c.src+"</body></html>", nil)
		toks := Tokenize(p, NewPaths())
		var got []string
		for _, rn := range untilRowLabel(toks, items(toks, 0, len(toks))) {
			if txt, _, _ := ValueText(toks, rn[0], rn[1]); txt != "" {
				got = append(got, txt)
			}
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestStrayAnchor: a set field's anchor outside the smallest subtree of
// the other anchors (an ad's link the artists' dictionary knows) is
// dropped; a single field's is kept, and so is any anchor when fewer than
// two others would remain.
func TestStrayAnchor(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<html><body><div id="c">` +
		`<section><h1>Artist</h1><span>feat. A, B</span><dl><dd>Venue</dd></dl><span>From $34</span></section>` +
		`<aside><p><a>Ad act</a> — from $171</p></aside></div></body></html>`))
	if err != nil {
		t.Fatal(err)
	}
	find := func(tag string) *html.Node {
		var out *html.Node
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			if out == nil && n.Type == html.ElementNode && n.Data == tag {
				out = n
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(doc)
		return out
	}
	stat := func(tag string) *slotStats {
		st := NewSlotStats()
		st.Nodes = map[int]*html.Node{0: find(tag), 1: find(tag)}
		return st
	}
	stats := []*slotStats{stat("h1"), stat("a"), stat("dd"), stat("span")}
	fields := []FieldSpec{{Path: "artist"}, {Path: "with", Many: true}, {Path: "venue"}, {Path: "label"}}
	w := &State{FieldSpecs: fields}
	for _, c := range []struct {
		name    string
		anchors []string
		slots   []int
		want    []string
	}{
		{"set field in the ad", []string{"artist", "with", "venue"}, []int{0, 1, 2}, []string{"artist", "venue"}},
		{"single field in the ad", []string{"artist", "label", "venue"}, []int{0, 1, 2}, []string{"artist", "label", "venue"}},
		{"two anchors only", []string{"artist", "with"}, []int{0, 1}, []string{"artist", "with"}},
		{"set field inside", []string{"artist", "with", "venue"}, []int{0, 3, 2}, []string{"artist", "with", "venue"}},
	} {
		got, slots := dropStraySets(w, stats, c.anchors, c.slots)
		if strings.Join(got, ",") != strings.Join(c.want, ",") || len(slots) != len(got) {
			t.Errorf("%s: %v %v, want %v", c.name, got, slots, c.want)
		}
	}
}

// TestOtherParent: a detail page's set field takes further slots among
// its place's siblings only.
func TestOtherParent(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<html><body><section>` +
		`<div><a>A. Roe</a>, <a>B. Doe</a></div>` +
		`<p><b>Edited by:</b> <span>C. Poe</span>, <span>D. Loe</span></p></section></body></html>`))
	if err != nil {
		t.Fatal(err)
	}
	var as, spans []*html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "a" {
			as = append(as, n.FirstChild)
		}
		if n.Type == html.ElementNode && n.Data == "span" {
			spans = append(spans, n.FirstChild)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	stat := func(n *html.Node) *slotStats {
		st := NewSlotStats()
		st.Nodes = map[int]*html.Node{0: n, 1: n, 2: n}
		return st
	}
	for _, c := range []struct {
		name string
		p, s *slotStats
		want bool
	}{
		{"second author, a sibling", stat(as[0]), stat(as[1]), false},
		{"second editor, another row", stat(as[0]), stat(spans[1]), true},
		{"no page in common", stat(as[0]), NewSlotStats(), false},
	} {
		if got := otherParent(c.p, c.s); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
