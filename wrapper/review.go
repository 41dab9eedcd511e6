package wrapper

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// Questions returns the wrapper's review points, in SOD order; nil for
// a loaded wrapper saved without its explanation, or when the wrapper
// was sure everywhere. A field pinned by the answers it was learned with
// is not asked again.
func (w *Wrapper) Questions() []Question {
	qs := w.recordQuestions() // recordq.go
	qs = append(qs, w.questions()...)
	if w.page != nil {
		qs = append(qs, w.page.questions()...)
	}
	return qs
}

func (w *Wrapper) questions() []Question {
	pinned := map[string]bool{}
	for _, p := range w.opt.Pins {
		pinned[p.Field] = true
	}
	slotOf := map[int]string{} // slot -> the field that has it
	for _, sm := range w.slots {
		slotOf[sm.Slot] = sm.Field
	}
	var qs []Question
	for _, fe := range w.explain {
		fi := mapping.IndexOf(w.fields, fe.Field)
		if fi < 0 || pinned[fe.Field] || len(fe.Candidates)+len(fe.Others) == 0 {
			continue
		}
		f := w.fields[fi]
		single := !f.Many
		q := Question{Field: fe.Field, Slots: fe.Slots}
		var chosen *CandidateExplain
		for i := range fe.Candidates {
			if fe.Candidates[i].Chosen {
				chosen = &fe.Candidates[i]
				break
			}
		}
		switch {
		case len(fe.Slots) == 0:
			q.Kind = QuestionNoSlot
			q.Why = fmt.Sprintf("%s got no slot (%d candidate slot(s) weighed)", f.Path, len(fe.Candidates))
		case !single || chosen == nil || chosen.Score.Basis == "rule":
			continue // a set field, or placed by a rule
		default:
			if r, ok := mapping.CloseRival(fe, chosen, slotOf); ok {
				q.Kind = QuestionClose
				q.Why = fmt.Sprintf("slot %d (score %s) was chosen for %s over slot %d (score %s) holding other values",
					chosen.Slot, mapping.FmtFactor(chosen.Total), f.Path, r.Slot, mapping.FmtFactor(r.Total))
			} else if mapping.Weak(fe, chosen) && len(fe.Candidates) > 1 {
				q.Kind = QuestionWeak
				q.Why = fmt.Sprintf("slot %d was chosen for %s on little evidence (%s of %d sample values)",
					chosen.Slot, f.Path, mapping.FmtFactor(chosen.Score.Annotation), fe.Sample)
			} else if chosen.PerPage >= mapping.SeveralPerPage && !w.joined(f.Path) {
				q.Kind = QuestionSeveral
				q.Why = fmt.Sprintf("%s is declared single, but slot %d holds %s values a page", f.Path, chosen.Slot, mapping.FmtFactor(chosen.PerPage))
			} else if ks := w.askDoubts(f.Path); len(ks) > 0 {
				q.Kind = QuestionDoubt
				q.Why = fmt.Sprintf("slot %d was chosen for %s, but its values on the sample look doubtful (%s: see the diagnostics)", chosen.Slot, f.Path, strings.Join(ks, ", "))
			} else {
				continue
			}
		}
		offer := slices.Concat(fe.Candidates, fe.Others)
		if q.Kind == QuestionDoubt {
			offer = append(offer, fe.Spare...)
		}
		for _, c := range offer {
			if len(q.Candidates) == MaxCandidates {
				break
			}
			qc := QuestionCandidate{CandidateExplain: c}
			if o := slotOf[c.Slot]; o != "" && o != f.Path {
				qc.TakenBy = o
			}
			if slices.ContainsFunc(q.Candidates, func(k QuestionCandidate) bool { return mapping.SameValues(k.Samples, c.Samples) }) {
				continue // the same values as a better candidate: no choice
			}
			q.Candidates = append(q.Candidates, qc)
		}
		qs = append(qs, q)
	}
	return qs
}

// askDoubts returns the kinds of field path's doubt notes that ask
// (mapping.AskDoubts).
func (w *Wrapper) askDoubts(path string) []string {
	var ks []string
	for _, k := range w.doubt[path] {
		if slices.Contains(mapping.AskDoubts, k) {
			ks = append(ks, k)
		}
	}
	return ks
}

// offerOthers fills fe.Others, for a field (index fi) that got no slot in
// out: the slots of the scope that are not its
// candidates and hold varying values on at least a quarter of the
// sample, those after a template label naming the field first, then
// those where its types touch most values, free ones before taken ones,
// those with values on more pages first (at most MaxCandidates).
func (w *Wrapper) offerOthers(fe *FieldExplain, fi int, out []SlotMap, stats []*mapping.SlotStats, labels [][]string, inScope func(int) (bool, int)) {
	f := w.fields[fi]
	if len(fe.Slots) > 0 && f.Many {
		return
	}
	taken := map[int]bool{}
	for _, sm := range out {
		taken[sm.Slot] = true
	}
	type other struct {
		slot, named, some, free, pages int
	}
	var os []other
	for s, st := range stats {
		if ok, _ := inScope(s); !ok || st.Occ == 0 || len(st.Values) < 2 || 4*len(st.PerPage) < fe.Sample {
			continue
		}
		if slices.ContainsFunc(fe.Candidates, func(c CandidateExplain) bool { return c.Slot == s }) {
			continue
		}
		o := other{slot: s, pages: len(st.PerPage)}
		if mapping.LabelAffinity(labels[s], f) >= mapping.AffinityName {
			o.named = 1
		}
		for _, t := range f.Types {
			o.some += st.Some[t]
		}
		if !taken[s] {
			o.free = 1
		}
		os = append(os, o)
	}
	sort.SliceStable(os, func(a, b int) bool {
		x, y := os[a], os[b]
		switch {
		case x.named != y.named:
			return x.named > y.named
		case x.some != y.some:
			return x.some > y.some
		case x.free != y.free:
			return x.free > y.free
		}
		return x.pages > y.pages
	})
	for _, o := range os {
		if len(fe.Others)+len(fe.Spare) == MaxCandidates {
			break
		}
		ce := CandidateExplain{Slot: o.slot, Score: mapping.NewScore("none", 0)}
		w.describe(&ce, stats[o.slot], labels[o.slot], w.reading(f))
		if len(ce.Samples) == 0 {
			continue // none of its values is one the field would read
		}
		if len(fe.Slots) > 0 {
			fe.Spare = append(fe.Spare, ce)
		} else {
			fe.Others = append(fe.Others, ce)
		}
	}
}

