package wrapper

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// slotWith returns slot statistics holding, per sample page, the values
// given (one slice of values per page, nil for none).
func slotWith(pages ...[]string) *mapping.SlotStats {
	st := mapping.NewSlotStats()
	for pg, vs := range pages {
		for _, v := range vs {
			st.Occ++
			st.Values[v]++
			st.PerPage[pg]++
			if st.PerPage[pg] == 1 {
				st.FirstVal[pg] = v
			}
		}
	}
	return st
}

// keptSlots lists the slots of the candidates of field fi.
func keptSlots(cands []mapping.Cand, fi int) []int {
	var out []int
	for _, c := range cands {
		if c.Field == fi {
			out = append(out, c.Slot)
		}
	}
	return out
}

func TestDropCopies(t *testing.T) {
	artists := FieldSpec{Path: "headliner", Types: []string{"headliner"}, Dictionary: true, Class: "artist"}
	guests := FieldSpec{Path: "guests", Types: []string{"guests"}, Many: true, Dictionary: true, Class: "artist"}
	venue := FieldSpec{Path: "venue", Types: []string{"venue"}, Dictionary: true, Class: "venue"}
	heads := [][]string{{"Amara Sandoval"}, {"The Neon Giants"}, {"Static Rivers"}, {"Velvet Pilots"}}
	lineup := [][]string{{"Tender Comets", "Logan Greaves"}, nil, {"The Violet Strangers"}, {"Rhea Ellery"}}
	for _, tc := range []struct {
		name   string
		fields []FieldSpec
		stats  []*mapping.SlotStats
		want   []int // guests' slots kept
	}{
		{"heading repeats the breadcrumb's headliner", []FieldSpec{artists, guests},
			[]*mapping.SlotStats{slotWith(heads...), slotWith(heads...), slotWith(lineup...)}, []int{2}},
		{"a copy of another kind's slot stays", []FieldSpec{venue, guests},
			[]*mapping.SlotStats{slotWith(heads...), slotWith(heads...), slotWith(lineup...)}, []int{1, 2}},
		{"the same name on one page only", []FieldSpec{artists, guests},
			[]*mapping.SlotStats{slotWith(heads...), slotWith([]string{"Amara Sandoval"}, []string{"Oktober"}, []string{"Paper Daggers"}, []string{"Crimson Wolves"}), slotWith(lineup...)}, []int{1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cands := []mapping.Cand{{Field: 0, Slot: 0, Score: 3}, {Field: 1, Slot: 1, Score: 2}, {Field: 1, Slot: 2, Score: 1}}
			got := keptSlots(mapping.DropCopies(tc.fields, cands, tc.stats, 0.7), 1)
			if !slices.Equal(got, tc.want) {
				t.Fatalf("guests keep slots %v, want %v", got, tc.want)
			}
		})
	}
}

func TestDropOtherRecords(t *testing.T) {
	artist := FieldSpec{Path: "artist", Types: []string{"artist"}, Dictionary: true, Class: "artist"}
	guests := FieldSpec{Path: "guests", Types: []string{"guests"}, Many: true, Dictionary: true, Class: "artist"}
	when := FieldSpec{Path: "when", Types: []string{"when"}, Predefined: "date"}
	fields := []FieldSpec{artist, guests, when}
	annotated := func(typ string, n, of int) *mapping.SlotStats {
		st := mapping.NewSlotStats()
		st.Occ, st.AnnOcc, st.Types[typ] = of, n, n
		return st
	}
	for _, tc := range []struct {
		name string
		sets [][]int // slots 0 (artist), 1 (own lineup), 2 (sidebar names), 3 (sidebar dates)
		date *mapping.SlotStats
		want []int
	}{
		{"sidebar items carry the object's date", [][]int{nil, {1}, {2}, {2}}, annotated("when", 40, 40), []int{1}},
		{"dates outside the names' set", [][]int{nil, {1}, {2}, nil}, annotated("when", 40, 40), []int{1, 2}},
		{"few dates in the items", [][]int{nil, {1}, {2}, {2}}, annotated("when", 1, 40), []int{1, 2}},
		{"items mixing dates with other text", [][]int{nil, {1}, {2}, {2}}, func() *mapping.SlotStats {
			st := annotated("when", 10, 40)
			st.AnnOcc = 30
			return st
		}(), []int{1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stats := []*mapping.SlotStats{annotated("artist", 5, 20), annotated("guests", 4, 20), annotated("guests", 20, 60), tc.date}
			cands := []mapping.Cand{{Field: 0, Slot: 0}, {Field: 1, Slot: 1}, {Field: 1, Slot: 2}, {Field: 2, Slot: 3}}
			got := keptSlots(mapping.DropOtherRecords(fields, cands, stats, tc.sets, 2, 0.7), 1)
			if !slices.Equal(got, tc.want) {
				t.Fatalf("guests keep slots %v, want %v", got, tc.want)
			}
		})
	}
}

