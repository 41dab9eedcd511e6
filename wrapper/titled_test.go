package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// TestTitledName: restaurant pages whose <title> and <h1> name the
// restaurant, which the name dictionary knows on two pages of twenty,
// and an advertisement naming another restaurant, which it knows on
// most. The <h1>'s slot, named by the title on every page, is the
// name's.
func TestTitledName(t *testing.T) {
	for _, on := range []bool{false, true} {
		t.Run(fmt.Sprint("titled=", on), func(t *testing.T) {
			defer func(v bool) { mapping.TitledSlots = v }(mapping.TitledSlots)
			mapping.TitledSlots = on
			var src, want []string
			for i := range 20 {
				name := fmt.Sprintf("%s %s", []string{"Golden", "Rusty", "Blue", "Olive", "Jade"}[i%5], []string{"Kettle", "Anchor", "Garden", "Bistro"}[i%4]+fmt.Sprint(i))
				want = append(want, name)
				h1 := name
				if i%10 == 0 {
					h1 = `<span data-or-type="name">` + name + `</span>`
				}
				ad := fmt.Sprintf("Harbor Grill %d", i%7)
				if i%5 != 4 {
					ad = `<span data-or-type="name">` + ad + `</span>`
				}
				src = append(src, fmt.Sprintf(`<html><head><title>%s | EatFinder</title></head><body><h1>%s</h1><p>Open daily from %d am</p><div class="ad"><span>Advertisement</span><p><a>%s</a> from $%d</p></div></body></html>`,
					name, h1, 7+i%4, ad, 100+i))
			}
			pages := pagesOf(t, src, nil)
			s := testSOD([][3]string{{"name", "1", "name"}}, sod.One)
			dictionaryTypes(s, "name")
			w, err := Induce(pages, s, DefaultOptions())
			right := err == nil && oneFieldRight(w, pages, "name", want)
			if !on {
				if right {
					t.Fatalf("names right without titled slots: the test shows nothing\n%s\n%+v", w.Template(), w.Slots())
				}
				return
			}
			if !right {
				if err != nil {
					t.Fatal(err)
				}
				t.Fatalf("names wrong; template %s\nslots %+v", w.Template(), w.Slots())
			}
		})
	}
}
