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
	pages := pagesOf(t, src, map[string][]string{"artist": known})
	s := testSOD([][3]string{{"name", "1", "name"}, {"guests", "*", "artist"}}, sod.One)
	dictionaryTypes(s, "artist", "name")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		if got := fmt.Sprint(objs[0].Get("guests")); got != fmt.Sprint(wants[i]) {
			t.Fatalf("%s: guests %s, want %q; slots %+v", p.Path, got, wants[i], w.Slots())
		}
	}
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
			toks := tokenize(p, newPaths())
			a, b := -1, -1
			for x, tk := range toks {
				if tk.kind == KindWord && a < 0 {
					a = x
				}
				if tk.kind == KindWord {
					b = x + 1
				}
			}
			st := newSlotStats()
			itemCounts(st, toks, a, b, nil)
			if n, _ := st.itemCount([]string{"artist"}); n != tc.want {
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
