package sumset

import (
	"math/rand/v2"
	"testing"
)

// TestSetMatchesMap adds random sums (with repeats, and 0) to a Set and to
// a map, through several growths, and compares membership and the
// positions the log gives back.
func TestSetMatchesMap(t *testing.T) {
	for _, hint := range []int{0, 10, 5000, 100000} {
		s := New(hint)
		ref := map[uint64]int64{}
		r := rand.New(rand.NewPCG(1, uint64(hint)))
		var sums []uint64
		for pos := int64(0); pos < 30000; pos++ {
			var sum uint64
			switch x := r.IntN(10); {
			case x == 0 && len(sums) > 0:
				sum = sums[r.IntN(len(sums))]
			case x == 1:
				sum = uint64(r.IntN(4)) // small sums, 0 among them
			default:
				sum = r.Uint64()
			}
			if got, want := s.Has(sum), hasKey(ref, sum); got != want {
				t.Fatalf("hint %d: Has(%d) = %v before Add, want %v", hint, sum, got, want)
			}
			_, had := ref[sum]
			if got := s.Add(sum, pos); got == had {
				t.Fatalf("hint %d: Add(%d) = %v, want %v", hint, sum, got, !had)
			}
			if !had {
				ref[sum] = pos
				sums = append(sums, sum)
			}
			if !s.Has(sum) {
				t.Fatalf("hint %d: Has(%d) false after Add", hint, sum)
			}
		}
		if s.Len() != len(ref) {
			t.Fatalf("hint %d: Len %d, want %d", hint, s.Len(), len(ref))
		}
		at := map[uint64]int64{0: -1, 12345: -1}
		for range 50 {
			at[sums[r.IntN(len(sums))]] = -1
		}
		if err := s.Positions(at); err != nil {
			t.Fatal(err)
		}
		for sum, pos := range at {
			want, ok := ref[sum]
			if !ok {
				want = -1
			}
			if pos != want {
				t.Fatalf("hint %d: position of %d = %d, want %d", hint, sum, pos, want)
			}
		}
		// Adding goes on after Positions.
		if !s.Add(1<<63+7, 99999) || !s.Has(1<<63+7) {
			t.Fatalf("hint %d: Add after Positions failed", hint)
		}
		s.Close()
	}
}

func hasKey(m map[uint64]int64, k uint64) bool {
	_, ok := m[k]
	return ok
}
