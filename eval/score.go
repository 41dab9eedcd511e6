package eval

import (
	"maps"
	"slices"
)

// DefaultShow is the number of wrong pages per attribute the command line
// shows by default (Options.Show).
const DefaultShow = 10

// Thresholds decide an attribute's Class (see doc.go).
type Thresholds struct {
	// Correct is the value-level F1 from which an attribute is correct.
	Correct float64 `json:"correct"`
	// Partial is the relaxed F1 from which an attribute that is not
	// correct is partially correct.
	Partial float64 `json:"partial"`
	// MergeCover is the share of a merged value's words that must be
	// true values (of any attribute) of its page: below it, a value that
	// contains a true value is not "merged with a neighbour" but wrong.
	MergeCover float64 `json:"merge_cover"`
	// SplitCover is the share of a true value's words its pieces must
	// cover for the value to count as split rather than missed.
	SplitCover float64 `json:"split_cover"`
}

// DefaultThresholds are the thresholds doc.go documents. They follow
// the 0.95-ish bar of "the extracted values are correct" and a simple
// majority for merges and splits; they were not fitted to any site.
var DefaultThresholds = Thresholds{Correct: 0.95, Partial: 0.95, MergeCover: 0.5, SplitCover: 0.5}

// Options tune Score.
type Options struct {
	// Map maps result field names to truth attribute names; a field not
	// in Map keeps its name. Several fields may map to one attribute.
	Map map[string]string
	// Attributes, when not empty, restricts scoring to these truth
	// attributes (rows and record matching); others are left out, as if
	// the truth did not have them. Names the truth lacks are ignored.
	Attributes []string
	// Thresholds replace DefaultThresholds when non-zero.
	Thresholds Thresholds
	// Show is how many wrong pages per attribute WriteText lists: 0 none,
	// a negative number all. The Report always holds all of them.
	Show int
}

// value is a normalised value with its words and its raw form.
type value struct {
	norm  string
	words []string
}

// normSet normalises raw values, dropping empty and duplicate ones.
func normSet(raw []string) []value {
	var out []value
	seen := map[string]bool{}
	for _, r := range raw {
		n := Normalize(r)
		if n == "" || seen[n] {
			continue
		}
		seen[n] = true
		out = append(out, value{n, words(n)})
	}
	return out
}

// scoredPage is a labelled page with the results that refer to it.
type scoredPage struct {
	truth *TruthPage
	name  string   // results name when there are results, else truth name
	pred  []Record // records with fields renamed to truth attributes
	has   bool     // some results line names the page
	// truthVals holds the page's normalised true values by attribute.
	truthVals map[string][]value
}

// Score compares results with truth: per attribute value-level and
// page-hit scores, classification and wrong pages, and record-level
// scores. Result pages are matched to labelled pages by Truth.Page.
func Score(t *Truth, r *Results, opts Options) *Report {
	th := opts.Thresholds
	if th == (Thresholds{}) {
		th = DefaultThresholds
	}
	rep := &Report{Truth: t.Path, Results: r.Path, Pages: len(t.Pages), Thresholds: th, Warnings: t.Warnings, show: opts.Show}
	attrs := map[string]bool{}
	var scored []string
	for _, a := range t.Attributes {
		if len(opts.Attributes) == 0 || slices.Contains(opts.Attributes, a) {
			attrs[a] = true
			scored = append(scored, a)
		}
	}
	mapField := func(f string) string {
		if a, ok := opts.Map[f]; ok {
			return a
		}
		return f
	}
	fieldsOf := map[string][]string{}
	unscored := map[string]bool{}
	for _, f := range r.Fields {
		if a := mapField(f); attrs[a] {
			fieldsOf[a] = append(fieldsOf[a], f)
		} else {
			unscored[f] = true
		}
	}
	rep.UnscoredFields = slices.Sorted(maps.Keys(unscored))

	pages := make([]*scoredPage, len(t.Pages))
	byTruth := map[*TruthPage]*scoredPage{}
	for i, tp := range t.Pages {
		sp := &scoredPage{truth: tp, name: tp.Name, truthVals: map[string][]value{}}
		for _, a := range scored {
			if vs := normSet(tp.Values(a)); len(vs) > 0 {
				sp.truthVals[a] = vs
			}
		}
		pages[i] = sp
		byTruth[tp] = sp
	}
	for _, rp := range r.Pages {
		tp := t.Page(rp.Name)
		if tp == nil {
			rep.UnknownPages = append(rep.UnknownPages, rp.Name)
			continue
		}
		sp := byTruth[tp]
		if !sp.has {
			sp.name = rp.Name
			sp.has = true
			rep.PagesWithResults++
		}
		for _, rec := range rp.Records {
			m := Record{}
			for f, vs := range rec {
				if a := mapField(f); attrs[a] {
					m[a] = append(m[a], vs...)
				}
			}
			sp.pred = append(sp.pred, m)
		}
	}

	for _, a := range scored {
		rep.Attributes = append(rep.Attributes, scoreAttribute(a, fieldsOf[a], pages, th))
	}
	rep.Records = scoreRecords(pages, attrs)
	return rep
}

