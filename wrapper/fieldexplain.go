package wrapper

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// Explanation returns, per field of the SOD (in SOD order), how its slots
// were chosen; nil for a loaded wrapper saved without it.
func (w *Wrapper) Explanation() []FieldExplain { return w.explain }

// SaveExplanation makes Save write the explanation into the wrapper file
// (off by default: it is for reading, extraction does not use it).
func (w *Wrapper) SaveExplanation(on bool) { w.saveExplain = on }

// explainMapping builds the explanation of one mapSlots run from its
// candidates (cands, any order) and its result (out).
func explainMapping(w *Wrapper, cands []mapping.Cand, out []SlotMap, reg *region, stats []*mapping.SlotStats, labels [][]string, inScope func(int) (bool, int), nPages int) []FieldExplain {
	var ex []FieldExplain
	for fi, f := range w.fields {
		if f.Tuple {
			continue
		}
		fe := FieldExplain{Field: f.Path}
		got := map[int]bool{}
		for _, sm := range out {
			if sm.Field == f.Path {
				got[sm.Slot] = true
				fe.Slots = append(fe.Slots, sm.Slot)
			}
		}
		sort.Ints(fe.Slots)
		for _, c := range cands {
			if c.Field != fi {
				continue
			}
			ce := CandidateExplain{Slot: c.Slot, Label: c.Label, Score: c.Sc, Total: c.Score, Chosen: got[c.Slot]}
			ce.Outside = reg != nil && c.Sc.Locality < 1
			w.describe(&ce, stats[c.Slot], labels[c.Slot], w.reading(f)) // review.go
			fe.Candidates = append(fe.Candidates, ce)
		}
		sort.SliceStable(fe.Candidates, func(a, b int) bool { return fe.Candidates[a].Total > fe.Candidates[b].Total })
		if reg != nil {
			fe.Region = strings.Join(reg.anchors, ", ")
		}
		fe.Sample = nPages
		w.offerOthers(&fe, fi, out, stats, labels, inScope) // review.go
		ex = append(ex, fe)
	}
	return ex
}

// WriteExplanation prints ex as text: per field, its candidates with
// their total and factors, the chosen ones marked "*", outside the
// object's region "outside".
func WriteExplanation(out io.Writer, ex []FieldExplain) error {
	for _, fe := range ex {
		slots := make([]string, len(fe.Slots))
		for i, s := range fe.Slots {
			slots[i] = fmt.Sprint(s)
		}
		got := "no slot"
		if len(slots) > 0 {
			got = "slot " + strings.Join(slots, ", ")
		}
		if _, err := fmt.Fprintf(out, "%s: %s\n", fe.Field, got); err != nil {
			return err
		}
		if fe.Region != "" {
			fmt.Fprintf(out, "  region of: %s\n", fe.Region)
		}
		for _, c := range fe.Candidates {
			mark := " "
			if c.Chosen {
				mark = "*"
			}
			lab := ""
			if c.Label != "" {
				lab = fmt.Sprintf(" label %q", c.Label)
			}
			where := ""
			if c.Outside {
				where = " outside"
			}
			if _, err := fmt.Fprintf(out, "  %s slot %-4d total %-9s%s%s  %s", mark, c.Slot, mapping.FmtFactor(c.Total), lab, where, c.Score); err != nil {
				return err
			}
			if c.Score.Valid >= 0 {
				fmt.Fprintf(out, "  (recognized %s)", mapping.FmtFactor(c.Score.Valid))
			}
			fmt.Fprintln(out)
		}
		if len(fe.Candidates) == 0 {
			fmt.Fprintln(out, "  no candidate slot")
		}
	}
	return nil
}

// noteExplanation records the explanation of the mapping of object scope
// scope (inducePage keeps the chosen scope's).
func (w *Wrapper) noteExplanation(scope int, ex []FieldExplain) {
	if w.trials == nil {
		w.trials = map[int][]FieldExplain{}
	}
	w.trials[scope] = ex
	w.explain = ex
}
