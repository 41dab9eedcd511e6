package mapping

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestMarkupWords(t *testing.T) {
	for _, tc := range []struct {
		tok  string
		want []string
	}{
		{"venue", []string{"venue"}},
		{"venue-name", []string{"venue", "name"}},
		{"field-venue_name", []string{"field", "venue", "name"}},
		{"venueName", []string{"venue", "name"}},
		{"ps-price", []string{"price"}},
		{"c1x9", nil},
		{"col-2", []string{"col"}},
		{"a8", nil},
		{"HTMLTitle", []string{"htmltitle"}},
	} {
		if got := markupWords(tc.tok); !slices.Equal(got, tc.want) {
			t.Errorf("markupWords(%q) = %q, want %q", tc.tok, got, tc.want)
		}
	}
}

// findText returns the text node of doc holding s.
func findText(n *html.Node, s string) *html.Node {
	if n.Type == html.TextNode && strings.Contains(n.Data, s) {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if x := findText(c, s); x != nil {
			return x
		}
	}
	return nil
}

// TestMarkupPart: the Markup part of a slot, over two sample pages whose
// slot 0 holds the value "@V" and slot 1 (when the page has it) "@W".
func TestMarkupPart(t *testing.T) {
	venue := FieldSpec{Path: "venue", Name: "venue", Types: []string{"venue"}, Dictionary: true, Class: "venue"}
	place := FieldSpec{Path: "place", Name: "place", Types: []string{"place"}, Dictionary: true, Class: "venue"}
	price := FieldSpec{Path: "price", Name: "price", Types: []string{"price"}, Predefined: "price"}
	artists := FieldSpec{Path: "artists", Name: "artists", Types: []string{"artist"}, Many: true}
	for _, tc := range []struct {
		name  string
		pages []string // one page's body each
		f     FieldSpec
		want  float64
	}{
		{"class names the field", []string{`<div class="venue"><b>Where</b> @V</div>`, `<div class="venue"><b>Where</b> @V</div>`}, venue, markupBoost},
		{"on half the pages", []string{`<div class="venue">@V</div>`, `<div class="x">@V</div>`}, venue, 1 + (markupBoost-1)/2},
		{"prefixed, compound", []string{`<span class="ps-venue-name">@V</span>`, `<span class="ps-venue-name">@V</span>`}, venue, markupBoost},
		{"camel-case id", []string{`<span id="venueName">@V</span>`, `<span id="venueName">@V</span>`}, venue, markupBoost},
		{"itemprop", []string{`<table><tr><td itemprop="price">@V</td></tr></table>`, `<table><tr><td itemprop="price">@V</td></tr></table>`}, price, markupBoost},
		{"plural", []string{`<ul class="artist-list"><li>@V</li></ul>`, `<ul class="artist-list"><li>@V</li></ul>`}, artists, markupBoost},
		{"ancestor within reach", []string{`<div class="venue"><span><a>@V</a></span></div>`, `<div class="venue"><span><a>@V</a></span></div>`}, venue, markupBoost},
		{"ancestor out of reach", []string{`<div class="venue"><p><span><a>@V</a></span></p></div>`, `<div class="venue"><p><span><a>@V</a></span></p></div>`}, venue, 1},
		{"dictionary class only", []string{`<span class="venue">@V</span>`, `<span class="venue">@V</span>`}, place, 1 + (markupBoost-1)/2},
		{"a recognizer's label word names nothing", []string{`<td class="doors">@V</td>`, `<span class="doors">@V</span>`}, FieldSpec{Path: "at", Name: "at", Types: []string{"time"}, Predefined: "time"}, 1},
		{"names another field", []string{`<span class="artist">@V</span>`, `<span class="artist">@V</span>`}, venue, 1},
		{"obfuscated names", []string{`<div class="c1x9 q7"><span id="k2z">@V</span></div>`, `<div class="c1x9 q7"><span id="k2z">@V</span></div>`}, venue, 1},
		{"no markup", []string{`<div><span>@V</span></div>`, `<div><span>@V</span></div>`}, venue, 1},
		{"box of two slots names neither", []string{`<div class="venue"><span>@V</span> <span>@W</span></div>`, `<div class="venue"><span>@V</span> <span>@W</span></div>`}, venue, 1},
		{"box of two slots, own element named", []string{`<div class="box"><span class="venue">@V</span> <span>@W</span></div>`, `<div class="box"><span class="venue">@V</span> <span>@W</span></div>`}, venue, markupBoost},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stats := []*slotStats{NewSlotStats(), NewSlotStats()}
			for pg, body := range tc.pages {
				doc, err := html.Parse(strings.NewReader("<html><body>" + body + "</body></html>"))
				if err != nil {
					t.Fatal(err)
				}
				stats[0].Nodes[pg] = findText(doc, "@V")
				if w := findText(doc, "@W"); w != nil {
					stats[1].Nodes[pg] = w
				}
			}
			if got := newMarkupIndex(stats).markupFactor(0, tc.f); got != tc.want {
				t.Errorf("markupFactor = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestMarkupScore: the part is one of the Score's named parts; it scales
// a candidate's evidence and gives none to a candidate without any.
func TestMarkupScore(t *testing.T) {
	s := newScore("annotations", 4)
	s.Markup = markupBoost
	if got := s.Total(); got != 4*markupBoost {
		t.Errorf("Total = %v, want %v", got, 4*markupBoost)
	}
	if !strings.Contains(s.String(), "markup 1.25") {
		t.Errorf("String() = %q: no markup part", s.String())
	}
	z := newScore("annotations", 0)
	z.Markup = markupBoost
	if z.Total() != 0 {
		t.Errorf("a candidate without evidence weighs %v", z.Total())
	}
	old := newScore("annotations", 4)
	old.Markup = 0 // saved before the part existed
	if old.Total() != 4 {
		t.Errorf("a saved Score without the part weighs %v", old.Total())
	}
}
