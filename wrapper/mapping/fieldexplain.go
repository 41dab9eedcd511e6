package mapping

import (
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
	// Spare are the same slots for a single field that got a slot,
	// offered when a doubt note asks about it (QuestionDoubt).
	Spare []CandidateExplain `json:"spare,omitempty"`
	// Parts are parts of slots' texts that hold the field's instances
	// (a single field; parts.go), offered by the questions after the
	// candidates.
	Parts  []CandidateExplain `json:"parts,omitempty"`
	Sample int                `json:"sample,omitempty"`
	// Filled is the number of sample pages (or records) where one of
	// the field's slots holds a value (review.go: lowFill).
	Filled int `json:"filled,omitempty"`
	// Instances is the number of sample values in the field's slots
	// that are instances of its types (parts.go: partAsk).
	Instances int `json:"instances,omitempty"`
	// Both is the number of sample pages (or records) where two of the
	// field's slots or more hold a value (review.go: dropAsk).
	Both int `json:"both,omitempty"`
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
	// Adds: a single field's candidate holding values only on sample
	// objects where none of the field's slots has one (the field's value
	// at another place of the template on those pages): chosen, it is
	// added to the field's slots (Pin.Add) instead of replacing them.
	Adds bool `json:"adds,omitempty"`
	// Typed: an adding spare slot whose values hold the field's types
	// (typedSlot, review.go): asked about without a doubt.
	Typed bool `json:"typed,omitempty"`
	// Context, Samples and PerPage say where the slot sits and what it
	// holds, for a user choosing among candidates (review.go).
	Context string            `json:"context,omitempty"`
	Samples []CandidateSample `json:"samples,omitempty"`
	PerPage float64           `json:"per_page,omitempty"`
	// Piece, for a part candidate (FieldExplain.Parts), is the part of
	// the slot's text it reads; Hits the sample values where that part
	// holds the field's instance.
	Piece *Piece `json:"piece,omitempty"`
	Hits  int    `json:"hits,omitempty"`
	// Nth is the slot's rank among the slots after the same Context,
	// when there are several (Pin.Nth).
	Nth int `json:"nth,omitempty"`
}

// Explanation returns, per field of the SOD (in SOD order), how its slots
// were chosen; nil for a loaded wrapper saved without it.
func (w *State) Explanation() []FieldExplain { return w.Explain }

// SaveExplanation makes Save write the explanation into the wrapper file
// (off by default: it is for reading, extraction does not use it).
func (w *State) SaveExplanation(on bool) { w.SaveExplain = on }

// explainMapping builds the explanation of one mapSlots run from its
// candidates (cands, any order) and its result (out).
func explainMapping(w *State, cands []cand, out []SlotMap, reg *region, stats []*slotStats, labels [][]string, inScope func(int) (bool, int), nPages int) []FieldExplain {
	var ex []FieldExplain
	for fi, f := range w.FieldSpecs {
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
			ce.Nth = nthOf(labels, c.Slot)
			fe.Candidates = append(fe.Candidates, ce)
		}
		sort.SliceStable(fe.Candidates, func(a, b int) bool { return fe.Candidates[a].Total > fe.Candidates[b].Total })
		markAdds(&fe, f, stats) // review.go
		if reg != nil {
			fe.Region = strings.Join(reg.anchors, ", ")
		}
		fe.Sample = nPages
		filled := map[int]bool{}
		for _, s := range fe.Slots {
			for i, n := range stats[s].PerPage {
				if n > 0 {
					filled[i] = true
				}
			}
		}
		fe.Filled = len(filled)
		fe.Both = overlap(fe.Slots, stats)
		for _, s := range fe.Slots {
			fe.Instances += stats[s].Count(f.Types)
		}
		w.offerOthers(&fe, fi, out, stats, labels, inScope) // review.go
		markSpareAdds(&fe, f, stats)                        // review.go
		w.offerParts(&fe, f, stats, labels, inScope)        // parts.go
		ex = append(ex, fe)
	}
	return ex
}

// noteExplanation records the explanation of the mapping of object scope
// scope (inducePage keeps the chosen scope's).
func (w *State) noteExplanation(scope int, ex []FieldExplain) {
	if w.Trials == nil {
		w.Trials = map[int][]FieldExplain{}
	}
	w.Trials[scope] = ex
	w.Explain = ex
}

// overlap is the number of sample pages (or records) where two or more
// of slots hold a value.
func overlap(slots []int, stats []*slotStats) int {
	if len(slots) < 2 {
		return 0
	}
	n := map[int]int{}
	for _, s := range slots {
		for i, k := range stats[s].PerPage {
			if k > 0 {
				n[i]++
			}
		}
	}
	both := 0
	for _, k := range n {
		if k > 1 {
			both++
		}
	}
	return both
}
