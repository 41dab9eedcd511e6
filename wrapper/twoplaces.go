package wrapper

// A detail page's set field comes from one place (detailPlaces), but the
// template may hold that place twice: a "By:" row that the site puts in
// the first block of rows on some pages and in the second on others ("two
// blocks" of details, each with optional rows) is, to ExAlg, two slots.
// The second is the same place when it holds the field's values exactly
// on the sample pages where the chosen place holds none: the row moved,
// it did not repeat. A sidebar of other objects' names, or reviewers,
// show up beside the object's own values on some page and stay out.

// otherBlock reports whether slot s holds values only on sample pages
// where the chosen place p holds none, on minCnt pages or more.
func otherBlock(p, s *slotStats, minCnt int) bool {
	if len(s.perPage) < max(2, minCnt) {
		return false
	}
	for pg, n := range s.perPage {
		if n > 0 && p.perPage[pg] > 0 {
			return false
		}
	}
	return true
}
