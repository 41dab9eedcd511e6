package eval

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
)

// Class is the paper's classification of an extracted attribute.
type Class string

// The three classes of ObjectRunner §4 and ExAlg §6; doc.go gives the
// rules that assign them.
const (
	Correct          Class = "correct"
	PartiallyCorrect Class = "partially correct"
	Incorrect        Class = "incorrect"
)

// Scores are precision, recall and F1 with the counts they come from.
// Precision is Hits/Predicted, recall Found/Expected. With nothing
// predicted precision is 1 if nothing was expected and 0 otherwise; with
// nothing expected recall is 1.
type Scores struct {
	Predicted int     `json:"predicted"` // predicted values (or pages, records)
	Expected  int     `json:"expected"`  // true values (or pages, records)
	Hits      int     `json:"hits"`      // predictions that are right
	Found     int     `json:"found"`     // truths that were found
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
}

// newScores computes precision, recall and F1 from counts.
func newScores(predicted, expected, hits, found int) Scores {
	s := Scores{Predicted: predicted, Expected: expected, Hits: hits, Found: found}
	switch {
	case predicted > 0:
		s.Precision = float64(hits) / float64(predicted)
	case expected == 0:
		s.Precision = 1
	}
	s.Recall = 1
	if expected > 0 {
		s.Recall = float64(found) / float64(expected)
	}
	if s.Precision+s.Recall > 0 {
		s.F1 = 2 * s.Precision * s.Recall / (s.Precision + s.Recall)
	}
	return s
}

// Report is the outcome of Score. It marshals to JSON as is.
type Report struct {
	// Truth and Results are the paths the inputs were read from.
	Truth   string `json:"truth"`
	Results string `json:"results"`
	// Pages is the number of labelled pages; PagesWithResults of them
	// have at least one results line.
	Pages            int `json:"pages"`
	PagesWithResults int `json:"pages_with_results"`
	// UnknownPages are result pages that match no labelled page; they
	// are not scored.
	UnknownPages []string `json:"unknown_pages,omitempty"`
	// UnscoredFields are result fields that map to no truth attribute.
	UnscoredFields []string `json:"unscored_fields,omitempty"`
	// Thresholds are the classification thresholds used.
	Thresholds Thresholds         `json:"thresholds"`
	Attributes []*AttributeReport `json:"attributes"`
	Records    RecordReport       `json:"records"`
	// Warnings repeats the truth's warnings.
	Warnings []string `json:"warnings,omitempty"`

	show int
}

// AttributeReport scores one truth attribute.
type AttributeReport struct {
	// Name is the truth attribute.
	Name string `json:"name"`
	// Fields are the result fields mapped to the attribute.
	Fields []string `json:"fields"`
	// PagesWithTruth counts labelled pages with a true value,
	// PagesPredicted those with an extracted value.
	PagesWithTruth int `json:"pages_with_truth"`
	PagesPredicted int `json:"pages_predicted"`
	// Value is value-level: per page, extracted values against true
	// values, micro-averaged over pages.
	Value Scores `json:"value"`
	// PageHit is SWDE's page-level score: a page is a hit when one of
	// its extracted values is a true value.
	PageHit Scores `json:"page_hit"`
	// Relaxed is value-level with merged, split and reformatted values
	// counted as right; it separates partially correct from incorrect.
	Relaxed Scores `json:"relaxed"`
	Class   Class  `json:"class"`
	// Reason says in words what kept the attribute from a better class.
	Reason string `json:"reason,omitempty"`
	// Outcomes counts the wrong pages by Outcome.
	Outcomes map[Outcome]int `json:"outcomes,omitempty"`
	// Wrong lists every page whose extracted values differ from the true
	// ones, in truth order.
	Wrong []WrongPage `json:"wrong,omitempty"`
}

// Outcome names what went wrong on a page for one attribute.
type Outcome string

// Page outcomes, from the most to the least specific; a page gets the
// first that applies.
const (
	Spurious   Outcome = "spurious"   // values extracted, none true
	Missing    Outcome = "missing"    // true values, none extracted
	Merged     Outcome = "merged"     // a true value extracted together with neighbouring text
	Split      Outcome = "split"      // a true value extracted in pieces
	Format     Outcome = "format"     // same words, different punctuation
	Incomplete Outcome = "incomplete" // some true values extracted, others missing
	Extra      Outcome = "extra"      // all true values extracted, and more
	Other      Outcome = "other"      // another attribute's values extracted
	Wrong      Outcome = "wrong"      // anything else
)

// WrongPage is one page where an attribute went wrong.
type WrongPage struct {
	// Page is the page as the results name it (as the truth does when
	// no results line names it).
	Page    string  `json:"page"`
	Outcome Outcome `json:"outcome"`
	// With names the other attributes involved (merged with, or
	// extracted instead of).
	With []string `json:"with,omitempty"`
	// Expected and Got are the true and the extracted values, as written
	// (before normalisation).
	Expected []string `json:"expected"`
	Got      []string `json:"got"`
}

