package recognizers

import (
	"fmt"
	"slices"
	"testing"
)

func TestResolve(t *testing.T) {
	m := func(s, e int, conf float64) Match { return Match{Start: s, End: e, Confidence: conf, Recognizer: "t"} }
	str := func(ms []Match) []string {
		out := []string{}
		for _, x := range ms {
			out = append(out, fmt.Sprintf("%d-%d@%.1f", x.Start, x.End, x.Confidence))
		}
		return out
	}
	tests := []struct {
		name string
		in   []Match
		want []string
	}{
		{"empty", nil, []string{}},
		{"sorted by start", []Match{m(5, 6, 1), m(0, 2, 1)}, []string{"0-2@1.0", "5-6@1.0"}},
		{"longer wins", []Match{m(0, 3, 1), m(2, 10, 0.5)}, []string{"2-10@0.5"}},
		{"then more confident", []Match{m(0, 4, 0.5), m(2, 6, 0.9)}, []string{"2-6@0.9"}},
		{"then earlier", []Match{m(2, 6, 0.5), m(0, 4, 0.5)}, []string{"0-4@0.5"}},
		{"chain: the longest in the middle wins", []Match{m(0, 4, 1), m(3, 8, 1), m(7, 11, 1)}, []string{"3-8@1.0"}},
		{"chain of equals keeps both ends", []Match{m(0, 4, 1), m(3, 7, 1), m(6, 10, 1)}, []string{"0-4@1.0", "6-10@1.0"}},
		{"touching spans do not overlap", []Match{m(0, 4, 1), m(4, 8, 1)}, []string{"0-4@1.0", "4-8@1.0"}},
		{"nested", []Match{m(2, 3, 1), m(0, 10, 0.1), m(4, 5, 1)}, []string{"0-10@0.1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := str(resolve(tc.in)); !slices.Equal(got, tc.want) {
				t.Fatalf("resolve()=%v, want %v", got, tc.want)
			}
		})
	}
}
