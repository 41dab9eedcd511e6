package objectrunner

import (
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
)

// TestFitsBetter: coverage first; at a tie, objects per page as the SOD's
// multiplicity wants; then size.
func TestFitsBetter(t *testing.T) {
	tests := []struct {
		name       string
		many       bool
		cov, per   float64
		size       int
		bcov, bper float64
		bsize      int
		want       bool
	}{
		{"higher coverage", false, 0.9, 1, 10, 0.5, 1, 100, true},
		{"lower coverage", true, 0.5, 9, 100, 0.9, 1, 10, false},
		{"tie, list SOD: more objects per page", true, 1, 8, 27, 0.98, 1.2, 82, true},
		{"tie, list SOD: fewer objects per page", true, 1, 1.2, 82, 0.98, 8, 27, false},
		{"tie, detail SOD: fewer objects per page", false, 1, 1.2, 82, 1, 8, 27, true},
		{"tie, detail SOD: more objects per page", false, 1, 8, 27, 1, 1.2, 82, false},
		{"all tied: larger", false, 1, 1, 30, 1, 1, 20, true},
		{"all tied: smaller", false, 1, 1, 20, 1, 1, 30, false},
	}
	for _, tc := range tests {
		if got := fitsBetter(tc.many, tc.cov, tc.per, tc.size, tc.bcov, tc.bper, tc.bsize); got != tc.want {
			t.Errorf("%s: fitsBetter = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestCoverage(t *testing.T) {
	page := func(types ...string) *annotate.Page {
		p := &annotate.Page{}
		for _, ty := range types {
			p.Annotations = append(p.Annotations, &annotate.Annotation{Type: ty})
		}
		return p
	}
	res := &annotate.SampleResult{Pages: []*annotate.Page{
		page("title", "price", "price", "price"), // 2 of 4 types; 4 annotations of 2 types
		page("title", "price", "date", "author"), // 4 of 4; 1 per type
	}}
	cov, per := coverage(res, 4)
	if cov != 0.75 || per != 1.5 {
		t.Errorf("coverage = %v, %v; want 0.75, 1.5", cov, per)
	}
	if cov, per := coverage(nil, 4); cov != 0 || per != 0 {
		t.Errorf("coverage(nil) = %v, %v", cov, per)
	}
}
