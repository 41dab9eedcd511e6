package mapping

import "testing"

// TestTwinSlot: which slot after the same template label as a field's
// chosen slot may hold the field's values too (twinSlot): one filled on
// other sample pages only, whose annotations are not mostly another
// field's.
func TestTwinSlot(t *testing.T) {
	f := FieldSpec{Name: "make", Path: "make", Types: []string{"make"}}
	chosen := &slotStats{Occ: 3, AnnOcc: 1, Types: map[string]int{"make": 1}, PerPage: map[int]int{0: 1, 1: 1, 2: 1}}
	for _, tc := range []struct {
		name string
		st   *slotStats
		want bool
	}{
		{"other pages, unannotated", &slotStats{Occ: 3, PerPage: map[int]int{3: 1, 4: 1, 5: 1}}, true},
		{"other pages, one value another field's", &slotStats{Occ: 5, AnnOcc: 1, Types: map[string]int{"title": 1}, PerPage: map[int]int{3: 1, 4: 1, 5: 1, 6: 1, 7: 1}}, true},
		{"other pages, the field's", &slotStats{Occ: 2, AnnOcc: 2, Types: map[string]int{"make": 2}, PerPage: map[int]int{3: 1, 4: 1}}, true},
		{"a page shared with the chosen slot", &slotStats{Occ: 3, PerPage: map[int]int{2: 1, 4: 1, 5: 1}}, false},
		{"another field's values", &slotStats{Occ: 3, AnnOcc: 2, Types: map[string]int{"title": 2}, PerPage: map[int]int{3: 1, 4: 1, 5: 1}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stats := []*slotStats{chosen, tc.st}
			if got := twinSlot(stats, []int{0}, 1, f, nil, 0.7); got != tc.want {
				t.Fatalf("twinSlot = %v, want %v", got, tc.want)
			}
		})
	}
}
