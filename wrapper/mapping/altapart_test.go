package mapping

import "testing"

// TestApartInSample checks when two slots of a record-mode wrapper hold a
// single field's instances in different sample records (altslots.go): a
// date after an optional publisher in one slot, without it in the next
// (zoo s40035).
func TestApartInSample(t *testing.T) {
	date := FieldSpec{Path: "date", Types: []string{"date"}, Predefined: "date", Optional: true}
	recs := func(rs ...int) map[int]bool {
		m := map[int]bool{}
		for _, r := range rs {
			m[r] = true
		}
		return m
	}
	for _, tc := range []struct {
		name   string
		f      FieldSpec
		a, b   map[int]bool
		record bool
		want   bool
	}{
		{"apart", date, recs(0, 2, 4, 6), recs(1, 3, 5), true, true},
		{"one record in both of many", date, recs(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40), recs(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39, 40), true, true},
		{"together", date, recs(0, 1, 2, 3), recs(1, 2, 3), true, false},
		{"one record only", date, recs(0, 2, 4), recs(1), true, false},
		{"dictionary field", FieldSpec{Path: "publisher", Types: []string{"publisher"}, Optional: true}, recs(0, 2, 4), recs(1, 3), true, false},
		{"page mode", date, recs(0, 2, 4), recs(1, 3), false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &State{}
			if tc.record {
				w.Records = &RecordPattern{}
			}
			sa, sb := NewSlotStats(), NewSlotStats()
			sa.AnnRecs[tc.f.Types[0]], sb.AnnRecs[tc.f.Types[0]] = tc.a, tc.b
			if got := w.apartInSample([]*slotStats{sa, sb}, 0, 1, tc.f); got != tc.want {
				t.Fatalf("apart %v, want %v", got, tc.want)
			}
		})
	}
}
