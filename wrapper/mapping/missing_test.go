package mapping

import (
	"testing"
)

func TestMissingMarker(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"N/A", true},
		{"n/a", true},
		{" Not available ", true},
		{"(not available)", true},
		{"N.A.", true},
		{"TBA", true},
		{"Unknown", true},
		{"None", true},
		{"NA", false}, // North America, a code
		{"Not available in stores", false},
		{"Anonymous", false},
		{"Nonesuch Press", false},
		{"Tamarack Press", false},
		{"None of the above", false},
		{"University of Glenrock", false},
		{"Nadia", false},
	} {
		if got := missingMarker(c.text); got != c.want {
			t.Errorf("missingMarker(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