func TestDropOutnumbered(t *testing.T) {
	date := FieldSpec{Path: "show_date", Types: []string{"show_date"}, Predefined: "date"}
	tm := FieldSpec{Path: "showtime", Types: []string{"showtime"}, Predefined: "time", Optional: true}
	num := FieldSpec{Path: "jersey", Types: []string{"jersey"}, Regex: &RegexSpec{Pattern: `\b\d{1,2}\b`}}
	// lines returns date-slot statistics: n values, all dates, each
	// followed by text.
	lines := func(n int, text func(i int) string) *mapping.SlotStats {
		st := mapping.NewSlotStats()
		for i := range n {
			st.Occ++
			st.AnnOcc++
			st.Types["show_date"]++
			st.Values[text(i)]++
		}
		return st
	}
	withTime := func(i int) string { return fmt.Sprintf("Sat, Oct %d · %d:00pm", 10+i, 6+i%4) }
	dateOnly := func(i int) string { return fmt.Sprintf("Sat, Oct %d", 10+i) }
	for _, tc := range []struct {
		name  string
		field FieldSpec
		host  *mapping.SlotStats
		own   int // instances in the field's own slot
		keep  bool
	}{
		{"time beside the date on most lines, doors row on some", tm, lines(20, withTime), 9, false},
		{"the own slot holds more", tm, lines(20, withTime), 20, true},
		{"dates alone", tm, lines(20, dateOnly), 9, true},
		{"a number inside the date is no instance beside it", num, lines(20, dateOnly), 9, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fields := []FieldSpec{date, tc.field}
			valid := mapping.PredefinedRecognizers(fields)
			stats := []*mapping.SlotStats{tc.host, mapping.NewSlotStats()}
			cands := []mapping.Cand{{Field: 0, Slot: 0, Cnt: 20}, {Field: 1, Slot: 1, Cnt: tc.own}}
			got := len(keptSlots(mapping.DropOutnumbered(fields, cands, stats, valid, 0.7), 1)) == 1
			if got != tc.keep {
				t.Fatalf("own slot kept = %v, want %v", got, tc.keep)
			}
		})
	}
}

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

// TestDetailPlaceByLabel: a detail page's set field whose own place is a
// row a label naming it opens ("Support: A, B"), which the dictionary
// hardly knows, is placed there rather than in a slot where a few values
// are known names of another kind (a venue the artists' dictionary knows).
func TestDetailPlaceByLabel(t *testing.T) {
	acts := FieldSpec{Path: "supporting_acts", Name: "supporting_acts", Types: []string{"supporting_acts"}, Many: true}
	w := &Wrapper{fields: []FieldSpec{acts}}
	row := mapping.NewSlotStats() // "Support: …" on 9 pages, none annotated
	row.Occ = 9
	row.LabPages["support"] = map[int]bool{}
	for pg := range 9 {
		row.PerPage[pg] = 1
		row.LabPages["support"][pg] = true
	}
	venue := mapping.NewSlotStats() // venue names on 20 pages, 6 known as artists
	venue.Occ = 20
	venue.SomePages["supporting_acts"] = map[int]bool{}
	for pg := range 20 {
		venue.PerPage[pg] = 1
		if pg%3 == 0 {
			venue.SomePages["supporting_acts"][pg] = true
		}
	}
	stats := []*mapping.SlotStats{row, venue}
	cands := []mapping.Cand{{Field: 0, Slot: 0, Label: "support", Score: 10}, {Field: 0, Slot: 1, Score: 5}}
	if got := detailPlaces(w, cands, stats, nil)[0]; got != 0 {
		t.Fatalf("place %d, want the labelled row (0)", got)
	}
}

// TestDropOtherRecordsLastCandidate: a sidebar slot that is a set field's
// only candidate is dropped when the field is optional and kept when it is
// mandatory (dropping it would stop the induction).
func TestDropOtherRecordsLastCandidate(t *testing.T) {
	when := FieldSpec{Path: "when", Types: []string{"when"}, Predefined: "date"}
	annotated := func(typ string, n, of int) *mapping.SlotStats {
		st := mapping.NewSlotStats()
		st.Occ, st.AnnOcc, st.Types[typ] = of, n, n
		return st
	}
	stats := []*mapping.SlotStats{annotated("authors", 20, 60), annotated("when", 40, 40)}
	sets := [][]int{{0}, {0}}
	for _, optional := range []bool{true, false} {
		authors := FieldSpec{Path: "authors", Types: []string{"authors"}, Many: true, Optional: optional}
		fields := []FieldSpec{authors, when}
		cands := []mapping.Cand{{Field: 0, Slot: 0}, {Field: 1, Slot: 1}}
		kept := len(keptSlots(mapping.DropOtherRecords(fields, cands, stats, sets, 2, 0.7), 0)) == 1
		if kept == optional {
			t.Fatalf("optional %v: sidebar candidate kept = %v", optional, kept)
		}
	}
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
