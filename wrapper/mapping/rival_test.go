package mapping

import "testing"

// TestRivalTerms checks the rival term: a typed field whose chosen slot
// scored below a candidate another field took gets the chosen slot's
// share of the two scores; a dictionary field, a field whose best
// candidate it got, and a better candidate no field took get none.
func TestRivalTerms(t *testing.T) {
	w := &State{
		FieldSpecs: []FieldSpec{
			{Path: "date", Types: []string{"date"}, Predefined: "date"},
			{Path: "time", Types: []string{"time"}, Predefined: "time"},
			{Path: "price", Types: []string{"price"}, Predefined: "price"},
			{Path: "band", Types: []string{"artist"}, Dictionary: true},
			{Path: "acts", Types: []string{"artist"}, Dictionary: true, Many: true},
		},
		SlotMaps: []SlotMap{{Slot: 1, Field: "date"}, {Slot: 2, Field: "time"}, {Slot: 3, Field: "price"},
			{Slot: 5, Field: "band"}, {Slot: 6, Field: "acts"}},
		Explain: []FieldExplain{
			{Field: "date", Candidates: []CandidateExplain{{Slot: 1, Total: 20, Chosen: true}}},
			// The time's best candidate is the date's slot.
			{Field: "time", Candidates: []CandidateExplain{{Slot: 1, Total: 30}, {Slot: 2, Total: 10, Chosen: true}}},
			// The price's better candidate is a slot no field took.
			{Field: "price", Candidates: []CandidateExplain{{Slot: 4, Total: 30}, {Slot: 3, Total: 10, Chosen: true}}},
			// A dictionary field losing its best slot to a field of its class.
			{Field: "band", Candidates: []CandidateExplain{{Slot: 6, Total: 30}, {Slot: 5, Total: 10, Chosen: true}}},
		},
	}
	got := w.rivalTerms()
	if len(got) != 1 || got["time"] != 0.25 {
		t.Errorf("rivalTerms() = %v, want map[time:0.25]", got)
	}
	e := Evidence{Share: 1, Coverage: 1, Rival: got["time"]}
	if c := e.Confidence(); c != 0.25 {
		t.Errorf("a rivalled value's confidence = %v, want 0.25", c)
	}
}
