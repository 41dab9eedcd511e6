package wrapper

// Separators of a set's items learned from the shape of a written list.
//
// A set written as one run of text follows the grammar of a list: "A, B and
// C" (or "A / B and C"): the items are separated by commas and the last one
// by a conjunction. gather, refineSets and learnAloneSeps learn the
// conjunction from annotations or from items seen alone; a dictionary that
// knows one guest in ten gives neither, and "The Velvet Satellites and
// Yusuf Northcott" stays one item. The list's shape is evidence of its own,
// constant across pages whatever the names: in the runs of the slot's
// values that hold a comma (or a weak punctuation already learned as a
// separator: "A / B and C"), the conjunction is in the
// last piece of nearly every run and in no other piece. A word of a name
// ("of" in "Wolves of the Coast", "&" in "Nora O'Brien & the Kites") falls
// in any piece, and in the last one of few runs only.
//
// learnListSeps counts, for each set field's slot, the runs of one text
// node with a comma, and per separator candidate (sepCandidate: a short
// lower-case word or "&", "/", "+" between two words of the node) the runs
// whose last piece holds it and whether it ever sits in another piece. A
// candidate in the last piece of GeneraliseThres of listMinRuns runs or
// more, on two sample pages or more, and never elsewhere, separates items
// (SlotMap.SepWords).
//
// With the conjunction known, a weak punctuation that stands for the comma
// ("Wolves of the Coast / Iron Prophets and Hollow Prophets") is learned
// the same way, with the conjunction in the comma's place: in the runs
// holding the conjunction, it sits before the last conjunction, followed by
// a capitalised word, on two sample pages or more, and never after the
// last conjunction (where "&" of "Yuki Mercer & the Wolves" sits).

import (
	"sort"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// learnListSeps adds, for the set fields' slots of w, the separators the
// shape of the sample's written lists shows (see the file comment). toks
// are the sample pages (records in record mode), pageOf gives each one's
// page.
func (w *Wrapper) learnListSeps(toks [][]mapping.Token, pageOf []int) {
	thres := w.opt.GeneraliseThres
	for i := range w.slots {
		sm := &w.slots[i]
		fi := mapping.IndexOf(w.fields, sm.Field)
		if fi < 0 {
			continue
		}
		f := w.fields[fi]
		if !f.Many || f.Patterned() || sm.Item || sm.Part {
			continue
		}
		var runs []mapping.ListRun
		for r, tk := range toks {
			root, ok := w.matchRoot(tk)
			if !ok {
				continue
			}
			mapping.Collect(root, -1, func(v mapping.Sval) {
				if v.Slot != sm.Slot {
					return
				}
				for x := v.A; x < v.B; {
					if tk[x].Kind != KindWord {
						x++
						continue
					}
					y := x
					for y < v.B && tk[y].Kind == KindWord && tk[y].Node == tk[x].Node {
						y++
					}
					if !mapping.InLink(&tk[x]) {
						runs = append(runs, mapping.ListRun{Tk: tk, A: x, B: y, Pg: pageOf[r]})
					}
					x = y
				}
			})
		}
		changed := false
		// A comma, or weak punctuation the sample already showed
		// separating items ("A / B and C" with "/" learned).
		isComma := func(t *mapping.Token) bool {
			return mapping.SepToken(t, mapping.ItemSeps) || (mapping.SepToken(t, mapping.WeakSeps) && mapping.Contains(sm.SepWords, t.Text))
		}
		for _, wd := range mapping.Conjunctions(runs, isComma, thres) {
			if !mapping.Contains(sm.SepWords, wd) {
				sm.SepWords, changed = append(sm.SepWords, wd), true
			}
		}
		var conj []string
		for _, wd := range sm.SepWords {
			if mapping.LowerInitial(wd) {
				conj = append(conj, wd)
			}
		}
		if len(conj) > 0 {
			isConj := func(t *mapping.Token) bool { return mapping.Contains(conj, t.Text) }
			for _, p := range mapping.CommaStandIns(runs, isConj) {
				if !mapping.Contains(sm.SepWords, p) {
					sm.SepWords, changed = append(sm.SepWords, p), true
				}
			}
		}
		if changed {
			sort.Strings(sm.SepWords)
		}
	}
}
