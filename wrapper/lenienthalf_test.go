package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestLenientHalf: a detail SOD with two mandatory fields, of which one
// (company) is annotated on two sample pages only, in different places: it
// has no consistent slot. The run stopped ("mandatory field has no
// consistent slot") though the other mandatory field and the optional one
// were placed (a newcomer's job SOD on a real site, issue 20). With half
// of the mandatory fields placed the field is now dropped (no slot, its
// objects incomplete), as with one missing of three.
func TestLenientHalf(t *testing.T) {
	var src, companies []string
	for i := range 20 {
		extra := ""
		switch i {
		case 3:
			extra = `<p class="a">We hire for Acme Holdings and many more firms in the region this season</p>`
			companies = append(companies, "Acme Holdings")
		case 11:
			extra = `<div class="b"><span>Apply with Borealis Group or other employers of the county today</span></div>`
			companies = append(companies, "Borealis Group")
		}
		src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><h1 data-or-type="name">Job %c%c</h1>%s
<ul><li>City: <span data-or-type="city">Town %c</span></li><li>Pay: good</li></ul><p>Apply today</p></body></html>`, 'A'+i, 'a'+i, extra, 'A'+i))
	}
	pages := pagesOf(t, src, map[string][]string{"company": companies})
	s := testSOD([][3]string{{"name", "1", "name"}, {"company", "1", "company"}, {"city", "?", "city"}}, sod.One)
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatalf("stopped: %v", err)
	}
	for _, sm := range w.Slots() {
		if sm.Field == "company" {
			t.Fatalf("company has slot %d", sm.Slot)
		}
	}
	objs, _ := w.Extract(pages[0])
	if len(objs) != 1 || objs[0].Get("name") == nil {
		t.Fatalf("objects %v; slots %+v", objs, w.Slots())
	}
}
