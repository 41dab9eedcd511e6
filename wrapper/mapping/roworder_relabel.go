package mapping

// Row order. Label-value rows that come in another order on every page
// ("Brand" before "Model" on one page, after it on the next) cannot be
// aligned by ExAlg: a template is a sequence, so the rows fall into one
// slot or into slots of their own on some pages only. The same row is
// recognised whatever its position by the label it opens with, so the
// tokenizer puts such rows in one canonical order (their labels sorted)
// before ExAlg sees them, at induction and at extraction alike: the
// template then holds one place per row kind, optional when the row is
// absent from some pages, and every other mechanism (labels, optional
// rows, mapping) works as on a template whose rows never move.
//
// A container element's children are cut into rows (rowUnits): an element
// that opens with a label (labelOf, or a text "Label: value") is a row of
// its own (<tr>, <li>, <div class="row">); a label element (<dt>, or an
// element whose only text ends with ":") or a text opening with "Label:"
// starts a row that runs over the following siblings (<dd>, the value's
// elements and text) up to the next row or a <br>. Other children (<br>,
// headings, notes) keep their places; the rows fill the places rows had,
// in the canonical order.
//
// Which rows are sorted is learned from the sample (learnRowOrder): the
// labels of rows that the sample shows in both orders relative to another
// such label (a before b in one container, b before a in another), each on
// labelMinRecords of the sample pages (records) and at least two, never
// annotated (a label the recognizers find is a value), and never twice
// in one container (items of a list repeat their first words). Rows
// whose labels are not learned keep their places, and a container is
// reordered only when it holds two learned rows or more and no learned
// label twice. Without learned labels nothing changes: the tokens are
// those of the page.

import (
	"strings"
)

// relabel gives the tokens of a row under the container at path parent
// roles of their own, keyed by the row's label: the step of each of the
// row's elements (and of its text right in the container) under parent
// gets "@" and the label, so that a row of one kind aligns with the same
// row on other pages and not with the rows around it (the tags of all
// rows are alike). An element whose step has a label already (class
// rules, list_class.go) keeps it.
func (em *rowEmitter) relabel(toks []Token, parent int32, key string) {
	ps := em.ps
	if parent < 0 {
		return
	}
	memo := map[int32]int32{}
	var up func(p int32) int32
	up = func(p int32) int32 {
		if p < 0 || p == parent {
			return p
		}
		if q, ok := memo[p]; ok {
			return q
		}
		k := ps.Keys[p]
		var q int32
		switch {
		case k.parent == parent && strings.Contains(k.tag, ".@"):
			q = p
		case k.parent == parent:
			q = ps.Child(parent, k.tag+".@"+key)
		case k.parent <= 0:
			q = p // not under the container
		default:
			if a := up(k.parent); a < 0 {
				q = -1
			} else {
				q = ps.Child(a, k.tag)
			}
		}
		memo[p] = q
		return q
	}
	for i := range toks {
		t := &toks[i]
		if t.Path == parent && t.Kind == KindWord {
			t.Path = ps.Child(parent, "#@"+key)
			continue
		}
		t.Path = up(t.Path)
	}
}

// RowOrdering turns the canonical row order on (a switch for the tests
// that show what it does, and for those of mechanisms it makes moot).
var RowOrdering = true
