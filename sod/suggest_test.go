package sod

import "testing"

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"date", "date", 0},
		{"", "abc", 3},
		{"prise", "price", 1}, // substitution
		{"dte", "date", 1},    // insertion
		{"dictonary", "dictionary", 1},
		{"isbn-13", "isbn13", 1}, // deletion
		{"ptice", "tpice", 1},    // adjacent swap counts once
		{"kitten", "sitting", 3}, // Levenshtein's classic
		{"émile", "emile", 1},    // runes, not bytes
		{"ab", "ba", 1},
		{"abc", "ca", 3}, // optimal string alignment, not full Damerau
	} {
		if got := EditDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := EditDistance(tc.b, tc.a); got != tc.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d (symmetry)", tc.b, tc.a, got, tc.want)
		}
	}
}