// scoreAttribute scores one attribute over all labelled pages.
func scoreAttribute(attr string, fields []string, pages []*scoredPage, th Thresholds) *AttributeReport {
	ar := &AttributeReport{Name: attr, Fields: fields, Outcomes: map[Outcome]int{}}
	var nPred, nTrue, tp, pagesHit int
	var relPred, relTrue int
	for _, sp := range pages {
		var raw []string
		for _, rec := range sp.pred {
			raw = append(raw, rec[attr]...)
		}
		pred := normSet(raw)
		truth := alignLabels(pred, sp.truthVals[attr])
		j := judge(attr, pred, truth, sp.truthVals, th)
		nPred += len(pred)
		nTrue += len(truth)
		tp += j.tp
		relPred += j.relPred
		relTrue += j.relTrue
		if len(truth) > 0 {
			ar.PagesWithTruth++
		}
		if len(pred) > 0 {
			ar.PagesPredicted++
		}
		if j.tp > 0 {
			pagesHit++
		}
		if j.outcome != "" {
			ar.Outcomes[j.outcome]++
			ar.Wrong = append(ar.Wrong, WrongPage{Page: sp.name, Outcome: j.outcome, With: j.with,
				Expected: nonNil(sp.truth.Values(attr)), Got: nonNil(raw)})
		}
	}
	ar.Value = newScores(nPred, nTrue, tp, tp)
	ar.PageHit = newScores(ar.PagesPredicted, ar.PagesWithTruth, pagesHit, pagesHit)
	ar.Relaxed = newScores(nPred, nTrue, relPred, relTrue)
	granular := ar.Outcomes[Merged] + ar.Outcomes[Split] + ar.Outcomes[Format]
	switch {
	case ar.Value.F1 >= th.Correct:
		ar.Class = Correct
	case ar.Relaxed.F1 >= th.Partial && granular > 0:
		ar.Class = PartiallyCorrect
	default:
		ar.Class = Incorrect
	}
	if len(ar.Outcomes) > 0 {
		ar.Reason = outcomeSummary(ar.Outcomes)
	}
	return ar
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// judgement is what judge finds on one page for one attribute.
type judgement struct {
	tp      int      // predicted values that are true values
	relPred int      // predicted values that are right up to granularity
	relTrue int      // true values found up to granularity
	outcome Outcome  // "" when the value sets are equal
	with    []string // other attributes involved
}

// judge compares a page's predicted values of attr with its true values.
//
// A predicted value p is, in this order:
//   - exact: equal to a true value;
//   - format: same words as a true value;
//   - merged: its words contain a true value's words, and at least
//     MergeCover of its words belong to true values of the page (of any
//     attribute): "Title by Author";
//   - a fragment: its words are part of a true value's words;
//   - other: related (equal, containing, contained) to another
//     attribute's true value;
//   - wrong.
//
// A true value t is found (exact), format, merged (inside a merged
// prediction) or split (fragments cover at least SplitCover of its
// words), else missed.
func judge(attr string, pred, truth []value, all map[string][]value, th Thresholds) judgement {
	var j judgement
	isTrue := map[string]bool{}
	for _, t := range truth {
		isTrue[t.norm] = true
	}
	var nMerged, nFrag, nFormat, nOther int
	withSet := map[string]bool{}
	merged := make([]bool, len(pred))
	fragment := make([]bool, len(pred))
	for i, p := range pred {
		with := map[string]bool{}
		if isTrue[p.norm] {
			j.tp++
			j.relPred++
			continue
		}
		switch {
		case anyWords(truth, func(t value) bool { return slices.Equal(p.words, t.words) && len(t.words) > 0 }):
			nFormat++
			j.relPred++
		case anyWords(truth, func(t value) bool { return wordIndex(p.words, t.words) >= 0 }) && coverage(p, all, with, attr) >= th.MergeCover:
			maps.Copy(withSet, with)
			merged[i] = true
			nMerged++
			j.relPred++
		case anyWords(truth, func(t value) bool { return wordIndex(t.words, p.words) >= 0 }):
			fragment[i] = true
			nFrag++
			j.relPred++
		default:
			for b, vs := range all {
				if b != attr && anyWords(vs, func(t value) bool {
					return t.norm == p.norm || wordIndex(t.words, p.words) >= 0 || wordIndex(p.words, t.words) >= 0
				}) {
					withSet[b] = true
					nOther++
				}
			}
		}
	}
	predSet := map[string]bool{}
	for _, p := range pred {
		predSet[p.norm] = true
	}
	nSplit := 0
	for _, t := range truth {
		switch {
		case predSet[t.norm]:
			j.relTrue++
		case slices.ContainsFunc(pred, func(p value) bool { return slices.Equal(p.words, t.words) && len(t.words) > 0 }):
			j.relTrue++
		case containsMerged(pred, merged, t):
			j.relTrue++
		case splitCover(pred, fragment, t) >= th.SplitCover:
			nSplit++
			j.relTrue++
		}
	}
	if j.tp == len(pred) && j.tp == len(truth) {
		return j
	}
	switch {
	case len(truth) == 0:
		j.outcome = Spurious
	case len(pred) == 0:
		j.outcome = Missing
	case nMerged > 0:
		j.outcome = Merged
	case nSplit > 0 || nFrag > 0:
		j.outcome = Split
	case nFormat > 0:
		j.outcome = Format
	case j.tp == len(pred):
		j.outcome = Incomplete
	case j.tp == len(truth):
		j.outcome = Extra
	case nOther > 0:
		j.outcome = Other
	default:
		j.outcome = Wrong
	}
	if j.outcome == Merged || j.outcome == Other {
		j.with = slices.Sorted(maps.Keys(withSet))
	}
	return j
}

func anyWords(vs []value, f func(value) bool) bool { return slices.ContainsFunc(vs, f) }

// coverage returns the share of p's words that are inside occurrences of
// true values of the page, and records in with the other attributes
// (not self) whose values occur in p.
func coverage(p value, all map[string][]value, with map[string]bool, self string) float64 {
	if len(p.words) == 0 {
		return 0
	}
	covered := make([]bool, len(p.words))
	keys := slices.Sorted(maps.Keys(all))
	for _, b := range keys {
		for _, t := range all[b] {
			if cover(p.words, t.words, covered) && b != self {
				with[b] = true
			}
		}
	}
	n := 0
	for _, c := range covered {
		if c {
			n++
		}
	}
	return float64(n) / float64(len(p.words))
}

// containsMerged reports whether a merged prediction contains t.
func containsMerged(pred []value, merged []bool, t value) bool {
	for i, p := range pred {
		if merged[i] && wordIndex(p.words, t.words) >= 0 {
			return true
		}
	}
	return false
}

// splitCover returns the share of t's words covered by fragment
// predictions.
func splitCover(pred []value, fragment []bool, t value) float64 {
	if len(t.words) == 0 {
		return 0
	}
	covered := make([]bool, len(t.words))
	for i, p := range pred {
		if fragment[i] {
			cover(t.words, p.words, covered)
		}
	}
	n := 0
	for _, c := range covered {
		if c {
			n++
		}
	}
	return float64(n) / float64(len(t.words))
}

// scoreRecords pairs predicted and true records page by page.
// Only the fields in attrs count.
func scoreRecords(pages []*scoredPage, attrs map[string]bool) RecordReport {
	var rr RecordReport
	var nPred, nTrue, matched int
	for _, sp := range pages {
		truth := make([]map[string]map[string]bool, 0, len(sp.truth.Records))
		for _, r := range sp.truth.Records {
			if m := normRecord(r, attrs); len(m) > 0 {
				truth = append(truth, m)
			}
		}
		pred := make([]map[string]map[string]bool, 0, len(sp.pred))
		for _, r := range sp.pred {
			pred = append(pred, normRecord(r, attrs)) // an empty record is still an extracted object
		}
		n := maxMatching(len(pred), len(truth), func(i, k int) bool { return recordMatches(pred[i], truth[k]) })
		nPred += len(pred)
		nTrue += len(truth)
		matched += n
		if n < len(pred) || n < len(truth) {
			rr.Wrong = append(rr.Wrong, RecordPage{Page: sp.name, Expected: len(truth), Predicted: len(pred), Matched: n})
		}
	}
	rr.Scores = newScores(nPred, nTrue, matched, matched)
	return rr
}

// normRecord turns a record into normalised value sets of the fields in
// attrs, dropping fields without a value.
func normRecord(r Record, attrs map[string]bool) map[string]map[string]bool {
	m := map[string]map[string]bool{}
	for f, vs := range r {
		if !attrs[f] {
			continue
		}
		for _, v := range normSet(vs) {
			if m[f] == nil {
				m[f] = map[string]bool{}
			}
			m[f][v.norm] = true
		}
	}
	return m
}

// recordMatches reports whether pred has, for every field of truth, the
// same value set.
func recordMatches(pred, truth map[string]map[string]bool) bool {
	for f, tv := range truth {
		p := pred[f]
		if len(p) != len(tv) {
			return false
		}
		for v := range tv {
			if !p[v] && !p[labelFree(v)] {
				return false
			}
		}
	}
	return true
}

// maxMatching returns the size of a maximum matching between np left and
// nt right nodes joined where ok says (Kuhn's augmenting paths).
func maxMatching(np, nt int, ok func(i, k int) bool) int {
	if np == 0 || nt == 0 {
		return 0
	}
	adj := make([][]int, np)
	for i := range adj {
		for k := 0; k < nt; k++ {
			if ok(i, k) {
				adj[i] = append(adj[i], k)
			}
		}
	}
	owner := make([]int, nt)
	for k := range owner {
		owner[k] = -1
	}
	var try func(i int, seen []bool) bool
	try = func(i int, seen []bool) bool {
		for _, k := range adj[i] {
			if seen[k] {
				continue
			}
			seen[k] = true
			if owner[k] < 0 || try(owner[k], seen) {
				owner[k] = i
				return true
			}
		}
		return false
	}
	n := 0
	for i := 0; i < np; i++ {
		if try(i, make([]bool, nt)) {
			n++
		}
	}
	return n
}