// RecordReport is record-level: a predicted record matches a true record
// of the same page when, for every field with a true value, the two
// records' value sets are equal; records are paired one to one so that
// the number of matches is largest.
type RecordReport struct {
	Scores
	// Wrong lists pages where some record did not match.
	Wrong []RecordPage `json:"wrong,omitempty"`
}

// RecordPage counts the records of one page.
type RecordPage struct {
	Page      string `json:"page"`      // as in WrongPage
	Expected  int    `json:"expected"`  // true records
	Predicted int    `json:"predicted"` // extracted records
	Matched   int    `json:"matched"`   // pairs of matching records
}

// WriteText writes r as a table, then for each attribute that went wrong
// its class, its page outcomes and its first wrong pages (Options.Show of
// them) with the expected and the extracted values.
func (r *Report) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	fmt.Fprintf(ew, "truth:   %s (%d pages)\nresults: %s (%d of them with results", r.Truth, r.Pages, r.Results, r.PagesWithResults)
	if len(r.UnknownPages) > 0 {
		fmt.Fprintf(ew, "; %s ignored, e.g. %s", plural(len(r.UnknownPages), "unlabelled page"), strings.Join(r.UnknownPages[:min(3, len(r.UnknownPages))], ", "))
	}
	fmt.Fprintln(ew, ")")
	if len(r.UnscoredFields) > 0 {
		fmt.Fprintf(ew, "unscored result fields (no such truth attribute; see --map): %s\n", strings.Join(r.UnscoredFields, ", "))
	}
	for _, s := range r.Warnings {
		fmt.Fprintf(ew, "warning: %s\n", s)
	}
	fmt.Fprintln(ew)
	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "attribute\ttrue\tpredicted\tvalue P\tR\tF1\tpage-hit P\tR\tF1\tclass")
	for _, a := range r.Attributes {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%s\n", a.Name, a.PagesWithTruth, a.PagesPredicted,
			a.Value.Precision, a.Value.Recall, a.Value.F1, a.PageHit.Precision, a.PageHit.Recall, a.PageHit.F1, a.Class)
	}
	rc := r.Records
	fmt.Fprintf(tw, "(records)\t%d\t%d\t%.3f\t%.3f\t%.3f\n", rc.Expected, rc.Predicted, rc.Precision, rc.Recall, rc.F1)
	tw.Flush()
	fmt.Fprintln(ew, "(true, predicted: pages with a true, an extracted value; for (records): records)")
	for _, a := range r.Attributes {
		if len(a.Wrong) == 0 {
			continue
		}
		fmt.Fprintf(ew, "\n%s: %s; %s: %s\n", a.Name, a.Class, plural(len(a.Wrong), "wrong page"), outcomeSummary(a.Outcomes))
		n := r.showN(len(a.Wrong))
		for _, p := range a.Wrong[:n] {
			with := ""
			switch {
			case len(p.With) > 0 && p.Outcome == Merged:
				with = " with " + strings.Join(p.With, ", ")
			case len(p.With) > 0:
				with = " (" + strings.Join(p.With, ", ") + ")"
			}
			fmt.Fprintf(ew, "  %s  %s%s\n    expected: %s\n    got:      %s\n", p.Page, p.Outcome, with, quoteList(p.Expected), quoteList(p.Got))
		}
		if 0 < n && n < len(a.Wrong) {
			fmt.Fprintf(ew, "  … %d more\n", len(a.Wrong)-n)
		}
	}
	if len(rc.Wrong) > 0 {
		fmt.Fprintf(ew, "\n(records): %s with unmatched records\n", plural(len(rc.Wrong), "page"))
		n := r.showN(len(rc.Wrong))
		for _, p := range rc.Wrong[:n] {
			fmt.Fprintf(ew, "  %s  expected %d, predicted %d, matched %d\n", p.Page, p.Expected, p.Predicted, p.Matched)
		}
		if 0 < n && n < len(rc.Wrong) {
			fmt.Fprintf(ew, "  … %d more\n", len(rc.Wrong)-n)
		}
	}
	return ew.err
}

// showN is how many of n wrong pages WriteText shows.
func (r *Report) showN(n int) int {
	if r.show < 0 {
		return n
	}
	return min(n, r.show)
}

func quoteList(vs []string) string {
	if len(vs) == 0 {
		return "(none)"
	}
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(q, ", ")
}

// outcomeSummary describes outcome counts in words, most frequent first.
func outcomeSummary(c map[Outcome]int) string {
	type kv struct {
		o Outcome
		n int
	}
	var l []kv
	for o, n := range c {
		l = append(l, kv{o, n})
	}
	sort.Slice(l, func(i, j int) bool {
		if l[i].n != l[j].n {
			return l[i].n > l[j].n
		}
		return l[i].o < l[j].o
	})
	var parts []string
	for _, e := range l {
		parts = append(parts, fmt.Sprintf("%s %d", e.o, e.n))
	}
	return strings.Join(parts, ", ")
}

// plural returns "1 page", "2 pages".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// errWriter keeps the first write error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	_, e.err = e.w.Write(p)
	return len(p), nil
}
