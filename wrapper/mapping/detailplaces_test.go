package mapping

import "testing"

// headingStats is a detail page slot whose values rotate among headings,
// with f's annotations (type "position") on pages texts of it.
func headingStats(values map[string]int, annotated map[string]int, full int) *slotStats {
	st := NewSlotStats()
	for v, k := range values {
		st.Values[v] = k
		st.Occ += k
	}
	for v, k := range annotated {
		st.Types["position"] += k
		if st.TypeVals["position"] == nil {
			st.TypeVals["position"] = map[string]bool{}
		}
		st.TypeVals["position"][v] = true
	}
	st.Full["position"] = full
	return st
}

// TestHeadingWord: a field's annotations that all fall on one text of a
// detail page's slot, which the field's types do not cover wholly (the
// dictionary's "More" in "More information"), are a heading's word: no
// candidate (OneText 0). A whole instance on one text keeps the milder
// oneTextPenalty (a sparse dictionary that knows one position), and so
// does a slot a label naming the field nominated.
func TestHeadingWord(t *testing.T) {
	headings := map[string]int{"More information": 4, "Details": 5, "Specifications": 6, "Information": 5}
	positions := map[string]int{"Third Base": 3, "Shortstop": 5, "Catcher": 4}
	f := FieldSpec{Path: "position", Types: []string{"position"}}
	w := &State{FieldSpecs: []FieldSpec{f}}
	for _, c := range []struct {
		name    string
		st      *slotStats
		basis   string
		heading bool
		oneText float64
	}{
		{"a heading's word", headingStats(headings, map[string]int{"More information": 4}, 0), "annotations", true, 0},
		{"one whole value", headingStats(positions, map[string]int{"Third Base": 3}, 3), "annotations", false, oneTextPenalty},
		{"two texts", headingStats(positions, map[string]int{"Third Base": 3, "Catcher": 2}, 0), "annotations", false, 1},
		{"one page only", headingStats(headings, map[string]int{"More information": 1}, 0), "annotations", false, 1},
		{"nominated by a label", headingStats(headings, map[string]int{"More information": 4}, 0), "label", true, oneTextPenalty},
	} {
		if got := headingWord(c.st, FieldSpec{Path: "positions", Types: f.Types, Many: true}); got {
			t.Errorf("%s: headingWord of a set field", c.name)
		}
		if got := headingWord(c.st, f); got != c.heading {
			t.Errorf("%s: headingWord %v, want %v", c.name, got, c.heading)
		}
		sc := w.slotScore(c.st, 0, c.basis, 4, "", nil, 0, 20, true, false)
		if sc.OneText != c.oneText || c.oneText == 0 && sc.Total() != 0 {
			t.Errorf("%s: OneText %v total %v, want %v", c.name, sc.OneText, sc.Total(), c.oneText)
		}
		// Not on list pages: a heading is judged on detail pages only.
		if sc := w.slotScore(c.st, 0, c.basis, 4, "", nil, 0, 20, false, false); sc.OneText != 1 {
			t.Errorf("%s: list page OneText %v", c.name, sc.OneText)
		}
	}
}

// TestSetPlaceLocality: a detail page's set field takes its place inside
// the object's region (the "A & B" line-up the dictionary knows on two
// pages) over an ad's act outside it known on eight, and the outside slot
// only when the region holds no candidate.
func TestSetPlaceLocality(t *testing.T) {
	pages := func(n int) *slotStats {
		st := NewSlotStats()
		st.SomePages["artist"] = map[int]bool{}
		st.SomeVals["artist"] = map[string]int{}
		for pg := 0; pg < n; pg++ {
			st.SomePages["artist"][pg] = true
			st.SomeVals["artist"][string(rune('a'+pg))] = 1
			st.PerPage[pg] = 1
			st.Occ++
		}
		return st
	}
	fields := []FieldSpec{{Path: "band", Types: []string{"artist"}}, {Path: "performers", Types: []string{"artist"}, Many: true}}
	w := &State{FieldSpecs: fields}
	stats := []*slotStats{pages(10), pages(2), pages(8)} // band's, the line-up, the ad
	mk := func(field, slot int, outside bool) cand {
		sc := newScore("annotations", float64(stats[slot].Occ))
		if outside {
			sc.Locality = OutsidePenalty
		}
		return cand{Field: field, Slot: slot, Sc: sc, Score: sc.Total()}
	}
	for _, c := range []struct {
		name  string
		cands []cand
		want  int
	}{
		{"inside over outside", []cand{mk(0, 0, false), mk(1, 2, true), mk(1, 1, false)}, 1},
		{"outside alone", []cand{mk(0, 0, false), mk(1, 2, true)}, 2},
		{"no region: most pages", []cand{mk(0, 0, false), mk(1, 2, false), mk(1, 1, false)}, 2},
	} {
		if got := detailPlaces(w, c.cands, stats, map[int]bool{0: true})[1]; got != c.want {
			t.Errorf("%s: place %d, want %d", c.name, got, c.want)
		}
	}
}
