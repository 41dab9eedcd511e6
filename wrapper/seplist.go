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

import "sort"

// listMinRuns is the least number of sample runs with a comma from which
// learnListSeps reads a conjunction.
const listMinRuns = 3

// learnListSeps adds, for the set fields' slots of w, the separators the
// shape of the sample's written lists shows (see the file comment). toks
// are the sample pages (records in record mode), pageOf gives each one's
// page.
func (w *Wrapper) learnListSeps(toks [][]token, pageOf []int) {
	thres := w.opt.GeneraliseThres
	for i := range w.slots {
		sm := &w.slots[i]
		fi := indexOf(w.fields, sm.Field)
		if fi < 0 {
			continue
		}
		f := w.fields[fi]
		if !f.Many || f.Patterned() || sm.Item || sm.Part {
			continue
		}
		var runs []listRun
		for r, tk := range toks {
			root, ok := w.matchRoot(tk)
			if !ok {
				continue
			}
			collect(root, -1, func(v sval) {
				if v.slot != sm.Slot {
					return
				}
				for x := v.a; x < v.b; {
					if tk[x].Kind != KindWord {
						x++
						continue
					}
					y := x
					for y < v.b && tk[y].Kind == KindWord && tk[y].Node == tk[x].Node {
						y++
					}
					if !inLink(&tk[x]) {
						runs = append(runs, listRun{tk, x, y, pageOf[r]})
					}
					x = y
				}
			})
		}
		changed := false
		// A comma, or weak punctuation the sample already showed
		// separating items ("A / B and C" with "/" learned).
		isComma := func(t *token) bool {
			return sepToken(t, itemSeps) || (sepToken(t, weakSeps) && contains(sm.SepWords, t.Text))
		}
		for _, wd := range conjunctions(runs, isComma, thres) {
			if !contains(sm.SepWords, wd) {
				sm.SepWords, changed = append(sm.SepWords, wd), true
			}
		}
		var conj []string
		for _, wd := range sm.SepWords {
			if lowerInitial(wd) {
				conj = append(conj, wd)
			}
		}
		if len(conj) > 0 {
			isConj := func(t *token) bool { return contains(conj, t.Text) }
			for _, p := range commaStandIns(runs, isConj) {
				if !contains(sm.SepWords, p) {
					sm.SepWords, changed = append(sm.SepWords, p), true
				}
			}
		}
		if changed {
			sort.Strings(sm.SepWords)
		}
	}
}

// listRun is a run of words of one text node of a slot's value: [a, b) of
// tk, on sample page pg.
type listRun struct {
	tk   []token
	a, b int
	pg   int
}

// conjunctions returns the separator candidates that sit in the last piece
// of the runs cut by isComma, in thres of the runs with two pieces or more
// (listMinRuns or more, two pages or more), on two pages or more, and in no
// other piece.
func conjunctions(runs []listRun, isComma func(*token) bool, thres float64) []string {
	lists := 0
	listPages := map[int]bool{}
	last := map[string]int{}
	lastPages := map[string]map[int]bool{}
	bad := map[string]bool{}
	for _, r := range runs {
		cut := -1 // the last comma of the run
		for x := r.a; x < r.b; x++ {
			if isComma(&r.tk[x]) {
				cut = x
			}
		}
		if cut < 0 {
			continue
		}
		lists++
		listPages[r.pg] = true
		seen := map[string]bool{}
		for x := r.a + 1; x+1 < r.b; x++ {
			if !sepCandidate(r.tk, x) {
				continue
			}
			wd := r.tk[x].Text
			if x < cut {
				bad[wd] = true
				continue
			}
			if !seen[wd] {
				seen[wd] = true
				last[wd]++
				if lastPages[wd] == nil {
					lastPages[wd] = map[int]bool{}
				}
				lastPages[wd][r.pg] = true
			}
		}
	}
	var out []string
	if lists < listMinRuns || len(listPages) < 2 {
		return nil
	}
	for wd, n := range last {
		if !bad[wd] && len(lastPages[wd]) >= 2 && float64(n) >= thres*float64(lists) {
			out = append(out, wd)
		}
	}
	sort.Strings(out)
	return out
}

// commaStandIns returns the weak punctuation ("&", "/", "+") that, in the
// runs holding a conjunction (isConj), sits before the last conjunction and
// before a capitalised word on two pages or more, and never after the last
// conjunction.
func commaStandIns(runs []listRun, isConj func(*token) bool) []string {
	before := map[string]map[int]bool{}
	after := map[string]bool{}
	for _, r := range runs {
		cut := -1
		for x := r.a + 1; x+1 < r.b; x++ {
			if isConj(&r.tk[x]) && sepShape(r.tk, x) {
				cut = x
			}
		}
		if cut < 0 {
			continue
		}
		for x := r.a + 1; x+1 < r.b; x++ {
			t := &r.tk[x]
			if !sepCandidate(r.tk, x) || !sepToken(t, weakSeps) {
				continue
			}
			if x > cut {
				after[t.Text] = true
				continue
			}
			if capitalWord(&r.tk[x+1]) {
				if before[t.Text] == nil {
					before[t.Text] = map[int]bool{}
				}
				before[t.Text][r.pg] = true
			}
		}
	}
	var out []string
	for p, pgs := range before {
		if !after[p] && len(pgs) >= 2 {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// nameGoesOn reports whether the name before separator x goes on after it:
// a capitalised word of its text node before it, a lower-case word after
// it ("Freya Farrow & the Lanterns" where "&" separates names): items are
// names, and a name does not start in lower case where the one before it
// starts with a capital.
func nameGoesOn(toks []token, x int) bool {
	if x == 0 || x+1 >= len(toks) {
		return false
	}
	l, r := &toks[x-1], &toks[x+1]
	return l.Kind == KindWord && r.Kind == KindWord && l.Node == toks[x].Node && r.Node == toks[x].Node &&
		capitalWord(l) && lowerInitial(r.Text)
}
