package mapping

// A name's row among rows left in one slot.
//
// Label-value rows whose number and order vary may stay one slot ("ISBN10
// 1104537214" and "Published by Midriver Publishing (1988-07-12)" in one
// value, in either order). learnItems gives a patterned field its item
// there; a name has no pattern to find its item by, and its dictionary
// knows few names. What a name's row has is its label: a run of words
// (between tags) that a label naming the field precedes ("Published by"
// for publisher, or for an imprint whose dictionary class is publisher).
// Those runs, less the instances of patterned types (the date written
// with the name), are weighed as a slot of their own, as the rest of a
// shared node is (restslots.go): on sharePartShare of the sample pages,
// with the field's annotations on at least one of them and on
// GeneraliseThres of those the annotations of fields without a slot
// elsewhere cover. The field then reads, from those slots, the run after
// that label (SlotMap.Item with ItemLabel, byItem), less other fields'
// instances (a value is cut before "(" or ";" when the rest holds one, and
// other fields' instances are taken out).

import (
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
)

// labRun counts the runs of words after one page label in a slot's
// values: the pages they are on, and their rests (words outside patterned
// types' annotations) mainly covered by other types, by their sorted
// types joined by "\x00".
type labRun struct {
	Pages map[int]bool
	Sets  map[string]int
}

// CountLabelRuns adds the runs of value [a, b) of sample page pg to
// st.labRuns when the value holds several runs (rows, or a row's label
// and value).
func CountLabelRuns(st *SlotStats, toks []Token, a, b, pg int, patTypes map[string]bool) {
	rs := Runs(toks, a, b)
	if len(rs) < 2 {
		return
	}
	for _, rn := range rs {
		lab := PageLabel(toks, rn[0])
		if len(lab) == 0 {
			continue
		}
		words := 0
		cover := map[string]int{}
		for x := rn[0]; x < rn[1]; x++ {
			t := &toks[x]
			if !HasWord(t.Text) || slices.ContainsFunc(t.Ann, func(a *annotate.Annotation) bool { return patTypes[a.Type] }) {
				continue
			}
			words++
			for _, typ := range OwnTypes(t) {
				cover[typ]++
			}
		}
		if words == 0 {
			continue
		}
		if st.LabRuns == nil {
			st.LabRuns = map[string]*labRun{}
		}
		k := strings.Join(lab, " ")
		lr := st.LabRuns[k]
		if lr == nil {
			lr = &labRun{Pages: map[int]bool{}, Sets: map[string]int{}}
			st.LabRuns[k] = lr
		}
		lr.Pages[pg] = true
		var main []string
		for typ, c := range cover {
			if 2*c >= words {
				main = append(main, typ)
			}
		}
		if len(main) > 0 {
			slices.Sort(main)
			lr.Sets[strings.Join(main, "\x00")]++
		}
	}
}

// LabelRun returns the first run of words of [a, b) that label precedes.
func LabelRun(toks []Token, a, b int, label []string) (int, int, bool) {
	for _, rn := range Runs(toks, a, b) {
		if LabelBefore(toks, rn[0], label) {
			return rn[0], rn[1], true
		}
	}
	return 0, 0, false
}
