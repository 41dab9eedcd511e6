package mapping

import "testing"

// TestCompanionShare checks the Annotation share of an optional patterned
// field riding beside another type in one slot (companion.go): a time
// after its date in the date's cell (zoo s40026) counts its instances
// against the values, not against the date-only cells.
func TestCompanionShare(t *testing.T) {
	timeF := FieldSpec{Path: "time", Types: []string{"time"}, Predefined: "time", Optional: true}
	for _, tc := range []struct {
		name          string
		f             FieldSpec
		occ, ann, own int
		some          map[string]int
		want          float64
	}{
		{"time beside a date in every cell", timeF, 130, 130, 74, map[string]int{"date": 130, "time": 74}, 1},
		{"companion in most cells", timeF, 100, 100, 50, map[string]int{"date": 85, "time": 50}, 1},
		{"other type in too few cells", timeF, 100, 100, 50, map[string]int{"date": 60, "time": 50}, 0.5},
		{"too few instances of the field", timeF, 100, 100, 20, map[string]int{"date": 100, "time": 20}, 0.2},
		{"mandatory field", FieldSpec{Path: "time", Types: []string{"time"}, Predefined: "time"}, 100, 100, 50, map[string]int{"date": 100, "time": 50}, 0.5},
		{"dictionary field", FieldSpec{Path: "venue", Types: []string{"venue"}, Optional: true}, 100, 100, 50, map[string]int{"artist": 100, "venue": 50}, 0.5},
		{"set field", FieldSpec{Path: "times", Types: []string{"time"}, Predefined: "time", Optional: true, Many: true}, 100, 100, 50, map[string]int{"date": 100, "time": 50}, 0.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := NewSlotStats()
			st.Occ, st.AnnOcc = tc.occ, tc.ann
			st.Types[tc.f.Types[0]] = tc.own
			for k, v := range tc.some {
				st.Some[k] = v
			}
			if got := companionShare(st, tc.f, tc.own); got != tc.want {
				t.Fatalf("share %.3f, want %.3f", got, tc.want)
			}
		})
	}
}
