package mapping

// Kept by the issue 21 ablation (zoo seeds 1-100, 15000-15149): a
// candidate filter before the weighing (dropParts); off, the values stay
// but right brand values lose confidence (0.65 to 0.24 on s0013, 0.60 to
// 0.08 on s15103).

import (
	"strings"
)

// Whole items are not parts. dropParts (partslots.go) drops a dictionary
// field's candidate slot whose values are proper parts of another
// candidate slot's values: a brand beside the whole product name. A
// lineup that repeats the headliner ("Foxes of Saturn" in the heading,
// then "Foxes of Saturn<br>The Neon Harbors<br>…" in the performers'
// line) looks the same by words, but there the short value is a whole item
// of the long one: the lines of the long value (joined with ", " by
// valueText) or its items between separator punctuation. Such a value is
// one of the list's names, not a part of one name, and its slot stays a
// candidate of the single field (the headliner keeps the heading).

// partNotItem reports whether short is a proper part of long (properPart)
// somewhere other than as a whole item of it: a run of words with an item
// boundary (the start or end of long, or a word ending in "," or ";") on
// both sides.
func partNotItem(short, long string) bool {
	if !properPart(short, long) {
		return false
	}
	s, l := strings.Fields(strings.ToLower(short)), strings.Fields(strings.ToLower(long))
	for i := 0; i+len(s) <= len(l); i++ {
		if !runAt(s, l, i) {
			continue
		}
		before := i == 0 || itemEnd(l[i-1])
		after := i+len(s) == len(l) || itemEnd(l[i+len(s)-1])
		if !before || !after {
			return true
		}
	}
	return false
}

// itemEnd reports whether a word ends an item of a list written in one
// value ("Harbors," "Harbors;").
func itemEnd(w string) bool {
	return strings.HasSuffix(w, ",") || strings.HasSuffix(w, ";")
}
