package mapping

import (
	"strings"
	"testing"
)

// TestItemCountsWholeItems: an item counts for a set field when the
// field's type covers all of it: a list with one known name does, a
// sentence of which a noisy dictionary knows one word ("Find tickets,
// times and venues") does not.
func TestItemCountsWholeItems(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		want int
	}{
		{"one known name of three", `<p>Boneyard Brass Band, Elena Ortega, The Quiet Rivers</p>`, 1},
		{"one known word of an item", `<p>Find tickets, times and venues near you</p>`, 0},
		{"a remark in brackets", `<p>Boneyard Brass Band (Elena Ortega)</p>`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body>"+tc.src+"</body></html>", map[string][]string{"artist": {"Elena Ortega", "tickets"}})
			toks := Tokenize(p, NewPaths())
			a, b := -1, -1
			for x, tk := range toks {
				if tk.Kind == KindWord && a < 0 {
					a = x
				}
				if tk.Kind == KindWord {
					b = x + 1
				}
			}
			st := NewSlotStats()
			countItems(st, toks, a, b, nil, nil)
			if n, _ := st.ItemCount([]string{"artist"}); n != tc.want {
				t.Fatalf("item count %d, want %d", n, tc.want)
			}
		})
	}
}

// TestCountingItems: the items a set value is cut into for counting.
func TestCountingItems(t *testing.T) {
	for _, c := range []struct {
		html string
		want string
	}{
		{`<p>Diner and Chinese ($)</p>`, "Diner|Chinese"},
		{`<p>Tex-Mex, Cajun/Creole, Wine Bar | $$</p>`, "Tex-Mex|Cajun/Creole|Wine Bar|$$"},
		{`<p>Boneyard Brass Band (Elena Ortega)</p>`, "Boneyard Brass Band"},
		{`<p>Korean &amp; Indian</p>`, "Korean|Indian"},
		{`<p><a>Diner</a><br><a>Chinese</a> · <a>$$$$</a></p>`, "Diner|Chinese|$$$$"},
		// A lower-case word between words that are not both capitalised
		// stays inside the item.
		{`<p>Our critics pay for their meals</p>`, "Our critics pay for their meals"},
	} {
		p := testPage(t, "p.html", "<html><body>"+c.html+"</body></html>", nil)
		toks := Tokenize(p, NewPaths())
		var got []string
		for _, it := range countingItems(toks, 0, len(toks)) {
			if s, _, _ := ValueText(toks, it[0], it[1]); s != "" {
				got = append(got, s)
			}
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("%s: items %q, want %q", c.html, strings.Join(got, "|"), c.want)
		}
	}
}

// TestItemsKeep: a set value's items at extraction: learned separators,
// brackets, and items kept whole across a separator.
func TestItemsKeep(t *testing.T) {
	for _, c := range []struct {
		html       string
		seps, keep []string
		want       string
	}{
		{`<p>Diner and Chinese ($)</p>`, []string{"and"}, nil, "Diner|Chinese|($)"},
		{`<p>Breakfast &amp; Brunch &amp; Thai</p>`, []string{"&"}, []string{"Breakfast & Brunch"}, "Breakfast & Brunch|Thai"},
		{`<p>Thai &amp; Breakfast &amp; Brunch</p>`, []string{"&"}, nil, "Thai|Breakfast|Brunch"},
		{`<p>Ann Lee (Editor), Bo Chan</p>`, nil, nil, "Ann Lee|(Editor)|Bo Chan"},
		// A link's text is one item.
		{`<p><a href="/b">Breakfast &amp; Brunch</a> / <a href="/t">Thai</a></p>`, []string{"&", "/"}, nil, "Breakfast & Brunch|Thai"},
	} {
		p := testPage(t, "p.html", "<html><body>"+c.html+"</body></html>", nil)
		toks := Tokenize(p, NewPaths())
		var got []string
		for _, it := range itemsKeep(toks, 0, len(toks), c.seps, c.keep) {
			if s, _, _ := ValueText(toks, it[0], it[1]); s != "" {
				got = append(got, s)
			}
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("%s: items %q, want %q", c.html, strings.Join(got, "|"), c.want)
		}
	}
}
