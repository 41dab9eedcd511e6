package objectrunner

import (
	"fmt"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/wrapper"
)

// DiagRejected: values read for a field typed by a regex or a predefined
// recognizer failed it and were left out (wrapper.Object.Rejected): on
// those pages the field's slot holds something else, and the field is
// empty there rather than wrong.
const DiagRejected = "rejected-values"

// MaxRejectedExamples bounds FieldStats.RejectedExamples.
const MaxRejectedExamples = 5

// countRejected adds o's rejected values to rep.Fields.
func (rep *Report) countRejected(o *wrapper.Object) {
	for _, r := range o.Rejected {
		st := rep.Fields[r.Field]
		if st == nil {
			st = &FieldStats{}
			rep.Fields[r.Field] = st
		}
		st.Rejected++
		if len(st.RejectedExamples) < MaxRejectedExamples && !slices.Contains(st.RejectedExamples, r.Text) {
			st.RejectedExamples = append(st.RejectedExamples, r.Text)
		}
	}
}

// rejectedDiagnostics returns a DiagRejected diagnostic for every field
// with rejected values, with their count, share and examples.
func rejectedDiagnostics(rep *Report) []Diagnostic {
	if rep.Wrapper == nil {
		return nil
	}
	var out []Diagnostic
	for _, f := range rep.Wrapper.Fields() {
		st := rep.Fields[f.Path]
		if st == nil || st.Rejected == 0 {
			continue
		}
		read := st.Values + st.Rejected
		q := make([]string, len(st.RejectedExamples))
		for i, e := range st.RejectedExamples {
			q[i] = fmt.Sprintf("%q", e)
		}
		out = append(out, Diagnostic{Kind: DiagRejected, Field: f.Path, Message: fmt.Sprintf(
			"field %s: %d of the %d values read (%.0f%%) are not recognised as %s and were left out (e.g. %s): on those pages its slot holds something else",
			f.Path, st.Rejected, read, 100*float64(st.Rejected)/float64(read), recognizerName(f), strings.Join(q, ", "))})
	}
	return out
}

// noteDiagnostics returns the wrapper's notes on the sample it was learned
// from (wrapper.Wrapper.Notes: abstentions, multiplicity hints) as
// diagnostics of the same kinds.
func noteDiagnostics(rep *Report) []Diagnostic {
	if rep.Wrapper == nil || rep.Sample == nil || len(rep.Sample.Pages) == 0 {
		return nil
	}
	var out []Diagnostic
	for _, n := range rep.Wrapper.Notes(rep.Sample.Pages) {
		out = append(out, Diagnostic{Kind: n.Kind, Field: n.Field, Message: n.Message})
	}
	return out
}
