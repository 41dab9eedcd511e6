package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
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
