package mapping

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
)

// listMinRuns is the least number of sample runs with a comma from which
// learnListSeps reads a conjunction.
const listMinRuns = 3

// ListRun is a run of words of one text node of a slot's value: [a, b) of
// tk, on sample page pg.
type ListRun struct {
	Tk   []Token
	A, B int
	Pg   int
}

// Conjunctions returns the separator candidates that sit in the last piece
// of the runs cut by isComma, in thres of the runs with two pieces or more
// (listMinRuns or more, two pages or more), on two pages or more, and in no
// other piece.
func Conjunctions(runs []ListRun, isComma func(*Token) bool, thres float64) []string {
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
			if !SepCandidate(r.Tk, x) {
				continue
			}
			wd := r.Tk[x].Text
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

// CommaStandIns returns the weak punctuation ("&", "/", "+") that, in the
// runs holding a conjunction (isConj), sits before the last conjunction and
// before a capitalised word on two pages or more, and never after the last
// conjunction.
func CommaStandIns(runs []ListRun, isConj func(*Token) bool) []string {
	before := map[string]map[int]bool{}
	after := map[string]bool{}
	for _, r := range runs {
		cut := -1
		for x := r.A + 1; x+1 < r.B; x++ {
			if isConj(&r.Tk[x]) && SepShape(r.Tk, x) {
				cut = x
			}
		}
		if cut < 0 {
			continue
		}
		for x := r.A + 1; x+1 < r.B; x++ {
			t := &r.Tk[x]
			if !SepCandidate(r.Tk, x) || !SepToken(t, WeakSeps) {
				continue
			}
			if x > cut {
				after[t.Text] = true
				continue
			}
			if CapitalWord(&r.Tk[x+1]) {
				if before[t.Text] == nil {
					before[t.Text] = map[int]bool{}
				}
				before[t.Text][r.Pg] = true
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
	return l.Kind == KindWord && r.Kind == KindWord && l.Node == toks[x].Node && r.Node == toks[x].Node &&
		CapitalWord(l) && LowerInitial(r.Text)
}
