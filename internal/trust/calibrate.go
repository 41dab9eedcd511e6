package trust

import (
	"math"

	"github.com/objectrunner/objectrunner/eval"
)

// Scored is one judged value: its confidence and whether it was right.
type Scored struct {
	Confidence float64
	Right      bool
}

// Calibration measures how well confidences predict rightness.
type Calibration struct {
	// Values and Wrong count the values.
	Values, Wrong int
	// Brier is the mean squared difference between confidence and
	// rightness (1 right, 0 wrong); LogLoss the mean negative log of the
	// probability given to the outcome (clamped at 1e-6); ECE the
	// expected calibration error over the bins of Reliability: the mean
	// over values of |bin mean confidence - bin precision|.
	Brier, LogLoss, ECE float64
	// High counts the values of confidence >= 0.9 and HighPrecision is
	// their precision (1 with none): issue 20's target is >= 0.99.
	High          int
	HighPrecision float64
	// Reliability bins the values (eval.DefaultReliabilityEdges).
	Reliability *eval.Reliability
}

// Calibrate measures the confidences of vals.
func Calibrate(vals []Scored) Calibration {
	c := Calibration{Values: len(vals), Reliability: eval.NewReliability(), HighPrecision: 1}
	highRight := 0
	for _, v := range vals {
		y := 0.0
		if v.Right {
			y = 1
		} else {
			c.Wrong++
		}
		c.Brier += (v.Confidence - y) * (v.Confidence - y)
		p := v.Confidence
		if !v.Right {
			p = 1 - p
		}
		c.LogLoss -= math.Log(max(1e-6, p))
		c.Reliability.Add(v.Confidence, v.Right)
		if v.Confidence >= 0.9 {
			c.High++
			if v.Right {
				highRight++
			}
		}
	}
	if c.Values == 0 {
		return c
	}
	n := float64(c.Values)
	c.Brier /= n
	c.LogLoss /= n
	for _, b := range c.Reliability.Bins {
		c.ECE += math.Abs(b.ConfidenceSum - float64(b.RightValues))
	}
	c.ECE /= n
	if c.High > 0 {
		c.HighPrecision = float64(highRight) / float64(c.High)
	}
	return c
}

// UpperBound is the one-sided Clopper-Pearson upper bound, at level
// alpha (0.05 for 95 %), of a proportion observed as x of n: the p at
// which P(X <= x) = alpha for X binomial(n, p). With n = 0 it is 1.
func UpperBound(x, n int, alpha float64) float64 {
	if n <= 0 || x >= n {
		return 1
	}
	lg := func(k int) float64 { v, _ := math.Lgamma(float64(k) + 1); return v }
	cdf := func(p float64) float64 {
		s := 0.0
		for k := 0; k <= x; k++ {
			s += math.Exp(lg(n) - lg(k) - lg(n-k) + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p))
		}
		return s
	}
	lo, hi := 0.0, 1.0
	for range 60 {
		m := (lo + hi) / 2
		if cdf(m) > alpha {
			lo = m
		} else {
			hi = m
		}
	}
	return hi
}
