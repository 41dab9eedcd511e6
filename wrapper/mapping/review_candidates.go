package mapping

// The candidates of a review question, described (where each sits, what it
// reads, its values on the sample pages), and the drop question: one of a
// field's slots that does not hold it. Split from review.go, which decides
// when a question is asked.

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
)

// joined reports whether the field's values are joined from several
// (lines of one value, SlotMap.Lines): its slot's several values a page
// are one value's.
func (w *State) joined(path string) bool {
	return slices.ContainsFunc(w.SlotMaps, func(sm SlotMap) bool { return sm.Field == path && sm.Lines })
}

// reading returns how single field f reads a slot's value when its
// recognizer delimits its values (a date, a time, a regex): the longest
// instance in the value, "" when there is none; nil for other fields,
// which read the value as it is. A question shows a candidate's values as
// the field would read them once pinned there: "Jun 1, 2005" of the slot
// holding "Eastlake Books (Jun 1, 2005)".
func (w *State) reading(f FieldSpec) func(string) string {
	if f.Many || !f.Delimited() {
		return nil
	}
	r := predefinedRecognizers([]FieldSpec{f})[f.Path]
	if r == nil {
		return nil
	}
	return func(v string) string {
		m, ok := longestMatch(r, v)
		if !ok {
			return ""
		}
		return strings.TrimSpace(v[m[0]:m[1]])
	}
}

// describeWhere fills where candidate ce sits, for a user: the template
// text before the slot (label) and the slot's values a page.
func describeWhere(ce *CandidateExplain, st *slotStats, label []string) {
	ce.Context = strings.Join(label, " ")
	if len(st.PerPage) > 0 {
		ce.PerPage = math.Round(100*float64(st.Occ)/float64(len(st.PerPage))) / 100
	}
}

// describe fills the parts of ce a user reads: the template text before
// the slot, its values on a few sample pages (those after ce.Label when a
// label keys them, as read reads them when not nil: pages where it reads
// none are left out) and its values a page.
func (w *State) describe(ce *CandidateExplain, st *slotStats, label []string, read func(string) string) {
	describeWhere(ce, st, label)
	seen := map[int]bool{}
	for _, i := range slices.Sorted(maps.Keys(st.PageVals)) {
		if len(ce.Samples) == MaxSamplePages {
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
		s := CandidateSample{Index: pg, Values: Short(vals), Count: st.PerPage[i]}
		if n := st.Nodes[i]; n != nil {
			s.Nearby = prevText(n, 60)
			s.Path = annotate.NodePath(n.Parent)
		}
		ce.Samples = append(ce.Samples, s)
	}
}

// NameSamples gives the explanation's samples their page paths.
func (w *State) NameSamples(pages []*annotate.Page) {
	nameSamples(w.Explain, pages)
	nameSamples(w.pageExplain(), pages)
}

// nameSamples gives the samples of explanation ex their page paths.
func nameSamples(ex []FieldExplain, pages []*annotate.Page) {
	for i := range ex {
		for _, cs := range [][]CandidateExplain{ex[i].Candidates, ex[i].Others, ex[i].Spare, ex[i].Parts} {
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

func (w *State) pageExplain() []FieldExplain {
	if w.Page == nil {
		return nil
	}
	return w.Page.Explain
}

// Thresholds of the drop question (dropCandidates).
const (
	// dropBoth: a single field whose slots hold two values on this many
	// sample objects at least asks which slot is not its own.
	dropBoth = 2
	// dropRatio: a set field's chosen slot scoring under this share of
	// its best chosen slot may not hold the field.
	dropRatio = 0.6
)

// dropCandidates returns the slots of field f (explanation fe) a "drop"
// question offers to remove, worst score first: for a single field
// whose slots (two or more, not the lines of one value: linesOf) both
// hold a value on dropBoth sample objects or more, showing other values, its chosen slots (one value
// an object: one of them is not the field's); for a set field of the
// object, its chosen slots scoring under dropRatio of its best one.
func (w *State) dropCandidates(fe FieldExplain, f FieldSpec) []CandidateExplain {
	if len(fe.Slots) < 2 || f.Many && f.Parent != "" {
		return nil
	}
	var chosen []CandidateExplain
	best := 0.0
	for _, c := range fe.Candidates {
		if c.Chosen && c.Piece == nil && len(c.Samples) > 0 {
			chosen = append(chosen, c)
			best = max(best, c.Total)
		}
	}
	if len(chosen) < 2 && (f.Many || len(chosen) == 0) {
		return nil
	}
	var out []CandidateExplain
	switch {
	case !f.Many:
		if fe.Both < dropBoth || w.linesOf(f.Path, fe.Slots) || sameValues(chosen[0].Samples, chosen[len(chosen)-1].Samples) {
			return nil
		}
		out = chosen
	default:
		for _, c := range chosen {
			if c.Total < dropRatio*best {
				out = append(out, c)
			}
		}
	}
	out = slices.Clone(out)
	sort.SliceStable(out, func(a, b int) bool { return out[a].Total < out[b].Total })
	return out[:min(len(out), MaxCandidates)]
}

// linesOf reports whether slots, field path's, are the lines of one
// value: joined (SlotMap.Join, JoinPrev, Lines, Block) or consecutive
// slots of the template (an address's street and city lines: measured
// on zoo seeds 24000-24199, the single fields whose slots both held a
// value were such addresses on 6 good templates).
func (w *State) linesOf(path string, slots []int) bool {
	if slices.ContainsFunc(w.SlotMaps, func(sm SlotMap) bool {
		return sm.Field == path && (sm.Join || sm.JoinPrev || sm.Lines || sm.Block)
	}) {
		return true
	}
	for i := 1; i < len(slots); i++ {
		if slots[i] != slots[i-1]+1 {
			return false
		}
	}
	return true
}

// dropQuestion makes q a drop question on field f when dropCandidates
// offers a slot: asked only where no other question is.
func (w *State) dropQuestion(q *Question, fe FieldExplain, f FieldSpec) bool {
	if len(w.dropCandidates(fe, f)) == 0 {
		return false
	}
	q.Kind = QuestionDrop
	why := fmt.Sprintf("some scoring under %s of its best", FmtFactor(dropRatio))
	if !f.Many {
		why = fmt.Sprintf("declared single, and two of them hold a value on %d of %d sample objects", fe.Both, fe.Sample)
	}
	q.Why = fmt.Sprintf("%s got slots %v, %s: does one of them not hold it?", f.Path, fe.Slots, why)
	return true
}
