package mapping

import (
	"fmt"
	"math"
	"testing"
)

// TestVariationDraws: in record mode a patterned field's slot is measured
// over as many draws as the sample pages it is filled on (VariationFor).
// A row on every record holding a few times (8 values, 160 records on 20
// pages) weighs as much as an optional row of the same times filled half
// as often; a constant repeated in every record still weighs 0; a
// dictionary field, and any slot without Draws (a detail page's), is
// measured over the occurrences, as before.
func TestVariationDraws(t *testing.T) {
	slot := func(occ, distinct, draws int) *slotStats {
		st := NewSlotStats()
		for i := 0; i < occ; i++ {
			st.Values[fmt.Sprintf("%d:00pm", 5+i%distinct)]++
		}
		st.Occ, st.Draws = occ, draws
		return st
	}
	showtime := FieldSpec{Path: "showtime", Predefined: "time"}
	venue := FieldSpec{Path: "venue", Dictionary: true}
	every, optional := slot(160, 8, 20), slot(80, 8, 20)
	if ve, vo := every.VariationFor(showtime), optional.VariationFor(showtime); ve < vo || ve < 0.99 {
		t.Errorf("a row on every record of 8 times: variation %.3f, an optional row of them %.3f: want both 1", ve, vo)
	}
	if v := slot(160, 1, 20).VariationFor(showtime); v != 0 {
		t.Errorf("a constant in every record: variation %.3f, want 0", v)
	}
	want := 7 / (0.25 * 160)
	if v := slot(160, 8, 0).VariationFor(showtime); math.Abs(v-want) > 1e-9 {
		t.Errorf("without Draws: variation %.4f, want %.4f (distinct values against the occurrences)", v, want)
	}
	if v := every.VariationFor(venue); math.Abs(v-want) > 1e-9 {
		t.Errorf("a dictionary field: variation %.4f, want %.4f (distinct values against the occurrences)", v, want)
	}
	if v := slot(20, 20, 20).VariationFor(showtime); v != 1 {
		t.Errorf("one value per page, all distinct: variation %.3f, want 1", v)
	}
	// rarefied: two values of 10 occurrences each, 2 draws: 1 + 1 - 2·C(10,2)/C(20,2).
	if e, want := rarefied(map[string]int{"a": 10, "b": 10}, 20, 2), 2-2*45.0/190; math.Abs(e-want) > 1e-9 {
		t.Errorf("rarefied = %.4f, want %.4f", e, want)
	}
}
