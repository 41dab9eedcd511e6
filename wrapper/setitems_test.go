package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// TestSetSlotCountedByItems: the guests are a plain-text list of three
// names ("Boneyard, The Quiet Rivers, Elena Ortega") of which a sparse
// dictionary knows one on some pages only. The known name covers less than
// half of the value's words, so counted by values the slot holds no guest;
// counted by items it does, and the guests are read from it.
func TestSetSlotCountedByItems(t *testing.T) {
	known := []string{"Elena Ortega", "Cyrus Talbot", "Iron Rivers"}
	unknown := []string{"The Quiet Rivers of Avalon", "Boneyard Brass Band", "Gentle Kites of the Valley", "Solenne", "The Wild Harbors Orchestra", "Tender Wolves", "Hollow Saints Revue"}
	var src []string
	var wants [][]string
	for i := range 16 {
		its := []string{unknown[i%7], unknown[(i+3)%7], unknown[(i+5)%7]}
		if i%3 == 0 {
			its[1] = known[i%3]
		}
		wants = append(wants, its)
		src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><h1 data-or-type="name">Show %c%c</h1><p class="with">%s</p><p>Doors open early</p></body></html>`,
			'A'+i, 'a'+i, strings.Join(its, ", ")))
	}
	checkGuests(t, src, known, wants)
}

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
			toks := tokenize(p, mapping.NewPaths())
			a, b := -1, -1
			for x, tk := range toks {
				if tk.Kind == KindWord && a < 0 {
					a = x
				}
				if tk.Kind == KindWord {
					b = x + 1
				}
			}
			st := mapping.NewSlotStats()
			mapping.ItemCounts(st, toks, a, b, nil)
			if n, _ := st.ItemCount([]string{"artist"}); n != tc.want {
				t.Fatalf("item count %d, want %d", n, tc.want)
			}
		})
	}
}

// TestSetItemPatternInBrackets: a restaurant's price range is written in
// brackets after its cuisines, in their text node ("Thai, Greek ($$$)").
// The cuisines set takes the slot; the price range's instance, the inside
// of a bracket pair, is an item of its own pattern there and shares the
// slot (SlotMap.Part), and the cuisines lose it.
func TestSetItemPatternInBrackets(t *testing.T) {
	cuisines := []string{"Mexican", "Barbecue", "Italian", "Thai", "Greek", "Seafood", "Vegan"}
	var src []string
	var wantC, wantP []string
	for i := range 14 {
		its := []string{cuisines[i%7]}
		if i%3 == 0 {
			its = append(its, cuisines[(i+3)%7])
		}
		text, price := strings.Join(its, ", "), ""
		if i%2 == 0 {
			price = strings.Repeat("$", 1+i%4)
			text += " (" + price + ")"
		}
		wantC, wantP = append(wantC, fmt.Sprint(its)), append(wantP, price)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Place %c%c</h1><div class="c">%s</div><p>Open daily</p></body></html>`, 'A'+i, 'a'+i, text))
	}
	pages := pagesOf(t, src, map[string][]string{"cuisine": cuisines})
	s := testSOD([][3]string{{"name", "1", "name"}, {"cuisine", "+", "cuisine"}, {"price_range", "?", "price_range"}}, sod.One)
	dictionaryTypes(s, "cuisine", "name")
	regexTypes(s, map[string]string{"price_range": `\${1,4}`})
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		o := objs[0]
		gotP := ""
		if v := o.Get("price_range"); len(v) > 0 {
			gotP = v[0]
		}
		if fmt.Sprint(o.Get("cuisine")) != wantC[i] || gotP != wantP[i] {
			t.Fatalf("%s: cuisine %q price %q, want %s %q; slots %+v", p.Path, o.Get("cuisine"), gotP, wantC[i], wantP[i], w.Slots())
		}
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
		toks := tokenize(p, mapping.NewPaths())
		var got []string
		for _, it := range mapping.CountingItems(toks, 0, len(toks)) {
			if s, _, _ := mapping.ValueText(toks, it[0], it[1]); s != "" {
				got = append(got, s)
			}
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("%s: items %q, want %q", c.html, strings.Join(got, "|"), c.want)
		}
	}
}

// TestPlainTextSetSparseDictionary: a restaurant's cuisines are written as
// one text node ("Diner and Chinese ($$)"), followed on some pages by its
// price range in brackets, and the cuisine dictionary knows three of
// twelve cuisines. No value is mainly a cuisine (a known cuisine is one
// word of four or five), so only counting the value's items one by one
// finds the cuisines' slot; "and" separates the items, the bracketed
// price range is the price range's part.
func TestPlainTextSetSparseDictionary(t *testing.T) {
	plainTextSetCase(t, nil)
}

