package objectrunner

import (
	"fmt"
	"strings"
)

// DiagAbstained: a field's values were left out because its doubt notes,
// measured on the sample when the wrapper was learned, refute them
// (wrapper.Evidence.Refuted, Config.KeepRefuted): the field is empty and
// explained rather than wrong. The kind is the wrapper's own for a field
// it left without slot (mapping.NoteAbstained).
const DiagAbstained = "abstained"

// refutedWhy says what each refuting doubt note (wrapper.Evidence.Refuted)
// found on the sample.
var refutedWhy = map[string]string{
	"no-letter":      "values without a letter for a field typed by names",
	"in-aside":       "values read from an aside while the object's other fields are not",
	"label-in-value": "values opening with one same label",
}

// abstainedDiagnostics returns a DiagAbstained diagnostic for every field
// whose values were left out as refuted, naming the field, the notes that
// refute it, examples of the values left out and its candidate slots.
func abstainedDiagnostics(rep *Report) []Diagnostic {
	if rep.Wrapper == nil {
		return nil
	}
	explain := map[string][]string{}
	for _, fe := range rep.Wrapper.Explanation() {
		var cs []string
		for i, c := range fe.Candidates {
			if i == 3 {
				cs = append(cs, fmt.Sprintf("%d more", len(fe.Candidates)-i))
				break
			}
			d := fmt.Sprintf("slot %d (score %.3g", c.Slot, c.Total)
			if c.Label != "" {
				d += fmt.Sprintf(", after %q", c.Label)
			}
			if c.Chosen {
				d += ", chosen"
			}
			if c.Outside {
				d += ", outside the object's region"
			}
			cs = append(cs, d+")")
		}
		explain[fe.Field] = cs
	}
	var out []Diagnostic
	for _, f := range rep.Wrapper.Fields() {
		st := rep.Fields[f.Path]
		if st == nil || st.Refuted == 0 {
			continue
		}
		q := make([]string, len(st.RefutedExamples))
		for i, e := range st.RefutedExamples {
			q[i] = fmt.Sprintf("%q", e)
		}
		cands := "not in the wrapper (saved without its explanation)"
		if cs := explain[f.Path]; len(cs) > 0 {
			cands = strings.Join(cs, ", ")
		}
		why := make([]string, len(st.RefutedBy))
		for i, k := range st.RefutedBy {
			why[i] = k
			if m := refutedWhy[k]; m != "" {
				why[i] += ": " + m
			}
		}
		out = append(out, Diagnostic{Kind: DiagAbstained, Field: f.Path, Message: fmt.Sprintf(
			"field %s left empty: its %d values (e.g. %s) were left out, because on the sample its slot held something other than its values (%s); candidates: %s; none is clearly the field's (keep the values with --keep-refuted)",
			f.Path, st.Refuted, strings.Join(q, ", "), strings.Join(why, "; "), cands)})
	}
	return out
}
