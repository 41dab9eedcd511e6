package mapping

// untilRowLabel returns the items of a set value (ranges of toks, in page
// order) up to the first one, after at least one item, that is a row label:
// words closed by a colon ("Translated by:", "Editor:"). A set slot
// whose text runs on into the next row of the block ("Authors: A<br>B<br>
// Translated by: <span>C</span>", rows separated by <br> alone) gives
// that row's label as an item and its value as more items; the label says
// the set ended. This is a rule of extraction, not of the score: the slot
// is the set's own, only its values run past the set's last item, which the
// sample's statistics cannot bound (the other row is optional and rare).
// A label as the first item is the set's own ("Authors:" inside its slot)
// and is dropped by the value checks as before.
func untilRowLabel(toks []Token, its [][2]int) [][2]int {
	for i := 1; i < len(its); i++ {
		if labelItem(toks, its[i][0], its[i][1]) {
			return its[:i]
		}
	}
	return its
}

// labelItem reports whether tokens [a, b) are words with a letter closed by
// a lone colon.
func labelItem(toks []Token, a, b int) bool {
	last := -1
	for x := b - 1; x >= a; x-- {
		if toks[x].Kind == KindWord {
			last = x
			break
		}
	}
	if last <= a || toks[last].Text() != ":" {
		return false
	}
	for x := a; x < last; x++ {
		if toks[x].Kind == KindWord && hasLetter(toks[x].Text()) {
			return true
		}
	}
	return false
}
