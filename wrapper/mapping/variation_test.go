package mapping

import (
	"fmt"
	"testing"
)

// TestPageVariation: on list pages a slot is filled once per record. Two
// rows of times ("Starts", on every record, and an optional "Doors open")
// show the same few values; counted per record, the row on every record
// would weigh less only because it is filled more often. Counted per
// sample page, both weigh 1; a value repeated in every record (a button)
// still weighs 0, and detail pages keep Variation.
func TestPageVariation(t *testing.T) {
	times := []string{"6pm", "7pm", "7:30pm", "8pm", "8:30pm", "9pm", "9:30pm", "10pm"}
	slot := func(recs []int, value func(i int) string) *slotStats {
		st := NewSlotStats()
		for i, r := range recs {
			st.Occ++
			st.Values[value(i)]++
			st.PerPage[r]++
		}
		return st
	}
	// 10 sample pages of 4 records each.
	w := &State{}
	for r := range 40 {
		w.RecPage = append(w.RecPage, r/4)
	}
	var every, half []int
	for r := range 40 {
		every = append(every, r)
		if r%2 == 0 {
			half = append(half, r)
		}
	}
	starts := slot(every, func(i int) string { return times[i%len(times)] })
	doors := slot(half, func(i int) string { return times[(i+3)%len(times)] })
	button := slot(every, func(int) string { return "Buy tickets" })
	if v := starts.Variation(); v >= 1 {
		t.Fatalf("per record the slot on every record weighs %.3f, want < 1 (the bias this test is about)", v)
	}
	for _, tc := range []struct {
		name string
		st   *slotStats
		want float64
	}{{"starts", starts, 1}, {"doors open", doors, 1}, {"button", button, 0}} {
		if got := w.pageVariation(tc.st); fmt.Sprintf("%.3f", got) != fmt.Sprintf("%.3f", tc.want) {
			t.Errorf("%s: pageVariation = %.3f, want %.3f", tc.name, got, tc.want)
		}
	}
	detail := &State{}
	if got, want := detail.pageVariation(starts), starts.Variation(); got != want {
		t.Errorf("detail pages: pageVariation = %.3f, want Variation %.3f", got, want)
	}
}
