package mapping

import (
	"testing"
)

func TestProperPart(t *testing.T) {
	for _, tc := range []struct {
		short, long string
		want        bool
	}{
		{"Korvel", "Korvel G12I 55-inch LED TV, Graphite", true},
		{"LED TV", "Korvel G12I 55-inch LED TV, Graphite", true},
		{"Graphite", "Korvel G12I 55-inch LED TV, Graphite", true},
		{"Korvel G12I 55-inch LED TV", "Korvel G12I 55-inch LED TV", false}, // the same value
		{"Korv", "Korvel G12I 55-inch LED TV", false},                       // not at word boundaries
		{"Kaito", "Korvel G12I 55-inch LED TV", false},
		{"", "Korvel", false},
	} {
		if got := properPart(tc.short, tc.long); got != tc.want {
			t.Errorf("properPart(%q, %q) = %v, want %v", tc.short, tc.long, got, tc.want)
		}
	}
}
