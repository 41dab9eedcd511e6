package mapping

// A single patterned field written in one node with another single field
// ("37 Goalie" for a jersey number and a position, "66 Left Wing") is, in
// most of those values, a minority of the words: its annotations touch
// every value of the slot but cover half of the words in few, so the slot
// is no candidate of its (mapSlots counts values mainly annotated), the
// other field takes it, and the field takes whatever weak slot of its own
// is left (a "Round 2" row, its one-digit values nearly constant) instead
// of sharing (learnParts). Part candidates (cand.part) give such a field
// the slot's evidence for sharing only: a slot where its instances touch
// GeneraliseThres of the values (and minCnt) is never mapped to it
// directly, but once another single field has it and the values hold both
// instances side by side (sharesTaken), the field waits for its part
// there, as when its own candidate slot is taken. A part candidate
// weighs partWeight of a candidate counted on whole values.

import (
	"github.com/objectrunner/objectrunner/recognizers"
)

// PartWeight scales a part candidate's score: an instance among other
// words is weaker evidence than a value that is mainly one.
const PartWeight = 0.5

// HasPattern returns the set of the paths of valid (fields with a pattern
// recognizer).
func HasPattern(valid map[string]recognizers.Recognizer) map[string]bool {
	out := make(map[string]bool, len(valid))
	for p := range valid {
		out[p] = true
	}
	return out
}
