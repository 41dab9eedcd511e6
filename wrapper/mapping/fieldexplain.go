package mapping

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
	Spare  []CandidateExplain `json:"spare,omitempty"`
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
