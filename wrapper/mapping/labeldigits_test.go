package mapping

import (
	"testing"
)

func TestLabelDigits(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"ISBN13", true},
		{"ISBN-10", true},
		{"EAN 13", true},
		{"Publisher", true},
		{"12:30", false},
		{"2 bedrooms", false},
		{"$12", false},
		{"Top 10 of 2020", false},
		{"X1", false},
		{"Room 2024", false},
	} {
		if got := labelDigits(c.text); got != c.want {
			t.Errorf("labelDigits(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
