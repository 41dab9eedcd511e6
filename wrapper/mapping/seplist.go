package mapping

import (
	"slices"
	"sort"
)

// listMinRuns is the least number of sample runs with a comma from which
// learnListSeps reads a conjunction.
const listMinRuns = 3

// listRun is a run of words of one text node of a slot's value: [a, b) of
// tk, on sample page pg.
type listRun struct {
	Tk   []Token
	A, B int
	Pg   int
}

// conjunctions returns the separator candidates that sit in the last piece
// of the runs cut by isComma, in thres of the runs with two pieces or more
// (listMinRuns or more, two pages or more), on two pages or more, and in no
// other piece.
func conjunctions(runs []listRun, isComma func(*Token) bool, thres float64) []string {
	lists := 0
	listPages := map[int]bool{}
	last := map[string]int{}
	lastPages := map[string]map[int]bool{}
	bad := map[string]bool{}
	for _, r := range runs {
		cut := -1 // the last comma of the run
		for x := r.A; x < r.B; x++ {
			if isComma(&r.Tk[x]) {
				cut = x
			}
		}
		if cut < 0 {
			continue
		}
		lists++
		listPages[r.Pg] = true
		seen := map[string]bool{}
		for x := r.A + 1; x+1 < r.B; x++ {
			if !sepCandidate(r.Tk, x) {
				continue
			}
			wd := r.Tk[x].Text()
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
				lastPages[wd][r.Pg] = true
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
func commaStandIns(runs []listRun, isConj func(*Token) bool) []string {
	before := map[string]map[int]bool{}
	after := map[string]bool{}
	for _, r := range runs {
		cut := -1
		for x := r.A + 1; x+1 < r.B; x++ {
			if isConj(&r.Tk[x]) && sepShape(r.Tk, x) {
				cut = x
			}
		}
		if cut < 0 {
			continue
		}
		for x := r.A + 1; x+1 < r.B; x++ {
			t := &r.Tk[x]
			if !sepCandidate(r.Tk, x) || !sepToken(t, weakSeps) {
				continue
			}
			if x > cut {
				after[t.Text()] = true
				continue
			}
			if capitalWord(&r.Tk[x+1]) {
				if before[t.Text()] == nil {
					before[t.Text()] = map[int]bool{}
				}
				before[t.Text()][r.Pg] = true
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
func nameGoesOn(toks []Token, x int) bool {
	if x == 0 || x+1 >= len(toks) {
		return false
	}
	l, r := &toks[x-1], &toks[x+1]
	return l.Kind == KindWord && r.Kind == KindWord && l.Node() == toks[x].Node() && r.Node() == toks[x].Node() &&
		capitalWord(l) && lowerInitial(r.Text())
}

// LearnListSeps adds, for the set fields' slots of w, the separators the
// shape of the sample's written lists shows (see the file comment). toks
// are the sample pages (records in record mode), pageOf gives each one's
// page.
func (w *State) LearnListSeps(toks [][]Token, pageOf []int) {
	thres := w.Options.GeneraliseThres
	for i := range w.SlotMaps {
		sm := &w.SlotMaps[i]
		f := w.fieldSpec(sm.Field)
		if f == nil || !f.Many || f.Patterned() || sm.Item || sm.Part {
			continue
		}
		var runs []listRun
		w.slotValues(toks, sm.Slot, func(r int, tk []Token, v sval) {
			for x := v.A; x < v.B; {
				if tk[x].Kind != KindWord {
					x++
					continue
				}
				y := x
				for y < v.B && tk[y].Kind == KindWord && tk[y].Node() == tk[x].Node() {
					y++
				}
				if !inLink(&tk[x]) {
					runs = append(runs, listRun{Tk: tk, A: x, B: y, Pg: pageOf[r]})
				}
				x = y
			}
		})
		changed := false
		// A comma, or weak punctuation the sample already showed
		// separating items ("A / B and C" with "/" learned).
		isComma := func(t *Token) bool {
			return sepToken(t, itemSeps) || (sepToken(t, weakSeps) && slices.Contains(sm.SepWords, t.Text()))
		}
		for _, wd := range conjunctions(runs, isComma, thres) {
			if !slices.Contains(sm.SepWords, wd) {
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
			isConj := func(t *Token) bool { return slices.Contains(conj, t.Text()) }
			for _, p := range commaStandIns(runs, isConj) {
				if !slices.Contains(sm.SepWords, p) {
					sm.SepWords, changed = append(sm.SepWords, p), true
				}
			}
		}
		if changed {
			sort.Strings(sm.SepWords)
		}
	}
}
