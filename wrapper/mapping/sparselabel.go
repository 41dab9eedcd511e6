package mapping

import "slices"

// A row label learned in a set's slot (learnedLabel) is the one before
// whose values a field's instances are found: "School: …" among
// "Represented by: …" rows folded into one set. With a dictionary that
// knows a quarter of the colleges, the label's values are instances in far
// fewer than GeneraliseThres of the cases, yet the label is still the
// field's row when nearly all of the field's annotations in the slot fall
// under it and other types hardly annotate its values: a sparse
// dictionary, not another row's values (learnParts counts a shared slot's
// annotations likewise). Not in a set whose iterations are records of
// other objects (recordLike: a sidebar of players, each with a position
// and a team), where the words before a value are another record's.

// sparseRow reports whether label k of slot st holds GeneraliseThres
// (thres) of the values of the slot mainly annotated with f's types (ann
// of them under k), with values of other types under k at most 1-thres
// of the annotated ones there.
func sparseRow(st *slotStats, k string, f FieldSpec, ann int, thres float64) bool {
	if !SparseRows {
		return false
	}
	if float64(ann) < thres*float64(st.Count(f.Types)) {
		return false
	}
	other := 0
	for t, n := range st.LabAnn[k] {
		if !slices.Contains(f.Types, t) {
			other = max(other, n)
		}
	}
	return float64(other) <= (1-thres)*float64(ann+other)
}

// SparseRows turns sparseRow on (a switch for the tests that show what
// another mechanism does without it).
var SparseRows = true
