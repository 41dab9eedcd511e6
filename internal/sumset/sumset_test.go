package sumset

import (
	"math/rand/v2"
	"path/filepath"
	"testing"
)

// TestSetMatchesMap adds random sums (with repeats, sums that share their
// fingerprint, and 0) to a Set and to a map, through several growths, and
// compares membership and positions; with the records in a file and,
// where no temporary file can be made, in memory.
func TestSetMatchesMap(t *testing.T) {
	for _, where := range []string{"file", "memory"} {
		t.Run(where, func(t *testing.T) {
			if where == "memory" {
				t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
			}
			for _, hint := range []int{0, 10, 5000, 100000} {
				checkSet(t, hint, where)
			}
		})
	}
}

func checkSet(t *testing.T, hint int, where string) {
	s := New(hint)
	defer s.Close()
	if _, mem := s.recs.(*memRecords); mem != (where == "memory") {
		t.Fatalf("records in %T, want them in %s", s.recs, where)
	}
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
		case x == 2:
			sum = r.Uint64()&^0xffff | 0x1234 // one fingerprint
		default:
			sum = r.Uint64()
		}
		has, err := s.Has(sum)
		if err != nil {
			t.Fatal(err)
		}
		_, had := ref[sum]
		if has != had {
			t.Fatalf("hint %d: Has(%#x) = %v before Add, want %v", hint, sum, has, had)
		}
		added, err := s.Add(sum, pos)
		if err != nil {
			t.Fatal(err)
		}
		if added == had {
			t.Fatalf("hint %d: Add(%#x) = %v, want %v", hint, sum, added, !had)
		}
		if !had {
			ref[sum] = pos
			sums = append(sums, sum)
		}
	}
	if s.Len() != len(ref) {
		t.Fatalf("hint %d: Len %d, want %d", hint, s.Len(), len(ref))
	}
	for sum, want := range ref {
		pos, ok, err := s.Position(sum)
		if err != nil || !ok || pos != want {
			t.Fatalf("hint %d: Position(%#x) = %d, %v, %v; want %d", hint, sum, pos, ok, err, want)
		}
	}
	for range 1000 {
		sum := r.Uint64()
		if _, in := ref[sum]; in {
			continue
		}
		if _, ok, _ := s.Position(sum); ok {
			t.Fatalf("hint %d: Position(%#x) found a sum never added", hint, sum)
		}
	}
}
