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
	"slices"
	"strings"
)

// InternPlain interns, for every path holding a row's role (a step
// "div.@made_by", or "#@made_by" for a row's text right in its
// container), the path the tokenizer gives before relabel: a loaded
// wrapper knows only its template's paths, and a row's tokens must have
// a path for relabel to give them their role.
//
// A step's "@" does not always come from relabel: class rules put a
// label token among an element's class tokens too
// ("section.@details.product__details", list_class.go), and the
// tokenizer gives that step before relabel. Only a step that is a tag,
// ".@" and a label of the row order comes from relabel; when a class
// rule could give the same step, both plain paths are interned.
func (ps *Paths) InternPlain() {
	n := len(ps.Keys)
	plain := make([][]int32, n)
	plain[0] = []int32{0}
	for id := 1; id < n; id++ {
		k := ps.Keys[id]
		pars := []int32{0}
		if k.parent > 0 {
			pars = plain[k.parent]
		}
		var out []int32
		add := func(q int32) {
			if q >= 0 && !slices.Contains(out, q) {
				out = append(out, q)
			}
		}
		for _, par := range pars {
			switch i := strings.Index(k.tag, "@"); {
			case i == 1 && k.tag[0] == '#':
				add(par)
			case i > 0 && k.tag[i-1] == '.' && ps.Rows.relabels(k.tag[i+1:]):
				add(ps.Child(par, k.tag[:i-1]))
				add(ps.Child(par, k.tag))
			default:
				add(ps.Child(par, k.tag))
			}
		}
		plain[id] = out
	}
}

// relabels reports whether rows labelled key get roles of their own
// (relabel), which then show in their elements' steps.
func (ro *rowOrder) relabels(key string) bool {
	return ro != nil && (ro.fixed[key] || ro.stay[key])
}
