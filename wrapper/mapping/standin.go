package mapping

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Spaced stand-ins for the comma of a written list.
//
// A site writes a set's items "A / B, C" or "A / B and C": a weak
// separator ("/", "&", "+") standing for the comma before the list's last
// separator (an item comma or a learned conjunction). commaStandIns learns
// one from the lists that close with a conjunction; a list closing with a
// comma ("By Nikolai Holloway / Garrett Okafor, Adrian MacAllister") was
// never read, and its first two items came out as one on every page with
// three. spacedStandIns learns it from both: the weak separator stands as
// a word of its own (space on both sides) before a capitalised word, in
// the part before the run's last separator and after no item comma, on
// two sample pages or more, and never elsewhere in a run that holds an
// item comma or conjunction (after the last one, or after an item comma:
// "Tex-Mex, Cajun/Creole, Wine Bar" is a comma list with "/" inside an
// item). It is kept in SlotMap.SepWords in its spaced form (" / "), which
// splitItems applies to a spaced occurrence only: a category written
// "Cajun/Creole" stays one item where the site's stand-in is " / ".
// Only in page mode (detail pages); record mode keeps its evidence.

// spacedAt reports whether word x of its text node has white space right
// before and right after it (a word of its own: "A / B", not "A/B").
func spacedAt(toks []Token, x int) bool {
	t := &toks[x]
	if t.Node == nil || t.Start <= 0 || int(t.End) >= len(t.Node.Data) {
		return false
	}
	l, _ := utf8.DecodeLastRuneInString(t.Node.Data[:t.Start])
	r, _ := utf8.DecodeRuneInString(t.Node.Data[t.End:])
	return unicode.IsSpace(l) && unicode.IsSpace(r)
}

// spacedSep is the SepWords form of a stand-in that separates items only
// where it stands spaced.
func spacedSep(p string) string { return " " + p + " " }

// spacedStandIns returns the weak separators learned as comma stand-ins
// from runs (see the file comment); isConj tells the learned
// conjunctions.
func spacedStandIns(runs []listRun, isConj func(*Token) bool) []string {
	before := map[string]map[int]bool{}
	bad := map[string]bool{}
	for _, r := range runs {
		cut := -1
		for x := r.A + 1; x+1 < r.B; x++ {
			if sepToken(&r.Tk[x], itemSeps) || isConj(&r.Tk[x]) && sepShape(r.Tk, x) {
				cut = x
			}
		}
		if cut < 0 {
			continue
		}
		comma := false
		for x := r.A + 1; x+1 < r.B; x++ {
			t := &r.Tk[x]
			if sepToken(t, itemSeps) {
				comma = true
				continue
			}
			if !sepCandidate(r.Tk, x) || !sepToken(t, weakSeps) {
				continue
			}
			if x > cut || comma {
				bad[t.Text()] = true
				continue
			}
			if spacedAt(r.Tk, x) && capitalWord(&r.Tk[x+1]) {
				if before[t.Text()] == nil {
					before[t.Text()] = map[int]bool{}
				}
				before[t.Text()][r.Pg] = true
			}
		}
	}
	var out []string
	for p, pgs := range before {
		if !bad[p] && len(pgs) >= 2 {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// spacedSepAt reports whether word x is a spaced stand-in of seps.
func spacedSepAt(toks []Token, x int, seps []string) bool {
	for _, s := range seps {
		if len(s) > 2 && s[0] == ' ' && s[len(s)-1] == ' ' && strings.TrimSpace(s) == toks[x].Text() {
			return spacedAt(toks, x)
		}
	}
	return false
}

// addSpacedStandIns adds the stand-ins of runs to sm.SepWords in their
// spaced form, unless the plain form is there already.
func addSpacedStandIns(sm *SlotMap, runs []listRun, isConj func(*Token) bool) bool {
	changed := false
	for _, p := range spacedStandIns(runs, isConj) {
		if !slices.Contains(sm.SepWords, p) && !slices.Contains(sm.SepWords, spacedSep(p)) {
			sm.SepWords, changed = append(sm.SepWords, spacedSep(p)), true
		}
	}
	return changed
}
