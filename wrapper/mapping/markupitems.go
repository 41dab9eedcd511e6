package mapping

import (
	"strings"

	"golang.org/x/net/html"
)

// Set items delimited by markup. A set value written as elements, one
// item each ("<a>Static Kites</a> / <a>Owen Jefferson &amp; the
// Owls</a>", "<span>Greek</span> / <span>Cajun/Creole</span>"), has its
// items delimited by the markup: the separator the sample shows between
// the elements (" / ") says nothing about the text inside one element,
// and a weak separator there ("&", "/") is part of the item. Two rules
// read such values:
//
//   - splitItems does not cut at a learned separator inside the whole
//     text of an element that opens inside the value when the value holds
//     two such elements at the same path or more (markupItem): the value's
//     items are its elements;
//   - refineSets keeps, beside the item paths of the sample's instances,
//     a path whose runs are whole element texts and that never shares a
//     value with an item path (alternativeForm): the set written in
//     another form on some records (links instead of <span>s), which a
//     dictionary that knows a tenth of the names rarely annotates there.
//     Without it the records written in that form lost their whole set.
//     Role notes between linked names ("(Illustrator)") share their value
//     with the names and stay out.

// ownElement reports whether the run of words [x, y) of the value [a, b)
// is the whole text of an element that opens inside the value.
func ownElement(toks []Token, a, x, y int) bool {
	n := toks[x].Node()
	if n == nil || toks[y-1].Node() != n || n.Parent == nil || n.Parent.Type != html.ElementNode {
		return false
	}
	p := n.Parent
	for c := p.FirstChild; c != nil; c = c.NextSibling {
		if c != n && !(c.Type == html.TextNode && strings.TrimSpace(c.Data) == "") {
			return false
		}
	}
	for z := x - 1; z >= a; z-- {
		if toks[z].Kind == KindStart && toks[z].Node() == p {
			return true
		}
	}
	return false
}

// markupItem reports whether word x of the set value [a, b) lies in the
// whole text of an element of its own inside the value, and the value
// holds two such elements at that path or more: the value's items are
// delimited by markup, and a separator inside one of them is part of it.
func markupItem(toks []Token, a, b, x int) bool {
	var mine [2]int
	for rx, ry := nextRun(toks, a, b); rx < ry; rx, ry = nextRun(toks, ry, b) {
		if rx <= x && x < ry {
			mine = [2]int{rx, ry}
			break
		}
	}
	if mine[0] == mine[1] || !ownElement(toks, a, mine[0], mine[1]) {
		return false
	}
	path, n := toks[mine[0]].Path, 0
	for rx, ry := nextRun(toks, a, b); rx < ry; rx, ry = nextRun(toks, ry, b) {
		if rt, _, _ := ValueText(toks, rx, ry); toks[rx].Path == path && hasWord(rt) && ownElement(toks, a, rx, ry) {
			n++
		}
	}
	return n >= 2
}

// alternativeForms returns the paths of runs that are another form of a
// set slot's values (see the file comment): not in keep, held by two
// values or more, every run there the whole text of its own element, and
// never in a value with a run at a kept path. valuePaths holds, per
// sample value, its paths of runs with a word; own, per path, whether
// every such run there was a whole element text.
func alternativeForms(valuePaths []map[int32]bool, own map[int32]bool, keep map[int32]bool) []int32 {
	held, mixed := map[int32]int{}, map[int32]bool{}
	for _, ps := range valuePaths {
		kept := false
		for p := range ps {
			kept = kept || keep[p]
		}
		for p := range ps {
			held[p]++
			if kept {
				mixed[p] = true
			}
		}
	}
	var out []int32
	for p, n := range held {
		if !keep[p] && n >= 2 && own[p] && !mixed[p] {
			out = append(out, p)
		}
	}
	return out
}
