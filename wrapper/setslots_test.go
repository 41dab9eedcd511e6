package wrapper

import (
	"fmt"

	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestAmpersandBesideOneKnownName: a lineup written as plain text ("with
// Iron Rivers, The Paper Comets & Boneyard") where the dictionary knows a
// few names only. "&" between a known name and a capitalised word, on two
// pages or more, separates items, as a short lower-case word does.
func TestAmpersandBesideOneKnownName(t *testing.T) {
	known := []string{"Iron Rivers", "Elena Ortega", "Cyrus Talbot"}
	unknown := []string{"The Paper Comets", "Boneyard", "Gentle Kites", "Solenne", "Wild Harbors"}
	var src []string
	var wants [][]string
	for i := range 14 {
		items := []string{known[i%3], unknown[i%5]}
		if i%2 == 1 {
			items = []string{known[i%3], unknown[(i+2)%5], unknown[i%5]}
		}
		if i%4 == 2 {
			items = items[:1]
		}
		text := items[0]
		if len(items) > 1 {
			text = strings.Join(items[:len(items)-1], ", ") + " &amp; " + items[len(items)-1]
		}
		wants = append(wants, items)
		src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="name">Show %c%c</h1><div class="with">with %s</div><p>Doors open early</p></body></html>`, 'A'+i, 'a'+i, text))
	}
	checkGuests(t, src, known, wants)
}

// TestDetailPlaceNotASingleFieldsSlot: the artists' dictionary knows a few
// venue names, so the venue row (labelled, the venue's slot) touches the
// guests' type on more pages than the guests' own line, a plain-text list
// the dictionary hardly knows. The venue field takes its row first; the
// guests' one place is chosen among the slots left free.
func TestDetailPlaceNotASingleFieldsSlot(t *testing.T) {
	bands := []string{"Iron Rivers", "Static Saints", "Cosmic Foxes", "Paper Kites", "Velvet Owls", "Lucky Engines", "Northern Prophets"}
	guests := []string{"Elena Ortega", "The Quiet Rivers", "Boneyard", "Gentle Kites", "Solenne", "Wild Harbors", "Cyrus Talbot", "Tender Wolves", "Hollow Saints"}
	venues := []string{"Crescent Hall", "The Echo Room", "Granada Tavern", "Harbor Lights", "Lakeside Ballroom", "Starlight Theatre", "Union Hall", "Magnolia Hall"}
	marks := map[string][]string{
		"band":   {"Iron Rivers", "Elena Ortega", "The Echo Room", "Harbor Lights", "Starlight Theatre"},
		"guests": {"Iron Rivers", "Elena Ortega", "The Echo Room", "Harbor Lights", "Starlight Theatre"},
		"venue":  {"Crescent Hall"},
	}
	var src []string
	var wants [][]string
	for i := range 16 {
		line, want := "", []string(nil)
		if i%4 != 3 {
			want = []string{guests[i%9]}
			if i%3 == 1 {
				want = append(want, guests[(i+4)%9])
			}
			line = `<p class="with">` + strings.Join(want, ", ") + `</p>`
		}
		wants = append(wants, want)
		src = append(src, fmt.Sprintf(`<html><head><title>%s | Shows</title></head><body><div class="nav">Home</div><h1>%s</h1>%s<table><tr><td>Date</td><td data-or-type="date">Oct %d</td></tr><tr><td>Doors</td><td>%d pm</td></tr><tr><td>Ages</td><td>%d+</td></tr><tr><td>Venue</td><td><b>%s</b></td></tr></table><p>Doors open early</p></body></html>`,
			bands[i%7], bands[i%7], line, i+1, 5+i%4, 16+i%6, venues[i%8]))
	}
	pages := pagesOf(t, src, marks)
	s := testSOD([][3]string{{"band", "1", "band"}, {"guests", "*", "guests"}, {"date", "1", "date"}, {"venue", "1", "venue"}}, sod.One)
	dictionaryTypes(s, "band", "guests", "venue")
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
		if got, want := fmt.Sprint(objs[0].Get("guests")), fmt.Sprint(wants[i]); got != want && !(got == "<nil>" && len(wants[i]) == 0) {
			t.Fatalf("%s: guests %s, want %s; slots %+v", p.Path, got, want, w.Slots())
		}
	}
}

// TestExplainedByTwoFieldsOfOneClass: the artists' dictionary, shared by
// the headliner and the guests, knows some venue names as well as the
// venue dictionary knows others. Each value it knows carries both fields'
// types; both fields have their own slots, so those values are explained
// away and the venue takes its slot, also as the field of a single nested
// tuple (where = {venue}).
func TestExplainedByTwoFieldsOfOneClass(t *testing.T) {
	venues := []string{"Crescent Hall", "The Echo Room", "Granada Tavern", "Harbor Lights", "Lakeside Ballroom", "Starlight Theatre", "Union Hall", "Magnolia Pavilion"}
	asArtists := []string{"The Echo Room", "Harbor Lights", "Starlight Theatre"}
	var src []string
	for i := range 16 {
		guests := ""
		if i%3 != 2 {
			guests = fmt.Sprintf(`<p class="with" data-or-type="guests">Guest Act %c%c</p>`, 'A'+i, 'a'+i)
		}
		src = append(src, fmt.Sprintf(`<html><body><div class="nav">Home</div><h1 data-or-type="band">Band %c%c</h1>%s<div class="v"><a href="/v">%s</a></div><p>Doors open early</p></body></html>`,
			'A'+i, 'a'+i, guests, venues[i%8]))
	}
	for _, tc := range []struct {
		name, path string
		fields     [][3]string
	}{
		{"root field", "venue", [][3]string{{"band", "1", "band"}, {"guests", "*", "guests"}, {"venue", "1", "venue"}}},
		{"single nested tuple", "where.venue", [][3]string{{"band", "1", "band"}, {"guests", "*", "guests"}, {"where", "1", "tuple"}, {"where.venue", "1", "venue"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pages := pagesOf(t, src, map[string][]string{"band": asArtists, "guests": asArtists, "venue": {"Crescent Hall", "Granada Tavern", "Union Hall"}})
			s := testSOD(tc.fields, sod.One)
			dictionaryTypes(s, "band", "guests", "venue")
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
				if got := fmt.Sprint(objs[0].Get(tc.path)); got != fmt.Sprint([]string{venues[i%8]}) {
					t.Fatalf("%s: venue %s, want %s; slots %+v", p.Path, got, venues[i%8], w.Slots())
				}
			}
		})
	}
}

// TestOutnumberedBesideDate: the show's time follows the date in the date's
// row on most pages ("2017-10-17 · 9:00p"), the date alone on the others,
// so that few of the row's values are wholly a date; an optional "Doors"
// row holds another time on fewer pages. The time is the date row's part,
// not the doors' (dropOutnumbered counts the row's values in which the
// date's pattern finds an instance).
func TestOutnumberedBesideDate(t *testing.T) {
	var srcs, times []string
	for i := range 12 {
		date := fmt.Sprintf("2017-%02d-%02d", 1+i%12, 3+i)
		when, time := date, ""
		if i%3 != 2 {
			time = fmt.Sprintf("%d:%02dp", 7+i%3, 30*(i%2))
			when = date + " · " + time
		}
		doors := `<div><b>Doors:</b> <span>TBA</span></div>`
		if i%2 == 0 {
			doors = fmt.Sprintf(`<div><b>Doors:</b> <span>%d:00p</span></div>`, 5+i%4)
		}
		srcs = append(srcs, fmt.Sprintf(`<html><body><h1 data-or-type="title">Show Number %d</h1>`+
			`<div><b>Date:</b> <span>%s</span></div>%s`+
			`<div><b>Ages:</b> <span>All ages</span></div></body></html>`, i, when, doors))
		times = append(times, time)
	}
	pages := pagesOf(t, srcs, nil)
	s := testSOD([][3]string{{"title", "1", "title"}, {"show_date", "1", "date"}, {"at", "?", "time"}}, sod.One)
	dictionaryTypes(s, "title")
	annotatePatterns(t, pages, map[string]string{"date": "date", "time": "time"})
	w, err := Induce(pages, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects", p.Path, len(objs))
		}
		var want []string
		if times[i] != "" {
			want = []string{times[i]}
		}
		if got := objs[0].Get("at"); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s: time %q, want %q; template %s", p.Path, got, want, w.Template())
		}
	}
}

// checkGuests induces a wrapper for {name, guests*} (guests from the
// artist dictionary, which knows known) on detail pages src and checks
// every page's guests against wants.
func checkGuests(t *testing.T, src, known []string, wants [][]string) {
	t.Helper()
	pages := pagesOf(t, src, map[string][]string{"artist": known})
	s := testSOD([][3]string{{"name", "1", "name"}, {"guests", "*", "artist"}}, sod.One)
	dictionaryTypes(s, "artist", "name")
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
			t.Fatalf("%s: guests %s, want %q; slots %+v", p.Path, got, wants[i], w.Slots())
		}
	}
}