// TestPlainTextSetNoisyDictionary: as TestPlainTextSetSparseDictionary,
// and the restaurant-name dictionary also knows two cuisines, so the
// cuisines are below GeneraliseThres of the slot's annotated items but
// still the most frequent type there (plurality, counted on items).
func TestPlainTextSetNoisyDictionary(t *testing.T) {
	plainTextSetCase(t, []string{"Greek", "Korean"})
}

// plainTextSetCase runs the plain-text cuisine pages; noise are cuisines
// the name dictionary knows.
func plainTextSetCase(t *testing.T, noise []string) {
	cuisines := []string{"Diner", "Chinese", "Barbecue", "Greek", "Thai", "Korean", "Pizza", "Seafood", "Spanish", "Vegan", "Indian", "Sushi"}
	known := []string{"Barbecue", "Pizza", "Spanish"}
	var src []string
	var wantC, wantP []string
	for i := range 20 {
		items := []string{cuisines[i%12]}
		if i%3 != 2 {
			items = append(items, cuisines[(i*5+7)%12])
		}
		if items[0] == items[len(items)-1] && len(items) == 2 {
			items = items[:1]
		}
		text := strings.Join(items, " and ")
		price := ""
		if i%4 != 3 {
			price = strings.Repeat("$", 1+i%4)
			text += " (" + price + ")"
		}
		wantC, wantP = append(wantC, strings.Join(items, "|")), append(wantP, price)
		src = append(src, fmt.Sprintf(`<html><body><div class="nav"><a href="/">Home</a></div><h1 data-or-type="name">Place %c%c</h1>`+
			`<dl><dd class="cuisine">%s</dd><dt>Area:</dt><dd><b>Area %d</b></dd></dl><p>Open daily</p></body></html>`, 'A'+i, 'a'+i, text, i))
	}
	pages := pagesOf(t, src, map[string][]string{"cuisine": known, "name": noise})
	s := testSOD([][3]string{{"name", "1", "name"}, {"food", "+", "cuisine"}, {"price_range", "?", "price_range"}}, sod.One)
	dictionaryTypes(s, "cuisine", "name")
	regexTypes(s, map[string]string{"price_range": `\${1,4}`})
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		o := objs[0]
		if got := strings.Join(o.Get("food"), "|"); got != wantC[i] {
			t.Fatalf("%s: food %q, want %q; slots %+v", p.Path, got, wantC[i], w.Slots())
		}
		if got := strings.Join(o.Get("price_range"), "|"); got != wantP[i] {
			t.Fatalf("%s: price range %q, want %q; slots %+v", p.Path, got, wantP[i], w.Slots())
		}
	}
}

// TestSeparatorSeenAlone: cuisines written as one text node joined by
// "and" or "&" ("Indian and Pizza", "Wine Bar & Korean"); the dictionary
// knows two cuisines, one of them "Breakfast & Brunch", so "&" and "and"
// seldom stand next to a known cuisine. Most cuisines are the only one of
// some other page: a piece seen alone confirms the separator, and the
// known "Breakfast & Brunch" stays one item.
func TestSeparatorSeenAlone(t *testing.T) {
	cuisines := []string{"Indian", "Pizza", "Wine Bar", "Korean", "Greek", "Thai", "Breakfast & Brunch", "Seafood", "Diner", "Vegan"}
	known := []string{"Breakfast & Brunch", "Seafood"}
	var src, want []string
	for i := range 20 {
		items := []string{cuisines[i%10]}
		if i >= 10 {
			items = append(items, cuisines[(i*3+1)%10])
			if items[0] == items[1] {
				items = items[:1]
			}
		}
		joined := strings.Join(items, []string{" and ", " & "}[i%2])
		want = append(want, strings.Join(items, "|"))
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Place %c%c</h1>`+
			`<p class="cuisine">%s</p><p>Area %d</p><p>Open daily</p></body></html>`, 'A'+i, 'a'+i, strings.ReplaceAll(joined, "&", "&amp;"), i))
	}
	pages := pagesOf(t, src, map[string][]string{"cuisine": known})
	s := testSOD([][3]string{{"name", "1", "name"}, {"food", "+", "cuisine"}}, sod.One)
	dictionaryTypes(s, "cuisine", "name")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		if got := strings.Join(objs[0].Get("food"), "|"); got != want[i] {
			t.Fatalf("%s: food %q, want %q; slots %+v", p.Path, got, want[i], w.Slots())
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
		toks := tokenize(p, mapping.NewPaths())
		var got []string
		for _, it := range itemsKeep(toks, 0, len(toks), c.seps, c.keep) {
			if s, _, _ := mapping.ValueText(toks, it[0], it[1]); s != "" {
				got = append(got, s)
			}
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("%s: items %q, want %q", c.html, strings.Join(got, "|"), c.want)
		}
	}
}