// joined reports whether the field's values are joined from several
// (lines of one value, SlotMap.Lines): its slot's several values a page
// are one value's.
func (w *Wrapper) joined(path string) bool {
	return slices.ContainsFunc(w.slots, func(sm SlotMap) bool { return sm.Field == path && sm.Lines })
}

// reading returns how single field f reads a slot's value when its
// recognizer delimits its values (a date, a time, a regex): the longest
// instance in the value, "" when there is none; nil for other fields,
// which read the value as it is. A question shows a candidate's values as
// the field would read them once pinned there: "Jun 1, 2005" of the slot
// holding "Eastlake Books (Jun 1, 2005)".
func (w *Wrapper) reading(f FieldSpec) func(string) string {
	if f.Many || !f.Delimited() {
		return nil
	}
	r := mapping.PredefinedRecognizers([]FieldSpec{f})[f.Path]
	if r == nil {
		return nil
	}
	return func(v string) string {
		m, ok := mapping.LongestMatch(r, v)
		if !ok {
			return ""
		}
		return strings.TrimSpace(v[m[0]:m[1]])
	}
}

// describe fills the parts of ce a user reads: the template text before
// the slot, its values on a few sample pages (those after ce.Label when a
// label keys them, as read reads them when not nil: pages where it reads
// none are left out) and its values a page.
func (w *Wrapper) describe(ce *CandidateExplain, st *mapping.SlotStats, label []string, read func(string) string) {
	ce.Context = strings.Join(label, " ")
	if len(st.PerPage) > 0 {
		ce.PerPage = math.Round(100*float64(st.Occ)/float64(len(st.PerPage))) / 100
	}
	idx := make([]int, 0, len(st.PageVals))
	for i := range st.PageVals {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	seen := map[int]bool{}
	for _, i := range idx {
		if len(ce.Samples) == mapping.MaxSamplePages {
			break
		}
		pg := w.recPageOf(i)
		if seen[pg] {
			continue
		}
		vals := st.PageVals[i]
		if ce.Label != "" {
			if !st.LabPages[ce.Label][i] {
				continue
			}
			var keep []string
			for _, v := range vals {
				if st.LabVals[ce.Label][v] > 0 {
					keep = append(keep, v)
				}
			}
			if len(keep) == 0 {
				continue
			}
			vals = keep
		}
		if read != nil {
			var keep []string
			for _, v := range vals {
				if x := read(v); x != "" {
					keep = append(keep, x)
				}
			}
			if len(keep) == 0 {
				continue
			}
			vals = keep
		}
		seen[pg] = true
		s := CandidateSample{Index: pg, Values: mapping.Short(vals), Count: st.PerPage[i]}
		if n := st.Nodes[i]; n != nil {
			s.Nearby = mapping.PrevText(n, 60)
			s.Path = annotate.NodePath(n.Parent)
		}
		ce.Samples = append(ce.Samples, s)
	}
}

// nameSamples gives the explanation's samples their page paths.
func (w *Wrapper) nameSamples(pages []*annotate.Page) {
	for _, ex := range [][]FieldExplain{w.explain, w.pageExplain()} {
		for i := range ex {
			for _, cs := range [][]CandidateExplain{ex[i].Candidates, ex[i].Others} {
				for j := range cs {
					for k := range cs[j].Samples {
						s := &cs[j].Samples[k]
						if s.Index < len(pages) {
							s.Page = pages[s.Index].Path
						}
					}
				}
			}
		}
	}
}

func (w *Wrapper) pageExplain() []FieldExplain {
	if w.page == nil {
		return nil
	}
	return w.page.explain
}

// WriteQuestions prints qs as text: per question, the field, why, and
// its candidates numbered from 1 with their values on the sample pages.
func WriteQuestions(out io.Writer, qs []Question) {
	for i, q := range qs {
		name := q.Field
		if q.Kind == QuestionRecords {
			name = "the records"
		}
		fmt.Fprintf(out, "Question %d of %d: %s\n  %s\n", i+1, len(qs), name, q.Why)
		WriteCandidates(out, q)
	}
}

// WriteCandidates prints q's candidates numbered from 1.
func WriteCandidates(out io.Writer, q Question) {
	for j, c := range q.Candidates {
		if c.Records != "" {
			mapping.WriteRecordCandidate(out, j, c) // recordq.go
			continue
		}
		fmt.Fprintf(out, "  %s\n", c.Title(j))
		for _, s := range c.Samples {
			more := ""
			if s.Count > len(s.Values) {
				more = fmt.Sprintf(" (+%d more)", s.Count-len(s.Values))
			}
			near := ""
			if s.Nearby != "" {
				near = fmt.Sprintf("   near %q", s.Nearby)
			}
			fmt.Fprintf(out, "      %s: %s%s%s\n", s.Page, mapping.QuoteAll(s.Values), more, near)
		}
	}
}
