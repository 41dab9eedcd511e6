package mapping

// Label near the slot. A page label (pageLabel) is the last run of words
// before a value, however many tags stand between: in "<th>Publisher:
// </th><td>value" two, in "<li><b>ISBN-13</b>: value" one, but a link
// of a toolbar ("<li><a>Print this page</a></li></ul><div><div><img>
// <div></div></div></div><div><p>66 Ratings") is a dozen tags away from
// the next block's first words. Such a far label names nothing of the
// value: it is the end of another page part. A label counts as naming
// the slot's field (namedLabel) only when it stands near the values it
// precedes, on most of the pages where it precedes them: at most
// labelNearTags tags between its last word and the value (a header row
// above a value row, "<tr><th>Price</th></tr><tr><td><span><b>$9" is 6).

// labelNearTags is the most tags between a near label and its value.
const labelNearTags = 8

// labelGap returns the number of tags between token x and the last word
// before it that is not punctuation (pageLabel's label), -1 when none.
func labelGap(toks []Token, x int) int {
	n := 0
	for y := x - 1; y >= 0; y-- {
		switch {
		case toks[y].Kind == KindWord && alnum(toks[y].Text()) != "":
			return n
		case toks[y].Kind == KindStart || toks[y].Kind == KindEnd:
			n++
		}
	}
	return -1
}

// farLabel reports whether label k stood far from the slot's values (see
// above) on more than half of the values it preceded.
func (st *slotStats) farLabel(k string) bool {
	n := 0
	for _, c := range st.LabVals[k] {
		n += c
	}
	return 2*st.LabFar[k] > n
}
