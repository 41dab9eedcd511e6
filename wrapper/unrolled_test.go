package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestUnrolledLineupItem: the lineup's list opens with the headliner, whom
// the artists' dictionary knows on every page, while it knows few of the
// guests after it. CONSTTEMP gives the first item a role of its own (it is
// annotated, the others mostly not), a slot that repeats the heading's
// headliner page after page. It is still the list's first item: the lineup
// keeps it, beside the set of the others (unrolledPeers, keepUnrolled).
func TestUnrolledLineupItem(t *testing.T) {
	heads := []string{"Boneyard", "Violet Ghosts", "Cosmic Foxes", "Iron Prophets", "Paper Comets", "Hollow Kites"}
	known := append([]string(nil), heads...)
	for _, tc := range []struct {
		name string
		item func(string) string
	}{
		{"links", func(s string) string { return `<li><a href="/p">` + s + `</a></li>` }},
		{"spans", func(s string) string { return `<li><span>` + s + `</span></li>` }},
		{"plain", func(s string) string { return `<li>` + s + `</li>` }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var src []string
			var wants [][]string
			for i := range 18 {
				head := heads[i%len(heads)]
				its := []string{head}
				for j := range 1 + i%3 {
					g := fmt.Sprintf("%c%s Orchestra", 'A'+i, strings.Repeat(string(rune('a'+j)), 2+j))
					if (i+j)%5 == 0 {
						known = append(known, g)
					}
					its = append(its, g)
				}
				wants = append(wants, its)
				var ul strings.Builder
				for _, s := range its {
					ul.WriteString(tc.item(s))
				}
				src = append(src, fmt.Sprintf(`<html><body><div class="crumbs"><a href="/">Home</a> › <span>%s</span></div><h1>%s</h1>`+
					`<table><tr><td>Lineup:</td><td><ul>%s</ul></td></tr><tr><td>Date:</td><td>Show %d</td></tr></table><p>All sales are final.</p></body></html>`,
					head, head, ul.String(), i))
			}
			pages := pagesOf(t, src, map[string][]string{"band": known, "guests": known})
			s := testSOD([][3]string{{"band", "1", "band"}, {"guests", "+", "guests"}}, sod.One)
			dictionaryTypes(s, "band", "guests")
			s.Types["band"].Recognizer.Class = "artist"
			s.Types["guests"].Recognizer.Class = "artist"
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
					t.Fatalf("%s: guests %s, want %s; template %s; slots %+v", p.Path, got, wants[i], w.Template(), w.Slots())
				}
				if got := fmt.Sprint(objs[0].Get("band")); got != fmt.Sprint([]string{heads[i%len(heads)]}) {
					t.Fatalf("%s: band %s, want %s", p.Path, got, heads[i%len(heads)])
				}
			}
		})
	}
}

// TestUnrolledLineupItemShared: as above, but the headliner is written only
// as the list's first item, so the band field reads that slot: the lineup
// reads it as well (leadItems, sameKindSingles), since the template's
// markup makes it the list's first item whoever else reads it. Without
// that every page's lineup lost its headliner.
func TestUnrolledLineupItemShared(t *testing.T) {
	heads := []string{"Boneyard", "Violet Ghosts", "Cosmic Foxes", "Iron Prophets", "Paper Comets", "Hollow Kites"}
	known := append([]string(nil), heads...)
	var src []string
	var wants [][]string
	for i := range 18 {
		head := heads[i%len(heads)]
		its := []string{head}
		for j := range 1 + i%3 {
			g := fmt.Sprintf("%c%s Orchestra", 'A'+i, strings.Repeat(string(rune('a'+j)), 2+j))
			if (i+j)%5 == 0 {
				known = append(known, g)
			}
			its = append(its, g)
		}
		wants = append(wants, its)
		var ul strings.Builder
		for _, s := range its {
			ul.WriteString(`<li><a href="/p">` + s + `</a></li>`)
		}
		src = append(src, fmt.Sprintf(`<html><body><div class="crumbs"><a href="/">Home</a></div><h2>Tonight</h2>`+
			`<div>Featuring <ul>%s</ul></div><p>Date: Show %d</p><p>All sales are final.</p></body></html>`, ul.String(), i))
	}
	pages := pagesOf(t, src, map[string][]string{"band": known, "guests": known})
	s := testSOD([][3]string{{"band", "1", "band"}, {"guests", "+", "guests"}}, sod.One)
	dictionaryTypes(s, "band", "guests")
	s.Types["band"].Recognizer.Class = "artist"
	s.Types["guests"].Recognizer.Class = "artist"
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
			t.Fatalf("%s: guests %s, want %s; template %s; slots %+v", p.Path, got, wants[i], w.Template(), w.Slots())
		}
		if got := fmt.Sprint(objs[0].Get("band")); got != fmt.Sprint([]string{heads[i%len(heads)]}) {
			t.Fatalf("%s: band %s, want %s", p.Path, got, heads[i%len(heads)])
		}
	}
}

// TestUnrolledLineupRest: the list's unrolled first item stands right
// after a label naming the field ("Guests:"), and the dictionary knows
// only first items, so the field's candidate is that first item's slot; the set of the other items after it has the same
// markup and is read too (leadItems, restPeer). Without it every page's
// guests lost all their items but the first.
func TestUnrolledLineupRest(t *testing.T) {
	heads := []string{"Boneyard", "Violet Ghosts", "Cosmic Foxes", "Iron Prophets", "Paper Comets", "Hollow Kites"}
	kinds := []string{"Orchestra", "Quartet", "Trio", "Ensemble", "Revue"}
	var known []string
	var src []string
	var wants [][]string
	for i := range 30 {
		its := []string{fmt.Sprintf("%c%s Band", 'A'+i%26, strings.Repeat("o", 2+i/26+i%3))}
		for j := range (i * 7) % 4 {
			its = append(its, fmt.Sprintf("%c%s %s", 'A'+i%26, strings.Repeat(string(rune('a'+j)), 2+j), kinds[(i+j)%len(kinds)]))
		}
		if i%2 == 0 {
			known = append(known, its[0]) // the dictionary knows none of the others
		}
		wants = append(wants, its)
		var b strings.Builder
		for j, s := range its {
			if j > 0 {
				b.WriteString("<br>")
			}
			b.WriteString(`<span>` + s + `</span>`)
		}
		head := heads[i%len(heads)]
		src = append(src, fmt.Sprintf(`<html><body><h1>%s</h1><ul><li><span>Guests:</span>%s</li><li>Show %d</li></ul><p>All sales are final.</p></body></html>`,
			head, b.String(), i))
	}
	pages := pagesOf(t, src, map[string][]string{"band": heads, "guests": known})
	s := testSOD([][3]string{{"band", "1", "band"}, {"guests", "+", "guests"}}, sod.One)
	dictionaryTypes(s, "band", "guests")
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
			t.Fatalf("%s: guests %s, want %s; template %s; slots %+v", p.Path, got, wants[i], w.Template(), w.Slots())
		}
	}
}
