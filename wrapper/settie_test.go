package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestSetTieNote: a detail page shows two sibling prices, "List: $X" and
// "Sale: $Y", both annotated on every page, and the SOD declares `price =
// "*"`. Both slots score the same; the tie-break (the slot nearer the
// single fields) gave the set the second only, at confidence 1 (a real
// car site's MSRP and invoice, issue 20). The field is now named
// (close-rival), and its values' confidence capped.
func TestSetTieNote(t *testing.T) {
	var src, prices []string
	for i := range 20 {
		list, sale := fmt.Sprintf("$%d,%03d", 30+i, 100+7*i), fmt.Sprintf("$%d,%03d", 28+i, 300+11*i)
		prices = append(prices, list, sale)
		src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><h1 data-or-type="name">Roadster %c%c</h1>
<div class="box"><div class="p">List: %s</div><div class="p">Sale: %s</div></div>
<ul><li>Doors: 2</li><li>Color: Red</li></ul><p>Call us today</p></body></html>`, 'A'+i, 'a'+i, list, sale))
	}
	pages := pagesOf(t, src, map[string][]string{"price": prices})
	s := testSOD([][3]string{{"name", "1", "name"}, {"price", "*", "price"}}, sod.One)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, n := range w.Notes(pages) {
		if n.Field == "price" {
			kinds = append(kinds, n.Kind)
		}
	}
	if !strings.Contains(strings.Join(kinds, ","), "close-rival") {
		t.Fatalf("price notes %v, want close-rival; slots %+v", kinds, w.Slots())
	}
}
