package wrapper

import (
	"fmt"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestRestOfSharedNode: a name and a date written in one text node
// ("Midriver Publishing (March 3, 1991)", either of them missing on some
// pages). The date's recognizer finds it wherever it is, so the date's
// field takes the slot; the name's dictionary knows few names, and knows
// a menu entry on every page too. The rest of the node beside the date is
// the name's, weighed as a slot of its own (restslots.go): by the
// dictionary's annotations there (another field's dictionary knowing a
// name is that field's noise, as it has its own slot), or, with a single
// annotation, under a label naming the field. A rest that the field's
// types never annotate (an edition beside the date) is not the field's.
func TestRestOfSharedNode(t *testing.T) {
	first := []string{"Midriver", "Thornbury", "Saltmarsh", "Lanternfish", "Quillon"}
	second := []string{"Publishing", "House", "Media", "Group"}
	var pubs []string
	for i := range 20 {
		pubs = append(pubs, first[i%5]+" "+second[(i/5)%4])
	}
	editions := []string{"Hardcover", "Paperback", "Audio CD"}
	months := []string{"March", "May", "July", "October"}
	authors := []string{"Emeric Tillman", "Naomi Ishikawa", "Sofia Delacroix"}
	cases := []struct {
		name, label, field string
		date               string   // the date's field
		edition            bool     // the rest is an edition, no name
		pubDict, authDict  []string // what the dictionaries know beside the menu entry and the authors
	}{
		{name: "dictionary", field: "publisher", date: "released", pubDict: []string{pubs[0], pubs[2], pubs[4]}, authDict: []string{pubs[6], pubs[8]}},
		{name: "label", label: "Published by", field: "imprint", date: "pub_date", pubDict: []string{pubs[0]}},
		{name: "edition", field: "publisher", date: "released", edition: true, pubDict: []string{pubs[0]}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var pages []*annotate.Page
			var wantPub, wantDate []string
			for i := range 20 {
				name := pubs[i]
				if tc.edition {
					name = editions[i%3]
				}
				date := fmt.Sprintf("%s %d, %d", months[i%4], 1+i, 1988+i)
				value := name + " (" + date + ")"
				switch i % 4 {
				case 1:
					name, value = "", "("+date+")"
				case 3:
					date, value = "", name
				}
				if tc.edition {
					name = ""
				}
				wantPub, wantDate = append(wantPub, name), append(wantDate, date)
				label := ""
				if tc.label != "" {
					label = "<span>" + tc.label + "</span> "
				}
				src := fmt.Sprintf(`<html><body><ul><li><a href="/">Home</a></li><li><a href="/c">Gift Cards</a></li></ul>`+
					`<h1>Book Number %d</h1><div><span>By</span> <span>%s</span></div>`+
					`<div>%s<span>%s</span></div><p>Ships in two days</p></body></html>`, i, authors[i%3], label, value)
				marks := map[string][]string{
					"title":  {fmt.Sprintf("Book Number %d", i)},
					tc.field: append([]string{"Gift Cards"}, tc.pubDict...),
					"author": append(append([]string{}, authors...), tc.authDict...),
				}
				pages = append(pages, pagetest.Marked(t, fmt.Sprintf("p%02d.html", i), src, marks))
			}
			s := testSOD([][3]string{{"title", "1", "title"}, {"author", "1", "author"}, {tc.field, "?", tc.field}, {tc.date, "?", "date"}}, sod.One)
			dictionaryTypes(s, "title", "author", tc.field)
			s.Types[tc.field].Recognizer.Class = "publisher"
			annotatePatterns(t, pages, map[string]string{"date": "date"})
			w, err := Induce(pages, s, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range pages {
				objs, err := w.Extract(p)
				if err != nil || len(objs) != 1 {
					t.Fatalf("%s: %d objects, err %v", p.Path, len(objs), err)
				}
				got := fmt.Sprintf("%q %q", objs[0].Get(tc.field), objs[0].Get(tc.date))
				var wp, wd []string
				if wantPub[i] != "" {
					wp = []string{wantPub[i]}
				}
				if wantDate[i] != "" {
					wd = []string{wantDate[i]}
				}
				if want := fmt.Sprintf("%q %q", wp, wd); got != want {
					t.Fatalf("%s: got %s, want %s; template %s; slots %+v", p.Path, got, want, w.Template(), w.Slots())
				}
			}
		})
	}
}
