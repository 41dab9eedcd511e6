package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestWaitsForSetSlot: a restaurant's cuisines and its price range are
// links of one element ("<a>Thai</a> · <a>$$$</a>"), whose slot the
// cuisines set takes in the second pass, after the single fields. A few
// pages' advert holds a lone "$" the price-range pattern knows: the price
// range took that weak slot of its own before the cuisines took theirs.
// Waiting for the set field's slot, it gets its item there.
func TestWaitsForSetSlot(t *testing.T) {
	cuisines := []string{"Mexican", "Barbecue", "Italian", "Thai", "Greek", "Seafood", "Vegan"}
	for _, on := range []bool{false, true} {
		t.Run(fmt.Sprint("wait=", on), func(t *testing.T) {
			defer func(v bool) { settingParts = v }(settingParts)
			settingParts = on
			var prices []string
			var src []string
			for i := range 20 {
				items := []string{cuisines[i%7]}
				if i%3 == 0 {
					items = append(items, cuisines[(i+3)%7])
				}
				var links []string
				for _, c := range items {
					links = append(links, fmt.Sprintf(`<a href="/c/%s">%s</a>`, c, c))
				}
				body := strings.Join(links, " &middot; ")
				price := ""
				if i%5 != 4 {
					price = strings.Repeat("$", 1+i%4)
					body += ` &middot; <a href="/p/">` + price + `</a>`
				}
				prices = append(prices, price)
				ad := fmt.Sprintf("Brunch at Place %c", 'K'+i)
				if i%6 == 1 {
					ad = "$"
				}
				src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Place %c%c</h1><div class="c">%s</div><p>Open daily</p><div class="ad"><p>Deal of the day: <b>%s</b></p></div></body></html>`, 'A'+i, 'a'+i, body, ad))
			}
			pages := pagesOf(t, src, map[string][]string{"cuisine": cuisines})
			for _, p := range pages {
				pagetest.AnnotateRegex(p, "price_range", `\$+`)
			}
			s := testSOD([][3]string{{"name", "1", "name"}, {"cuisine", "+", "cuisine"}, {"price_range", "?", "price_range"}}, sod.One)
			dictionaryTypes(s, "cuisine", "name")
			regexTypes(s, map[string]string{"price_range": `\${1,4}`})
			w, err := Induce(pages, s, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			right := true
			for i, p := range pages {
				objs, _ := w.Extract(p)
				want := "[]"
				if prices[i] != "" {
					want = fmt.Sprint([]string{prices[i]})
				}
				if len(objs) != 1 || fmt.Sprint(objs[0].Get("price_range")) != want {
					right = false
					if on && len(objs) == 1 {
						t.Logf("%s: price %q, want %s", p.Path, objs[0].Get("price_range"), want)
					}
				}
			}
			if !on {
				if right {
					t.Fatalf("right without waiting: the test shows nothing; slots %+v", w.Slots())
				}
				return
			}
			if !right {
				t.Fatalf("wrong; template %s\nslots %+v", w.Template(), w.Slots())
			}
		})
	}
}
