package wrapper

// Two optional elements of one field each, side by side ("<div
// class='born-value'>18 October 1983</div><div class='college-value'>
// Ironbridge University</div>" in a roster's records), may be one slot in
// the template: its values are then one line or two. learnParts shares a
// slot only when its values are one line (page parts are not one field's
// line); it shares this one too when nearly every value that breaks is
// two text nodes and the host field has a pattern: the host's instance is
// one line, the rest the other field's (a dictionary field's value is the
// text without the host's instance; a patterned field's, its own instance:
// a date and, on most pages, a time after a <br> in one cell, which is one
// slot when the sample shows pages of both kinds). sharesTaken accepts
// such a slot too, so the field whose pattern is found there does not take
// a weaker candidate of its own (an on-sale date's row).

// twoNodes reports whether the word tokens of [a, b) lie in exactly two
// text nodes.
func twoNodes(toks []token, a, b int) bool {
	var first, second = -1, -1
	for x := a; x < b; x++ {
		if toks[x].Kind != KindWord {
			continue
		}
		switch {
		case first < 0:
			first = x
		case toks[x].Node == toks[first].Node:
		case second < 0:
			second = x
		case toks[x].Node != toks[second].Node:
			return false
		}
	}
	return second >= 0
}

// twoLineParts reports whether a slot whose values break into lines may
// still be shared (see above): the host has a pattern (hostPat), and thres
// of the broken values are two text nodes. The sharing field may have a
// pattern or not ("3/3/2016<br>8:00 PM" for a date and a time).
func twoLineParts(st *slotStats, hostPat bool, thres float64) bool {
	return hostPat && st.broken > 0 && float64(st.twoLines) >= thres*float64(st.broken)
}
