package objectrunner

import "fmt"

// DiagEmptySlot: a field has a slot in the wrapper, learned from values
// the slot held on the sample, yet gave no value on any object extracted:
// what the sample showed is not what extraction reads (a value the
// extraction's checks drop, a slot the pages do not reach).
const DiagEmptySlot = "empty-slot"

// EmptySlotMin: the objects extracted for an empty slot to be diagnosed.
const EmptySlotMin = 5

// emptySlots returns a DiagEmptySlot diagnostic for every optional field
// with a slot and no value in any of EmptySlotMin objects or more (a
// mandatory one gets DiagLowFill).
func emptySlots(rep *Report) []Diagnostic {
	w := rep.Wrapper
	if w == nil || rep.Objects < EmptySlotMin {
		return nil
	}
	mapped := map[string]bool{}
	for _, sm := range w.Slots() {
		mapped[sm.Field] = true
	}
	var out []Diagnostic
	for _, f := range w.Fields() {
		if f.Tuple || !f.Optional || !mapped[f.Path] {
			continue
		}
		if st := rep.Fields[f.Path]; st != nil && st.Objects > 0 {
			continue
		}
		out = append(out, Diagnostic{Kind: DiagEmptySlot, Field: f.Path, Message: fmt.Sprintf(
			"field %s has a slot in the wrapper, learned from the values it held on the sample, but no value in any of the %d objects extracted: the values may be dropped by a check at extraction",
			f.Path, rep.Objects)})
	}
	return out
}
