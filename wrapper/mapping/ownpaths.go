package mapping

// Values found in another slot's element.
//
// The sample is made of the best-annotated pages: an optional row can be
// on every one of them, and the template then holds it as constant text
// ("<li class=publisher><a> * </a></li>"). On a page without that row the
// matcher passes over the missing text (match.go) and the slot takes
// whatever lies between the texts around it, such as the next row
// ("<li class=date>Wednesday, August 10, 1994</li>"), which then is the
// publisher while the date's slot stays empty.
//
// Sites tell rows apart by their elements (a class token gives an element
// a step of its own in its occurrence path, list_class.go): the words of
// each slot's sample values sit at some paths. A path where the first
// words of one slot's values sat, on ownMinValues sample values or more,
// and no other slot's words did is that slot's own (SlotMap.Own). At
// extraction, a run of words of another slot's value (a single field's,
// read whole, or an unmapped slot's) that sits at a slot's own path is
// that slot's value: the run goes to that slot when it has no value of
// its own in the object, and is dropped otherwise; the other slot keeps
// the runs before it (or, when the value opens with such runs, those
// after them).

// OwnMinValues is the least number of sample values whose first words
// sat at a path for the path to be a slot's own.
const OwnMinValues = 2

// CountPaths records the occurrence paths of the words of a slot value
// [a, b) (slotStats.wordPaths, firstPaths).
func CountPaths(st *SlotStats, toks []Token, a, b int) {
	if st.WordPaths == nil {
		st.WordPaths, st.FirstPaths = map[int32]bool{}, map[int32]int{}
	}
	first := true
	for x := a; x < b; x++ {
		if toks[x].Kind != KindWord {
			continue
		}
		st.WordPaths[toks[x].Path] = true
		if first {
			st.FirstPaths[toks[x].Path]++
			first = false
		}
	}
}
