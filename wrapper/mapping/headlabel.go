package mapping

// Kept by the issue 21 ablation (zoo seeds 1-100, 15000-15149): a rule on
// the label factor (a heading is no label at all, which a weight cannot
// say); off, s15006-events-list is no longer stopped and emits wrong
// values (place precision 0.43, performers 0.51).

import (
	"slices"
	"strings"
)

// List headings are not row labels. A sidebar list ("Trending players",
// "Teammates", "Most viewed" above other objects' names) folds into one
// slot of a set; the heading's words come right before the list's first
// item and so look like a label naming a field ("players" for
// player_name) before one value of the slot per page. Two things tell a
// heading from the label of rows folded into a set ("College/Univ: …",
// "Agent: …"): the list's other items follow no row label (the words
// before them are the previous item's, a varying team name), and the
// heading is no text of the set's iterations, where a row label that
// varies from row to row is a slot of the same set. A single field does
// not take a set's slot on a list's heading.

// listHeading reports whether label (page words before some values of
// slot s, inside a set) is a list's heading: the slot's other values on
// the label's pages mostly follow no row label (unlabelledRest), and no
// slot of s's innermost set has the label as its text on half the
// label's pages or more.
func listHeading(stats []*slotStats, sets [][]int, s int, label string, nPages, minCnt int) bool {
	if len(sets[s]) == 0 || !unlabelledRest(stats[s], label, nPages, minCnt) {
		return false
	}
	inner := sets[s][len(sets[s])-1]
	pgs := len(stats[s].LabPages[label])
	for s2, st := range stats {
		if s2 == s || !slices.Contains(sets[s2], inner) {
			continue
		}
		n := 0
		for v, c := range st.Values {
			var ws []string
			for _, w := range strings.Fields(v) {
				ws = append(ws, LabelWords(w)...)
			}
			if strings.Join(ws, " ") == label {
				n += c
			}
		}
		if 2*n >= pgs {
			return false // a row's own label, inside the set
		}
	}
	return true
}

// unlabelledRest reports whether, on the pages where label precedes
// values of st, the slot has other values and fewer than half of them
// follow a label that recurs on minCnt pages and half the sample or more
// (a row kind comes on most pages; the previous item's words, a team
// among a few dozen, and other lists' headings do not). A label's values
// count on the label's pages only, spread evenly over its pages.
func unlabelledRest(st *slotStats, label string, nPages, minCnt int) bool {
	pgs := st.LabPages[label]
	others := 0
	for pg := range pgs {
		others += st.PerPage[pg]
	}
	for _, n := range st.LabVals[label] {
		others -= n
	}
	if others <= 0 {
		return false
	}
	recurring := 0.0
	for k, kp := range st.LabPages {
		if k == label || len(kp) < minCnt || 2*len(kp) < nPages {
			continue
		}
		both := 0
		for pg := range kp {
			if pgs[pg] {
				both++
			}
		}
		n := 0
		for _, c := range st.LabVals[k] {
			n += c
		}
		recurring += float64(n) * float64(both) / float64(len(kp))
	}
	return 2*recurring < float64(others)
}
