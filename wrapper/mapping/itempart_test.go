package mapping

import (
	"testing"
)

func TestPartNotItem(t *testing.T) {
	for _, tc := range []struct {
		short, long string
		want        bool
	}{
		{"Korvel", "Korvel G12I 55-inch LED TV, Graphite", true},
		{"Graphite", "Korvel G12I 55-inch LED TV, Graphite", false}, // after ", ": an item
		{"Foxes of Saturn", "Foxes of Saturn, The Neon Harbors, Chloé Mercer Jr.", false},
		{"The Neon Harbors", "Foxes of Saturn, The Neon Harbors, Chloé Mercer Jr.", false},
		{"Foxes", "Foxes of Saturn, The Neon Harbors", true},
		{"Neon Harbors", "Foxes of Saturn, The Neon Harbors", true},
		{"Foxes of Saturn", "Foxes of Saturn; The Neon Harbors", false},
		{"Foxes of Saturn", "Foxes of Saturn", false}, // the same value
		{"Kaito", "Korvel G12I", false},
	} {
		if got := partNotItem(tc.short, tc.long); got != tc.want {
			t.Errorf("partNotItem(%q, %q) = %v, want %v", tc.short, tc.long, got, tc.want)
		}
	}
}
