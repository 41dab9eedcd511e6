package wrapper

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Explanation of the mapping: per field, the candidate slots mapSlots
// weighed, with the factors of their Score (score.go), the order in which
// they were considered and the slots the field got. The numbers are the
// ones the model used, recorded while it decided, not recomputed: a user
// reads them with `objectrunner wrapper show --explain` (after
// `extract --save-wrapper FILE --save-explain`), a developer with
// Wrapper.Explanation.

// FieldExplain is the explanation of one field's placement.
type FieldExplain struct {
	Field string `json:"field"`
	// Candidates are the field's candidate slots, best Total first.
	Candidates []CandidateExplain `json:"candidates,omitempty"`
	// Slots are the slots the field got, in template order (candidates
	// and slots placed after weighing by a rule: lines joined, parts of
	// another field's value, items among rows, …).
	Slots []int `json:"slots,omitempty"`
	// Region is the detail page's object region the locality factor used
	// (locality.go): the fields whose slots anchored it, "" when no
	// region was found.
	Region string `json:"region,omitempty"`
	// Others are slots that are no candidate of the field, offered to a
	// user when the field got no slot (review.go); Sample is the number
	// of sample pages (or records) of the mapping.
	Others []CandidateExplain `json:"others,omitempty"`
	Sample int                `json:"sample,omitempty"`
}

// CandidateExplain is one candidate slot of a field.
type CandidateExplain struct {
	Slot  int     `json:"slot"`
	Label string  `json:"label,omitempty"` // the page label that keys the slot
	Score Score   `json:"score"`
	Total float64 `json:"total"`
	// Chosen: the field got this slot. Outside: the slot lies outside the
	// object's region (locality.go).
	Chosen  bool `json:"chosen,omitempty"`
	Outside bool `json:"outside,omitempty"`
	// Context, Samples and PerPage say where the slot sits and what it
	// holds, for a user choosing among candidates (review.go).
	Context string            `json:"context,omitempty"`
	Samples []CandidateSample `json:"samples,omitempty"`
	PerPage float64           `json:"per_page,omitempty"`
}

// Explanation returns, per field of the SOD (in SOD order), how its slots
// were chosen; nil for a loaded wrapper saved without it.
func (w *Wrapper) Explanation() []FieldExplain { return w.explain }

// SaveExplanation makes Save write the explanation into the wrapper file
// (off by default: it is for reading, extraction does not use it).
func (w *Wrapper) SaveExplanation(on bool) { w.saveExplain = on }

// explainMapping builds the explanation of one mapSlots run from its
// candidates (cands, any order) and its result (out).
func explainMapping(w *Wrapper, cands []cand, out []SlotMap, reg *region, stats []*slotStats, labels [][]string, inScope func(int) (bool, int), nPages int) []FieldExplain {
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
			if c.field != fi {
				continue
			}
			ce := CandidateExplain{Slot: c.slot, Label: c.label, Score: c.sc, Total: c.score, Chosen: got[c.slot]}
			ce.Outside = reg != nil && c.sc.Locality < 1
			w.describe(&ce, stats[c.slot], labels[c.slot]) // review.go
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
			if _, err := fmt.Fprintf(out, "  %s slot %-4d total %-9s%s%s  %s", mark, c.Slot, fmtFactor(c.Total), lab, where, c.Score); err != nil {
				return err
			}
			if c.Score.Valid >= 0 {
				fmt.Fprintf(out, "  (recognized %s)", fmtFactor(c.Score.Valid))
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
