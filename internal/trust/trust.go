package trust

import (
	"slices"
	"sort"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/wrapper"
)

// Value is one emitted leaf value of an object.
type Value struct {
	// Page is the object's page path; Field the dotted field path
	// ("where.name" for a field of a nested tuple), as eval flattens it.
	Page, Field string
	// Text is the value as written out; Confidence its confidence and
	// Evidence what that was derived from.
	Text       string
	Confidence float64
	Evidence   wrapper.Evidence
}

// Flatten returns the leaf values of o in field order, nested tuples
// flattened to dotted paths.
func Flatten(o *wrapper.Object) []Value {
	var out []Value
	var walk func(prefix string, fs []wrapper.Field)
	walk = func(prefix string, fs []wrapper.Field) {
		for _, f := range fs {
			path := prefix + f.Name
			for _, v := range f.Values {
				if f.Tuple {
					walk(path+".", v.Fields)
					continue
				}
				out = append(out, Value{Page: o.Page, Field: path, Text: v.Text, Confidence: v.Confidence, Evidence: v.Evidence})
			}
		}
	}
	walk("", o.Fields)
	return out
}

// Judged is the verdict on a run's values.
type Judged struct {
	// Values and Right count the values of labelled pages and the right
	// ones; Unlabelled those of pages the truth does not label.
	Values, Right, Unlabelled int
	// Reliability bins the judged values by confidence.
	Reliability *eval.Reliability
	// Wrong lists the wrong values.
	Wrong []Value
}

// Precision is the share of judged values that are right (1 with none).
func (j *Judged) Precision() float64 {
	if j.Values == 0 {
		return 1
	}
	return float64(j.Right) / float64(j.Values)
}

// Merge adds o's counts to j.
func (j *Judged) Merge(o *Judged) {
	j.Values += o.Values
	j.Right += o.Right
	j.Unlabelled += o.Unlabelled
	j.Reliability.Merge(o.Reliability)
	j.Wrong = append(j.Wrong, o.Wrong...)
}

// NewJudged returns empty counts with the default reliability bins.
func NewJudged() *Judged { return &Judged{Reliability: eval.NewReliability()} }

// Judge judges every value against truth (eval.Truth.Judge): a value is
// right when it normalises to one of its field's true values on its page.
func Judge(truth *eval.Truth, vals []Value) *Judged {
	j := NewJudged()
	for _, v := range vals {
		switch truth.Judge(v.Page, v.Field, v.Text) {
		case eval.ValueUnlabelled:
			j.Unlabelled++
			continue
		case eval.ValueRight:
			j.Right++
			j.Reliability.Add(v.Confidence, true)
		default:
			j.Wrong = append(j.Wrong, v)
			j.Reliability.Add(v.Confidence, false)
		}
		j.Values++
	}
	return j
}

// Unrecognized returns, by field path, the values of fields typed by a
// regex or predefined recognizer in which none of the field's types'
// recognizers (recs, by type name) finds an instance: values that fail
// their own type. Fields typed by dictionaries are not checked (a
// dictionary knows few of the values it types).
func Unrecognized(fields []wrapper.FieldSpec, recs map[string]recognizers.Recognizer, vals []Value) map[string][]Value {
	patterned := map[string][]recognizers.Recognizer{}
	for _, f := range fields {
		if f.Tuple || (f.Predefined == "" && f.Regex == nil) {
			continue
		}
		for _, t := range f.Types {
			if r := recs[t]; r != nil {
				patterned[f.Path] = append(patterned[f.Path], r)
			}
		}
	}
	out := map[string][]Value{}
	for _, v := range vals {
		rs, ok := patterned[v.Field]
		if !ok {
			continue
		}
		found := false
		for _, r := range rs {
			if ok, err := recognizers.Recognizes(r, v.Text); err == nil && ok {
				found = true
				break
			}
		}
		if !found {
			out[v.Field] = append(out[v.Field], v)
		}
	}
	return out
}

// Diagnosed returns the kinds of the diagnostics that name field f: those
// whose Field is f's path, and the rare-type diagnostics of one of f's
// entity types (a type its recognizer rarely finds is the field's
// problem). Sorted, without repeats.
func Diagnosed(diags []objectrunner.Diagnostic, f wrapper.FieldSpec) []string {
	var kinds []string
	for _, d := range diags {
		if d.Field == "" {
			continue
		}
		if d.Field == f.Path || (d.Kind == objectrunner.DiagRareType && slices.Contains(f.Types, d.Field)) {
			kinds = append(kinds, d.Kind)
		}
	}
	sort.Strings(kinds)
	return slices.Compact(kinds)
}

// Coverage counts, over scored fields, how many that score badly got a
// diagnostic naming them and how many that score well did.
type Coverage struct {
	// Bad counts fields with value F1 < BadF1, BadDiagnosed those of them
	// with a diagnostic; Good and GoodDiagnosed the same for F1 >= GoodF1.
	Bad, BadDiagnosed, Good, GoodDiagnosed int
}

// Thresholds of Coverage (issue 20: at least 90 % of the fields below 0.90
// get a diagnostic, at most 10 % of those at 0.95 or more).
const (
	BadF1  = 0.90
	GoodF1 = 0.95
)

// Add counts one field of value F1 f1, diagnosed or not.
func (c *Coverage) Add(f1 float64, diagnosed bool) {
	switch {
	case f1 < BadF1:
		c.Bad++
		if diagnosed {
			c.BadDiagnosed++
		}
	case f1 >= GoodF1:
		c.Good++
		if diagnosed {
			c.GoodDiagnosed++
		}
	}
}

// BadShare is the share of badly scoring fields diagnosed (1 with none);
// GoodShare the share of well scoring fields diagnosed (0 with none).
func (c Coverage) BadShare() float64 {
	if c.Bad == 0 {
		return 1
	}
	return float64(c.BadDiagnosed) / float64(c.Bad)
}

// GoodShare: see BadShare.
func (c Coverage) GoodShare() float64 {
	if c.Good == 0 {
		return 0
	}
	return float64(c.GoodDiagnosed) / float64(c.Good)
}
