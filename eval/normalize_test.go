package eval

import (
	"slices"
	"testing"
)

func TestNormalize(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"plain", "Night Trains", "Night Trains"},
		{"swde isbn prefix", ": 9780316125581", "9780316125581"},
		{"whitespace runs", "  Night \t\r\n Trains  ", "Night Trains"},
		{"nbsp and nfkc", "Night\u00a0Trains \uff11", "Night Trains 1"},
		{"ligature", "\ufb01ne", "fine"},
		{"surrounding punctuation", "| - Jon Ashby ;,.", "Jon Ashby"},
		{"inner punctuation kept", "J.K. Rowling", "J.K. Rowling"},
		{"only punctuation", " :-| ", ""},
		{"empty", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Normalize(tc.in); got != tc.want {
				t.Fatalf("Normalize(%q)=%q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestWordIndex(t *testing.T) {
	for _, tc := range []struct {
		name, s, sub string
		want         int
	}{
		{"prefix", "Night Trains by Jon Ashby", "Night Trains", 0},
		{"inside", "Night Trains by Jon Ashby", "Jon Ashby", 3},
		{"not a whole word", "Bay Area", "a", -1},
		{"punctuation ignored", "Smith, Jon (ed.)", "Smith Jon", 0},
		{"empty sub", "x", "", -1},
		{"longer sub", "x", "x y", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := wordIndex(words(tc.s), words(tc.sub)); got != tc.want {
				t.Fatalf("wordIndex(%q, %q)=%d, want %d", tc.s, tc.sub, got, tc.want)
			}
		})
	}
	covered := make([]bool, 3)
	if !cover([]string{"a", "b", "a"}, []string{"a"}, covered) || !slices.Equal(covered, []bool{true, false, true}) {
		t.Fatalf("cover marked %v, want [true false true]", covered)
	}
}
