package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// TestPresenceListPrice: book pages whose price row ("Buy new:") every
// page has, and a "List price:" row, whose label names the field, on
// some pages only. The optional row's slot, better labelled, outscored
// the price's own; weighed by the share of pages it fills, it loses and
// every page gives its price.
func TestPresenceListPrice(t *testing.T) {
	for _, on := range []bool{false, true} {
		t.Run(fmt.Sprint("presence=", on), func(t *testing.T) {
			defer func(v bool) { mapping.PresenceWeighing = v }(mapping.PresenceWeighing)
			mapping.PresenceWeighing = on
			var src, prices []string
			for i := range 20 {
				price := fmt.Sprintf("$%d.%02d", 10+i, (7*i)%100)
				prices = append(prices, price)
				list := ""
				if i%4 != 0 {
					list = fmt.Sprintf(`<b class="label">List price:</b> <b>$%d.99</b><br>`, 40+3*i)
				}
				src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Book %c%c</h1><p><b class="label">By:</b> <span data-or-type="author">Author %c</span><br><b class="label">Buy new:</b> %s<br>%s<b class="label">Pages:</b> %d pages<br></p><p>Free shipping</p></body></html>`,
					'A'+i, 'a'+i, 'K'+i, price, list, 100+i))
			}
			pages := pagesOf(t, src, nil)
			annotatePatterns(t, pages, map[string]string{"price": "price"})
			s := testSOD([][3]string{{"name", "1", "name"}, {"author", "1", "author"}, {"price", "1", "price"}}, sod.One)
			dictionaryTypes(s, "name", "author")
			w, err := Induce(pages, s, DefaultOptions())
			right := err == nil && oneFieldRight(w, pages, "price", prices)
			if !on {
				if right {
					t.Fatalf("prices right without presence weighing: the test shows nothing\n%s\n%+v", w.Template(), w.Slots())
				}
				return
			}
			if !right {
				if err != nil {
					t.Fatal(err)
				}
				t.Fatalf("prices wrong; template %s\nslots %+v", w.Template(), w.Slots())
			}
		})
	}
}
