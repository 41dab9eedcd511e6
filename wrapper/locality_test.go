package wrapper

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// localityPages builds detail pages of books: a detail block (title,
// author, the book's price under "Sale:" when ownPrice) and a sidebar
// recommending one other book under "Price:", a label naming the field.
func localityPages(t testing.TB, ownPrice bool) ([]*annotate.Page, []string) {
	var src, want []string
	for i := range 20 {
		price := fmt.Sprintf("$%d.%02d", 10+i, (7*i)%100)
		other := fmt.Sprintf("$%d.%02d", 50+i, (3*i)%100)
		row := ""
		if ownPrice {
			row = fmt.Sprintf(`<p><b>Sale:</b> %s</p>`, price)
			want = append(want, price)
		} else {
			want = append(want, other)
		}
		src = append(src, fmt.Sprintf(`<html><body><div class="details"><h1 data-or-type="title">Book %c%c %c</h1><h3>by <a data-or-type="author">Author %c%c</a></h3>%s<p>In stock.</p></div>`+
			`<div class="side"><h4>Recommended</h4><div><a>Other %c%c</a><p><b>Price:</b> %s</p></div></div></body></html>`,
			'A'+i, 'a'+i, 'k'+i, 'K'+i, 'a'+i, row, 'M'+i, 'a'+i, other))
	}
	pages := pagesOf(t, src, nil)
	annotatePatterns(t, pages, map[string]string{"price": "price"})
	return pages, want
}

func localitySOD() *sod.SOD {
	s := testSOD([][3]string{{"title", "1", "title"}, {"author", "1", "author"}, {"price", "1", "price"}}, sod.One)
	dictionaryTypes(s, "title", "author")
	return s
}

// TestLocalityPrice: the sidebar's price is under a label naming the
// field and outweighs the book's own, under "Sale:", on annotations and
// labels alone; the detail block, where the title and the author are,
// holds the book's price, and with locality every page gives it. The
// explanation shows the sidebar's slot outside the region.
func TestLocalityPrice(t *testing.T) {
	for _, on := range []bool{false, true} {
		t.Run(fmt.Sprint("locality=", on), func(t *testing.T) {
			defer func(v bool) { mapping.Locality = v }(mapping.Locality)
			mapping.Locality = on
			pages, want := localityPages(t, true)
			w, err := Induce(pages, localitySOD(), DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			right := oneFieldRight(w, pages, "price", want)
			if !on {
				if right {
					t.Fatalf("prices right without locality: the test shows nothing\n%s\n%+v", w.Template(), w.Slots())
				}
				return
			}
			if !right {
				t.Fatalf("prices wrong; template %s\nslots %+v", w.Template(), w.Slots())
			}
			for _, sm := range w.Slots() {
				if sm.Outside {
					t.Errorf("slot %d (%s) flagged outside the region", sm.Slot, sm.Field)
				}
			}
			var b bytes.Buffer
			if err := WriteExplanation(&b, w.Explanation()); err != nil {
				t.Fatal(err)
			}
			var price *FieldExplain
			for i, fe := range w.Explanation() {
				if fe.Field == "price" {
					price = &w.Explanation()[i]
				}
			}
			if price == nil || len(price.Candidates) < 2 {
				t.Fatalf("price: want two candidates or more in the explanation:\n%s", b.String())
			}
			if c := price.Candidates[0]; !c.Chosen || c.Outside || c.Score.Locality != 1 {
				t.Errorf("price: best candidate %+v, want the chosen one inside the region:\n%s", c, b.String())
			}
			out := 0
			for _, c := range price.Candidates {
				if c.Outside {
					out++
					if c.Chosen || c.Score.Locality != mapping.OutsidePenalty || c.Total != c.Score.Total() {
						t.Errorf("price: outside candidate %+v", c)
					}
				}
			}
			if out == 0 || !strings.Contains(b.String(), "outside") || price.Region == "" {
				t.Errorf("price: no candidate outside the region (region %q):\n%s", price.Region, b.String())
			}
		})
	}
}

// TestLocalityOutsideFlagged: when the detail block holds no price, the
// sidebar's is the only candidate: it is taken and its slot flagged
// (SlotMap.Outside), which the run reports as "outside-region".
func TestLocalityOutsideFlagged(t *testing.T) {
	pages, want := localityPages(t, false)
	w, err := Induce(pages, localitySOD(), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	checkOneField(t, w, pages, "price", want)
	flagged := map[string]bool{}
	for _, sm := range w.Slots() {
		if sm.Outside {
			flagged[sm.Field] = true
		}
	}
	if !flagged["price"] || len(flagged) != 1 {
		t.Fatalf("flagged %v, want price only; slots %+v", flagged, w.Slots())
	}
	// The flag and the explanation survive Save and Load.
	w.SaveExplanation(true)
	var b bytes.Buffer
	if err := w.Save(&b); err != nil {
		t.Fatal(err)
	}
	l, err := Load(&b)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(l.Slots()) != fmt.Sprint(w.Slots()) || fmt.Sprint(l.Explanation()) != fmt.Sprint(w.Explanation()) {
		t.Fatalf("after Save and Load: slots %+v explanation %+v", l.Slots(), l.Explanation())
	}
}
