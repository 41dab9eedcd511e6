package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestNameNotItsBrandsSlot: the product dictionary knows a few whole
// names and, as entries of their own, the brands that begin them; the
// brand dictionary knows one brand. The "Made by" slot repeats the known
// brands page after page and gathers more name annotations than the
// title, whose known names appear once each: the brand's slot is a part
// of the title's value on every page, so the name keeps the title and
// the brand its own slot.
func TestNameNotItsBrandsSlot(t *testing.T) {
	brands := []string{"Korvel", "Kaito", "Strata", "Korvel", "Kaito"}
	models := []string{"G12I", "LU8500", "R-30", "M14H", "AOR-63", "Z270O", "SC56", "PI24", "EH-16", "QN74", "X360E", "FGI-9", "VO6500", "Y9000Q", "C-1600", "L6200G"}
	var src, names, makes []string
	for i, m := range models {
		b := brands[i%len(brands)]
		name := fmt.Sprintf("%s %s %d-inch LED TV", b, m, 40+5*(i%6))
		names, makes = append(names, name), append(makes, b)
		src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><h2><span>%s</span></h2><p><b>Made by:</b> <a href="/b">%s</a><br><b>SKU:</b> <span>%d</span></p><p>Ships in 2 days</p></body></html>`,
			name, b, 1000+37*i))
	}
	dict := map[string][]string{
		"name": {names[0], names[3], names[6], names[9], "Korvel", "Kaito"},
		"make": {"Strata"},
	}
	pages := pagesOf(t, src, dict)
	s := testSOD([][3]string{{"name", "1", "name"}, {"make", "1", "make"}}, sod.One)
	dictionaryTypes(s, "name", "make")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		if got, want := fmt.Sprint(objs[0].Get("name"), objs[0].Get("make")), fmt.Sprint([]string{names[i]}, []string{makes[i]}); got != want {
			t.Fatalf("%s: name, make %s, want %s; slots %+v", p.Path, got, want, w.Slots())
		}
	}
}
