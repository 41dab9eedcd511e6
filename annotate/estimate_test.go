package annotate

import (
	"errors"
	"testing"
)

// TestEstimateOf: a type's selectivity counts its hits outside template
// text only; the hits in template text are the tie-break.
func TestEstimateOf(t *testing.T) {
	types := []*EntityType{{Name: "team"}, {Name: "height"}, {Name: "college"}}
	page := func(hits, thits []int) *pageState { return &pageState{hits: hits, thits: thits} }
	for _, tc := range []struct {
		name         string
		probe        []*pageState
		prior        func(string) (float64, bool)
		est, inTempl []float64
	}{
		{
			name: "a dictionary that knows the menu: its template hits count for nothing",
			probe: []*pageState{
				page([]int{17, 1, 2}, []int{17, 0, 0}),
				page([]int{18, 1, 2}, []int{17, 0, 0}),
			},
			est:     []float64{0.5, 1, 2},
			inTempl: []float64{17, 0, 0},
		},
		{
			name: "a page left out of the probe counts in neither sum",
			probe: []*pageState{
				page([]int{2, 1, 0}, []int{0, 0, 0}),
				{hits: []int{9, 9, 9}, thits: []int{0, 0, 0}, err: errors.New("unreadable")},
			},
			est:     []float64{2, 1, 0},
			inTempl: []float64{0, 0, 0},
		},
		{
			name:    "the prior is averaged with the estimate",
			probe:   []*pageState{page([]int{4, 1, 0}, []int{2, 0, 0})},
			prior:   func(n string) (float64, bool) { return 4, n == "team" },
			est:     []float64{3, 1, 0},
			inTempl: []float64{2, 0, 0},
		},
		{
			name:    "no probe page",
			est:     []float64{0, 0, 0},
			inTempl: []float64{0, 0, 0},
		},
	} {
		est, in := estimateOf(tc.probe, types, tc.prior)
		for i := range types {
			if est[i] != tc.est[i] || in[i] != tc.inTempl[i] {
				t.Errorf("%s: %s: estimate %v in template %v, want %v %v", tc.name, types[i].Name, est[i], in[i], tc.est[i], tc.inTempl[i])
			}
		}
	}
}
