package objectrunner

import "fmt"

// DiagOutsideRegion: on detail pages, a field is read from a slot outside
// the object's region (the part of the page where the fields placed
// without doubt sit), because the region holds no candidate slot of the
// field: its values may be another object's (a sidebar's, a
// recommendation's). See docs/mapping.md, "Locality".
const DiagOutsideRegion = "outside-region"

// outsideRegion returns a DiagOutsideRegion diagnostic for every field of
// the wrapper read from a slot flagged outside the object's region
// (wrapper.SlotMap.Outside).
func outsideRegion(rep *Report) []Diagnostic {
	if rep.Wrapper == nil {
		return nil
	}
	var out []Diagnostic
	seen := map[string]bool{}
	for _, sm := range rep.Wrapper.Slots() {
		if !sm.Outside || seen[sm.Field] {
			continue
		}
		seen[sm.Field] = true
		out = append(out, Diagnostic{Kind: DiagOutsideRegion, Field: sm.Field, Message: fmt.Sprintf(
			"field %s is read from slot %d, outside the region of the page where the object's other fields are (no candidate inside it): its values may belong to another object (a sidebar, a recommendation); see wrapper show --explain",
			sm.Field, sm.Slot)})
	}
	return out
}
