package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestPlainListItems: the guests are a list of plain items,
// "<li>Name</li>", one to three per page. Their class holds two roles (the
// start and end tag of <li>), under SizeThres; repeatedPair keeps it, the
// list is a set and every item is a guest.
func TestPlainListItems(t *testing.T) {
	var src, known []string
	var wants [][]string
	for i := range 18 {
		var its []string
		for j := range 1 + i%3 {
			g := fmt.Sprintf("%c%s Orchestra", 'A'+i, strings.Repeat(string(rune('a'+j)), 2+j))
			if (i+j)%4 == 0 {
				known = append(known, g)
			}
			its = append(its, g)
		}
		wants = append(wants, its)
		src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><h1 data-or-type="name">Show %c%c</h1>`+
			`<div class="lineup"><ul><li>%s</li></ul></div><p>Doors open early</p></body></html>`, 'A'+i, 'a'+i, strings.Join(its, "</li><li>")))
	}
	pages := pagesOf(t, src, map[string][]string{"artist": known})
	s := testSOD([][3]string{{"name", "1", "name"}, {"guests", "*", "artist"}}, sod.One)
	dictionaryTypes(s, "artist", "name")
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if tm := w.Template().String(); !strings.Contains(tm, "{<li>") {
		t.Fatalf("the list is no set: %s", tm)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		if got := fmt.Sprint(objs[0].Get("guests")); got != fmt.Sprint(wants[i]) {
			t.Fatalf("%s: guests %s, want %s; template %s", p.Path, got, wants[i], w.Template())
		}
	}
}

// TestLabelledItemsNoPair: list items that open with a label ("Publisher:
// …", "Pages: …") are rows of several kinds, not items of one: their tag
// pair is no class (labelledIters).
func TestLabelledItemsNoPair(t *testing.T) {
	var src []string
	for i := range 12 {
		pages := ""
		if i%2 == 0 {
			pages = fmt.Sprintf("<li>Pages: %d</li>", 200+i)
		}
		src = append(src, fmt.Sprintf(`<html><body><h1>Book %c%c</h1><ul><li>Publisher: House %c</li><li>Language: English</li>%s</ul></body></html>`, 'A'+i, 'a'+i, 'A'+i, pages))
	}
	pages := pagesOf(t, src, nil)
	ps := newPaths()
	var toks [][]token
	for _, p := range pages {
		toks = append(toks, tokenize(p, ps))
	}
	e := newECGM(toks, DefaultOptions())
	for r := range e.base {
		if e.base[r].kind == KindStart && e.base[r].text == "li" {
			for q := range e.base {
				if e.base[q].kind == KindEnd && e.base[q].text == "li" && !e.labelledIters(int32(r), int32(q)) {
					t.Fatalf("labelled rows taken for a list's items")
				}
			}
		}
	}
}
