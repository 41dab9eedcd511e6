package mapping

import "slices"

// Places of a set field: a set right after a slot, or around a field's
// own slots, is in that slot's place (samePlace).

// nestedPlace reports whether slots in sets s and p can be in one place
// (samePlace): in the same sets, or one in a set inside the other's (the
// items after a list's first item, "Spanish | <a>American</a>", are a set
// of their own right after it).
func nestedPlace(s, p []int) bool {
	if len(s) < len(p) {
		s, p = p, s
	}
	return slices.Equal(s[:len(p)], p)
}

// othersUsed returns the slots of used but those of own: a field's own
// slots do not cut its place in two (samePlace), "<span> A & B </span>"
// before the lineup's other form.
func othersUsed(used map[int]bool, own []int) map[int]bool {
	if len(own) == 0 {
		return used
	}
	out := make(map[int]bool, len(used))
	for s, u := range used {
		if u && !slices.Contains(own, s) {
			out[s] = true
		}
	}
	return out
}
