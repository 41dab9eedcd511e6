package main

import (
	"slices"
	"testing"
)

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"extract", "extract", 0},
		{"extrct", "extract", 1},
		{"exrtact", "extract", 1}, // transposition
		{"eval", "evl", 1},
		{"annotate", "anotate", 1},
		{"query", "serve", 4},
		{"", "run", 3},
	} {
		if got := editDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("editDistance(%q, %q)=%d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	for _, tc := range []struct {
		word, group string
		want        []string
	}{
		{"extrct", "", []string{"extract"}},
		{"Extract", "", []string{"extract"}},
		{"recognise", "", []string{"recognize"}},
		{"wraper", "", []string{"wrapper"}},
		{"dcit", "", []string{"dict"}},
		{"lokup", "dict", []string{"lookup"}},
		{"chek", "sod", []string{"check"}},
		{"xyzzy", "", nil},
		{"rn", "", []string{"run"}},
	} {
		got := suggest(tc.word, tc.group)
		if !slices.Equal(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
			t.Errorf("suggest(%q, %q)=%q, want %q", tc.word, tc.group, got, tc.want)
		}
	}
}
