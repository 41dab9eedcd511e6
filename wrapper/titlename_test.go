package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// showPages builds 20 detail pages of shows: the title and an <h1> name
// the act, a paragraph the venue (from a pool of five), a "Featuring"
// line a guest and an advertisement another act (from a pool of four, all
// known to the artist dictionary). The artist dictionary, shared by act
// and guests, knows the heading's act on the pages where knownAct(i)
// holds; the venue dictionary knows it where venueAct(i) holds, and knows
// the venue on every other page.
func showPages(t *testing.T, knownAct, venueAct func(int) bool) (*sod.SOD, []*annotate.Page, []string) {
	t.Helper()
	marks := map[string][]string{}
	mark := func(lit string, types ...string) {
		for _, ty := range types {
			marks[ty] = append(marks[ty], lit)
		}
	}
	venues := []string{"Harbor Hall", "Old Mill Theatre", "Copper Tavern", "Union Stage", "Lakeside Club"}
	ads := []string{"Golden Comets", "Static Horses", "Quiet Owls", "Neon Saints"}
	for _, a := range ads {
		mark(a, "act", "guests")
	}
	for i, v := range venues {
		if i%2 == 0 {
			mark(v, "venue")
		}
	}
	acts := []string{"Velvet Mirrors", "Rusty Lanterns", "Crystal Giants", "Wild Foxes", "Paper Kites", "Mireille Van der Berg", "Oktober",
		"The Marchand Trio", "Atomic Prophets", "Gentle Lions", "Lena Dunmore", "Savage Wolves", "Emeric & the Owls", "Tender Saints",
		"DJ Juniper", "Harriet Valdes", "Broken Sparrows", "Nimbus", "The Quiet Satellites", "Greta Fontaine Sr."}
	var src, want []string
	for i := range 20 {
		act := acts[i]
		guest := fmt.Sprintf("DJ Guest %d", 100+i)
		want = append(want, act)
		if knownAct(i) {
			mark(act, "act", "guests")
		}
		if venueAct(i) {
			mark(act, "venue")
		}
		if i%3 == 0 {
			mark(guest, "act", "guests")
		}
		src = append(src, fmt.Sprintf(`<html><head><title>%s | Shows</title></head><body><div class="crumb"><a href="/">Home</a> &gt; <span>%s</span></div><h1>%s</h1><p class="venue"><b>%s</b></p><p>Featuring: <a>%s</a></p><p>Doors at %d pm</p><div class="ad"><span>Advertisement</span><p><a>%s</a> now only $%d</p></div></body></html>`,
			act, act, act, venues[i%5], guest, 6+i%4, ads[i%4], 20+i))
	}
	pages := pagesOf(t, src, marks)
	s := testSOD([][3]string{{"act", "1", "act"}, {"guests", "*", "guests"}, {"venue", "1", "venue"}}, sod.One)
	dictionaryTypes(s, "act", "guests", "venue")
	s.Walk(func(_ []string, f *sod.Field) bool {
		if f.Type.Name == "guests" {
			f.Type.Recognizer.Class = "act" // one artist dictionary for both
		}
		return true
	})
	return s, pages, want
}

// TestTitledShowAct: the act of a show page's heading, which the title
// names, against an advertisement naming acts the artist dictionary
// knows on every page, and a venue dictionary that knows as many of the
// heading's names as the artist dictionary does, or more. The heading is
// the act's with titled names.
func TestTitledShowAct(t *testing.T) {
	every := func(n, r int) func(int) bool { return func(i int) bool { return i%n == r } }
	cases := []struct {
		name               string
		knownAct, venueAct func(int) bool
		titled             bool
		right              bool
	}{
		{"artist=venue/off", every(10, 0), every(10, 3), false, false},
		{"artist=venue/on", every(10, 0), every(10, 3), true, true},
		{"artist<venue/off", every(20, 0), every(10, 3), false, false},
		{"artist<venue/on", every(20, 0), every(10, 3), true, true},
		{"artist>venue/on", every(5, 0), every(10, 3), true, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			defer func(v bool) { mapping.TitledNames = v }(mapping.TitledNames)
			mapping.TitledNames = tc.titled
			s, pages, want := showPages(t, tc.knownAct, tc.venueAct)
			w, err := Induce(pages, s, DefaultOptions())
			right := err == nil
			got := ""
			for i, p := range pages {
				if !right {
					break
				}
				objs, _ := w.Extract(p)
				if right = len(objs) == 1 && fmt.Sprint(objs[0].Get("act")) == fmt.Sprint([]string{want[i]}); !right && len(objs) == 1 {
					got = fmt.Sprint(objs[0].Get("act"))
				}
			}
			if right != tc.right {
				t.Fatalf("act right = %v, want %v (err %v, got %s on a page)\n%s\n%+v", right, tc.right, err, got, w.Template(), w.Slots())
			}
		})
	}
}
