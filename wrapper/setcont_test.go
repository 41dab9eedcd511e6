package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestContinuedSet: a restaurant's cuisines written as links one under
// the other after a label, most pages with one: ExAlg keeps the first
// link as template and leaves the others in the slot after its end tag,
// where the dictionary knows a few of them (a price range after the last
// cuisine on some pages keeps ExAlg from folding the links into a set). That slot continues the
// cuisines' list: every cuisine of every page is extracted.
func TestContinuedSet(t *testing.T) {
	cuisines := []string{"Mexican", "Barbecue", "Italian", "Thai", "Greek", "Seafood", "Vegan", "Diner", "Korean"}
	known := []string{"Mexican", "Italian", "Greek", "Vegan", "Korean"}
	areas := []string{"Old Town", "Uptown", "Riverside", "Midtown"}
	for _, on := range []bool{false, true} {
		t.Run(fmt.Sprint("continue=", on), func(t *testing.T) {
			defer func(v bool) { continuingSets = v }(continuingSets)
			continuingSets = on
			var src []string
			var wants [][]string
			for i := range 20 {
				items := []string{cuisines[i%9]}
				if i%3 == 0 {
					items = append(items, cuisines[(i+4)%9])
				}
				if i%6 == 0 {
					items = append(items, cuisines[(i+2)%9])
				}
				wants = append(wants, items)
				var links []string
				for _, c := range items {
					links = append(links, fmt.Sprintf(`<a href="/c/%s">%s</a>`, strings.ToLower(c), c))
				}
				list := strings.Join(links, "<br>")
				if true {
					list += ` &middot; <a href="/p/">` + strings.Repeat("$", 1+i%4) + `</a>`
				}
				phone := ""
				if i%4 != 2 {
					phone = fmt.Sprintf(`<b>Phone:</b> 555.%03d.%04d<br>`, 100+i, 1000+37*i)
				}
				src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Place %c%c</h1><p class="info"><b>Cuisines:</b> %s<br><b>Area:</b> <a href="/a/%d">%s</a><br>%s<span>Open daily</span></p><p>Book a table.</p></body></html>`,
					'A'+i, 'a'+i, list, i%4, areas[i%4], phone))
			}
			pages := pagesOf(t, src, map[string][]string{"cuisine": known})
			s := testSOD([][3]string{{"name", "1", "name"}, {"cuisine", "+", "cuisine"}}, sod.One)
			dictionaryTypes(s, "cuisine", "name")
			w, err := Induce(pages, s, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			right := true
			for i, p := range pages {
				objs, _ := w.Extract(p)
				if len(objs) != 1 || fmt.Sprint(objs[0].Get("cuisine")) != fmt.Sprint(wants[i]) {
					right = false
					if on && len(objs) == 1 {
						t.Logf("%s: cuisine %q, want %q", p.Path, objs[0].Get("cuisine"), wants[i])
					}
				}
			}
			if !on {
				if right {
					t.Fatalf("right without continuing: the test shows nothing\n%s\nslots %+v", w.Template(), w.Slots())
				}
				return
			}
			if !right {
				t.Fatalf("wrong; template %s\nslots %+v", w.Template(), w.Slots())
			}
		})
	}
}
