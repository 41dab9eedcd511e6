package mapping

import (
	"golang.org/x/net/html"
)

// Rows of a definition list or of a two-column table share their
// smallest common element: "<dt>Author(s)</dt><dd>A</dd><dt>Edited
// by</dt><dd>B</dd>" puts both values and both labels in the <dl>, so
// the row (rowOf.row) of the editor is the author's. Their labels,
// though, are elements of their own (the <dt>s): two values after two
// label elements under two labels are two rows (otherRow), while a label
// written beside the value in one element ("by <a>A</a> and <a>B</a>")
// has no element of its own and keeps both names in one row.

// labelElement returns the element whose text is the label (the parent
// element of the label's text node lab) when it does not hold the value's
// first node val; nil otherwise.
func labelElement(lab, val *html.Node) *html.Node {
	if lab == nil || val == nil {
		return nil
	}
	e := lab.Parent
	if lab.Type == html.ElementNode {
		e = lab
	}
	for e != nil && e.Type == html.ElementNode && len(e.Data) > 0 && inlineLabelTag(e.Data) {
		// "<dt><b>Edited by</b></dt>": the row's label is the <dt>.
		if e.Parent == nil || holds(e.Parent, val) {
			break
		}
		e = e.Parent
	}
	if e == nil || e.Type != html.ElementNode || holds(e, val) {
		return nil
	}
	return e
}

// inlineLabelTag reports whether an element of tag t only styles a
// label's text.
func inlineLabelTag(t string) bool {
	switch t {
	case "b", "strong", "span", "em", "i", "label", "small":
		return true
	}
	return false
}

// otherLabelElement reports whether two labelled values stand after two
// label elements of their own.
func otherLabelElement(a, b rowOf) bool {
	return a.lab != nil && b.lab != nil && a.lab != b.lab
}

// steadyLabel reports whether the labels before slot st's values are one
// text on half of the pages or more: a row label ("Edited by"), not the
// previous value ("<dd>A</dd><dd>B</dd>" after one "Authors" label, where
// the words before B are A, another name on every page).
func steadyLabel(st *slotStats) bool {
	n := map[string]int{}
	top := 0
	for _, r := range st.Rows {
		n[r.Label]++
		top = max(top, n[r.Label])
	}
	return len(st.Rows) > 0 && 2*top >= len(st.Rows)
}
