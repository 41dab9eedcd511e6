package mapping

import (
	"testing"

	"github.com/objectrunner/objectrunner/wrapper/exalg"
)

// TestSlotMapCoverageAtMostOne: a lead candidate counts the values holding
// an instance plus those whose first run is one (leadAlso), and a value
// may be both, so its count can pass the slot's values: an address of two
// <div> lines gave coverage 2, and the saved wrapper did not load
// ("slots[4].coverage: 2 out of range [0, 1]"). The slot map's coverage is
// at most 1 and passes validation.
func TestSlotMapCoverageAtMostOne(t *testing.T) {
	w := &State{Options: Options{Options: exalg.DefaultOptions()}, FieldSpecs: []FieldSpec{{Path: "address", Types: []string{"address"}}}}
	st := NewSlotStats()
	st.Occ = 10
	for _, tc := range []struct {
		cov  float64
		lead bool
		want float64
	}{
		{2, true, 1},
		{1.3, true, 1},
		{0.5, true, 0.5},
		{0.25, false, 0.25},
		{1, false, 1},
	} {
		sm := w.slotMapOf(cand{Field: 0, Slot: 0, Cov: tc.cov, Share: 1, Lead: tc.lead}, []*slotStats{st}, nil, true)
		if sm.Coverage != tc.want {
			t.Errorf("cand coverage %v (lead %v): slot map coverage %v, want %v", tc.cov, tc.lead, sm.Coverage, tc.want)
		}
		if err := unit("coverage", sm.Coverage); err != nil {
			t.Errorf("cand coverage %v: %v", tc.cov, err)
		}
	}
}
