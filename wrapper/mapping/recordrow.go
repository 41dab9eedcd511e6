package mapping

// otherRecordRows turns otherRecordRow on (a switch for the tests).
var otherRecordRows = true

// On a detail page, the words before a value in the iterations of a set
// that are records of other objects (recordLike: a sidebar of "Customers
// also bought", each item a title, an author, a price and a date) are
// another record's text, not a row label of the page's object: a single
// field learns no label there ("USD" before "42.99, 1/22/1992" made the
// release date the sidebar's). Its own slot, outside the sidebar, is
// found by the mechanisms that place a field without a candidate
// (learnParts, learnRowItems).

// otherRecordRow reports whether a single field's learned label in a set's
// slot is passed over: a detail page (one object per page, scope < 0)
// and a set of other objects' records (rl, from recordLike).
func otherRecordRow(w *State, scope int, rl bool) bool {
	return otherRecordRows && rl && scope < 0 && (w.Mult == "1" || w.Mult == "?")
}
