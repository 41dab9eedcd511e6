package trust

import (
	"math"
	"testing"
)

func TestUpperBound(t *testing.T) {
	tests := []struct {
		x, n  int
		alpha float64
		want  float64
	}{
		{0, 10, 0.05, 1 - math.Pow(0.05, 0.1)}, // P(X=0) = (1-p)^n = alpha
		{0, 300, 0.05, 1 - math.Pow(0.05, 1.0/300)},
		{2, 809, 0.05, 0.0078},
		{8, 763, 0.05, 0.0188},
		{5, 5, 0.05, 1},
		{0, 0, 0.05, 1},
	}
	for _, tc := range tests {
		if got := UpperBound(tc.x, tc.n, tc.alpha); math.Abs(got-tc.want) > 5e-5 {
			t.Errorf("UpperBound(%d, %d, %v) = %.5f, want %.5f", tc.x, tc.n, tc.alpha, got, tc.want)
		}
	}
}

func TestCalibrate(t *testing.T) {
	vals := []Scored{{1, true}, {1, false}, {0.5, true}, {0.95, true}}
	c := Calibrate(vals)
	if c.Values != 4 || c.Wrong != 1 || c.High != 3 || math.Abs(c.HighPrecision-2.0/3) > 1e-9 {
		t.Errorf("counts: %+v", c)
	}
	// Brier: 0 + 1 + 0.25 + 0.0025, over 4.
	if want := 1.2525 / 4; math.Abs(c.Brier-want) > 1e-9 {
		t.Errorf("Brier = %v, want %v", c.Brier, want)
	}
	// ECE: bin [0.5,0.7): |0.5-1|; bin [0.9,0.99): |0.95-1|; bin [0.99,1]: |2-1|; over 4.
	if want := (0.5 + 0.05 + 1) / 4; math.Abs(c.ECE-want) > 1e-9 {
		t.Errorf("ECE = %v, want %v", c.ECE, want)
	}
	if want := (0 + -math.Log(1e-6) + -math.Log(0.5) + -math.Log(0.95)) / 4; math.Abs(c.LogLoss-want) > 1e-9 {
		t.Errorf("LogLoss = %v, want %v", c.LogLoss, want)
	}
	if e := Calibrate(nil); e.Values != 0 || e.HighPrecision != 1 {
		t.Errorf("empty: %+v", e)
	}
}
