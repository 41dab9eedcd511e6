package mapping

import (
	"fmt"
	"slices"

	"testing"
)

// slotWith returns slot statistics holding, per sample page, the values
// given (one slice of values per page, nil for none).
func slotWith(pages ...[]string) *slotStats {
	st := NewSlotStats()
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
func keptSlots(cands []cand, fi int) []int {
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
		stats  []*slotStats
		want   []int // guests' slots kept
	}{
		{"heading repeats the breadcrumb's headliner", []FieldSpec{artists, guests},
			[]*slotStats{slotWith(heads...), slotWith(heads...), slotWith(lineup...)}, []int{2}},
		{"a copy of another kind's slot stays", []FieldSpec{venue, guests},
			[]*slotStats{slotWith(heads...), slotWith(heads...), slotWith(lineup...)}, []int{1, 2}},
		{"the same name on one page only", []FieldSpec{artists, guests},
			[]*slotStats{slotWith(heads...), slotWith([]string{"Amara Sandoval"}, []string{"Oktober"}, []string{"Paper Daggers"}, []string{"Crimson Wolves"}), slotWith(lineup...)}, []int{1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cands := []cand{{Field: 0, Slot: 0, Score: 3}, {Field: 1, Slot: 1, Score: 2}, {Field: 1, Slot: 2, Score: 1}}
			got := keptSlots(dropCopies(tc.fields, cands, tc.stats, 0.7), 1)
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
	annotated := func(typ string, n, of int) *slotStats {
		st := NewSlotStats()
		st.Occ, st.AnnOcc, st.Types[typ] = of, n, n
		return st
	}
	for _, tc := range []struct {
		name string
		sets [][]int // slots 0 (artist), 1 (own lineup), 2 (sidebar names), 3 (sidebar dates)
		date *slotStats
		want []int
	}{
		{"sidebar items carry the object's date", [][]int{nil, {1}, {2}, {2}}, annotated("when", 40, 40), []int{1}},
		{"dates outside the names' set", [][]int{nil, {1}, {2}, nil}, annotated("when", 40, 40), []int{1, 2}},
		{"few dates in the items", [][]int{nil, {1}, {2}, {2}}, annotated("when", 1, 40), []int{1, 2}},
		{"items mixing dates with other text", [][]int{nil, {1}, {2}, {2}}, func() *slotStats {
			st := annotated("when", 10, 40)
			st.AnnOcc = 30
			return st
		}(), []int{1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stats := []*slotStats{annotated("artist", 5, 20), annotated("guests", 4, 20), annotated("guests", 20, 60), tc.date}
			cands := []cand{{Field: 0, Slot: 0}, {Field: 1, Slot: 1}, {Field: 1, Slot: 2}, {Field: 2, Slot: 3}}
			got := keptSlots(dropOtherRecords(fields, cands, stats, tc.sets, 2, 0.7), 1)
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
	lines := func(n int, text func(i int) string) *slotStats {
		st := NewSlotStats()
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
		host  *slotStats
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
			valid := predefinedRecognizers(fields)
			stats := []*slotStats{tc.host, NewSlotStats()}
			cands := []cand{{Field: 0, Slot: 0, Cnt: 20}, {Field: 1, Slot: 1, Cnt: tc.own}}
			got := len(keptSlots(dropOutnumbered(fields, cands, stats, valid, 0.7), 1)) == 1
			if got != tc.keep {
				t.Fatalf("own slot kept = %v, want %v", got, tc.keep)
			}
		})
	}
}

// TestDetailPlaceByLabel: a detail page's set field whose own place is a
// row a label naming it opens ("Support: A, B"), which the dictionary
// hardly knows, is placed there rather than in a slot where a few values
// are known names of another kind (a venue the artists' dictionary knows).
func TestDetailPlaceByLabel(t *testing.T) {
	acts := FieldSpec{Path: "supporting_acts", Name: "supporting_acts", Types: []string{"supporting_acts"}, Many: true}
	w := &State{FieldSpecs: []FieldSpec{acts}}
	row := NewSlotStats() // "Support: …" on 9 pages, none annotated
	row.Occ = 9
	row.LabPages["support"] = map[int]bool{}
	for pg := range 9 {
		row.PerPage[pg] = 1
		row.LabPages["support"][pg] = true
	}
	venue := NewSlotStats() // venue names on 20 pages, 6 known as artists
	venue.Occ = 20
	venue.SomePages["supporting_acts"] = map[int]bool{}
	for pg := range 20 {
		venue.PerPage[pg] = 1
		if pg%3 == 0 {
			venue.SomePages["supporting_acts"][pg] = true
		}
	}
	stats := []*slotStats{row, venue}
	cands := []cand{{Field: 0, Slot: 0, Label: "support", Score: 10}, {Field: 0, Slot: 1, Score: 5}}
	if got := detailPlaces(w, cands, stats, nil)[0]; got != 0 {
		t.Fatalf("place %d, want the labelled row (0)", got)
	}
}

// TestDropOtherRecordsLastCandidate: a sidebar slot that is a set field's
// only candidate is dropped when the field is optional and kept when it is
// mandatory (dropping it would stop the induction).
func TestDropOtherRecordsLastCandidate(t *testing.T) {
	when := FieldSpec{Path: "when", Types: []string{"when"}, Predefined: "date"}
	annotated := func(typ string, n, of int) *slotStats {
		st := NewSlotStats()
		st.Occ, st.AnnOcc, st.Types[typ] = of, n, n
		return st
	}
	stats := []*slotStats{annotated("authors", 20, 60), annotated("when", 40, 40)}
	sets := [][]int{{0}, {0}}
	for _, optional := range []bool{true, false} {
		authors := FieldSpec{Path: "authors", Types: []string{"authors"}, Many: true, Optional: optional}
		fields := []FieldSpec{authors, when}
		cands := []cand{{Field: 0, Slot: 0}, {Field: 1, Slot: 1}}
		kept := len(keptSlots(dropOtherRecords(fields, cands, stats, sets, 2, 0.7), 0)) == 1
		if kept == optional {
			t.Fatalf("optional %v: sidebar candidate kept = %v", optional, kept)
		}
	}
}
