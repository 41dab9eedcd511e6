package eval

import (
	"fmt"
	"io"
	"sort"
)

// Judgement is the verdict on one extracted value (Truth.Judge).
type Judgement int

// Verdicts of Truth.Judge.
const (
	// ValueUnlabelled: the truth has no page of that name; the value is not
	// judged.
	ValueUnlabelled Judgement = iota
	// ValueRight: the value, normalised, is one of the true values of its
	// field on its page.
	ValueRight
	// ValueWrong: the page is labelled and the value is not one of its field's
	// true values there (the field may have none on the page).
	ValueWrong
)

// String names the verdict.
func (j Judgement) String() string {
	switch j {
	case ValueRight:
		return "right"
	case ValueWrong:
		return "wrong"
	}
	return "unlabelled"
}

// Judge says whether value, extracted for field on the page at path page
// (as in results), is right: its Normalize form equals that of one of the
// field's true values on that page, over all the page's records (as the
// value-level score compares page sets), or the label-free text of one
// ("$61,550" for "MSRP: $61,550", as Score aligns them). A value that normalises to
// nothing is never right. Judge calls Truth.Page and shares its rule on
// concurrent use.
func (t *Truth) Judge(page, field, value string) Judgement {
	p := t.Page(page)
	if p == nil {
		return ValueUnlabelled
	}
	n := Normalize(value)
	if n == "" {
		return ValueWrong
	}
	for _, v := range p.Values(field) {
		if t := Normalize(v); t == n || labelFree(t) == n {
			return ValueRight
		}
	}
	return ValueWrong
}

// Only returns a truth restricted to the labelled pages that pages (paths
// as in results) refer to, each once, in t's order: a source that holds
// part of a site's labelled pages is scored on those alone, not missed on
// the others. Attributes, Format and Declared are kept.
func (t *Truth) Only(pages []string) *Truth {
	keep := map[*TruthPage]bool{}
	for _, name := range pages {
		if p := t.Page(name); p != nil {
			keep[p] = true
		}
	}
	out := &Truth{Path: t.Path, Format: t.Format, Attributes: t.Attributes, Declared: t.Declared, Warnings: t.Warnings}
	for _, p := range t.Pages {
		if keep[p] {
			out.Pages = append(out.Pages, p)
		}
	}
	return out
}

// DefaultReliabilityEdges are the inner bin edges of a reliability table:
// bins [0,0.5), [0.5,0.7), [0.7,0.9), [0.9,0.99), [0.99,1].
var DefaultReliabilityEdges = []float64{0.5, 0.7, 0.9, 0.99}

// Reliability is a reliability table: extracted values binned by their
// confidence, with how many of each bin were right. A calibrated
// confidence has each bin's observed precision within its bounds.
type Reliability struct {
	// Edges are the inner bin edges, ascending: bin i holds confidences in
	// [Edges[i-1], Edges[i]) (the first from 0, the last up to 1
	// inclusive).
	Edges []float64
	// Bins has len(Edges)+1 entries.
	Bins []ReliabilityBin
}

// ReliabilityBin counts the judged values of one confidence bin.
type ReliabilityBin struct {
	// Low and High bound the bin's confidences ([Low, High), the last bin
	// [Low, 1]).
	Low, High float64
	// Values and RightValues count the values judged and the right ones;
	// ConfidenceSum sums their confidences.
	Values, RightValues int
	ConfidenceSum       float64
}

// Precision is the share of the bin's values that were right (0 for an
// empty bin).
func (b ReliabilityBin) Precision() float64 {
	if b.Values == 0 {
		return 0
	}
	return float64(b.RightValues) / float64(b.Values)
}

// MeanConfidence is the mean confidence of the bin's values.
func (b ReliabilityBin) MeanConfidence() float64 {
	if b.Values == 0 {
		return 0
	}
	return b.ConfidenceSum / float64(b.Values)
}

// NewReliability returns an empty table over the inner edges given
// (ascending, inside (0,1]); none gives DefaultReliabilityEdges.
func NewReliability(edges ...float64) *Reliability {
	if len(edges) == 0 {
		edges = DefaultReliabilityEdges
	}
	edges = append([]float64(nil), edges...)
	sort.Float64s(edges)
	r := &Reliability{Edges: edges, Bins: make([]ReliabilityBin, len(edges)+1)}
	for i := range r.Bins {
		if i > 0 {
			r.Bins[i].Low = edges[i-1]
		}
		r.Bins[i].High = 1
		if i < len(edges) {
			r.Bins[i].High = edges[i]
		}
	}
	return r
}

// Add counts one judged value of confidence c (clamped to [0,1]).
func (r *Reliability) Add(c float64, right bool) {
	c = min(1, max(0, c))
	i := sort.Search(len(r.Edges), func(i int) bool { return r.Edges[i] > c })
	b := &r.Bins[i]
	b.Values++
	b.ConfidenceSum += c
	if right {
		b.RightValues++
	}
}

// Merge adds the counts of o, which must have the same edges.
func (r *Reliability) Merge(o *Reliability) {
	for i := range r.Bins {
		r.Bins[i].Values += o.Bins[i].Values
		r.Bins[i].RightValues += o.Bins[i].RightValues
		r.Bins[i].ConfidenceSum += o.Bins[i].ConfidenceSum
	}
}

// Total sums the bins from confidence low up: values and right values.
func (r *Reliability) Total(low float64) (values, right int) {
	for _, b := range r.Bins {
		if b.Low >= low {
			values += b.Values
			right += b.RightValues
		}
	}
	return values, right
}

// WriteText writes the table: one line per bin with its bounds, count,
// mean confidence and observed precision.
func (r *Reliability) WriteText(w io.Writer) {
	fmt.Fprintf(w, "%-12s %8s %9s %9s %7s\n", "confidence", "values", "mean conf", "precision", "wrong")
	for i, b := range r.Bins {
		hi := ")"
		if i == len(r.Bins)-1 {
			hi = "]"
		}
		fmt.Fprintf(w, "[%.2f,%.2f%s %8d %9.3f %9.4f %7d\n", b.Low, b.High, hi, b.Values, b.MeanConfidence(), b.Precision(), b.Values-b.RightValues)
	}
	n, ok := r.Total(0)
	p := 0.0
	if n > 0 {
		p = float64(ok) / float64(n)
	}
	fmt.Fprintf(w, "%-12s %8d %9s %9.4f %7d\n", "all", n, "", p, n-ok)
}
