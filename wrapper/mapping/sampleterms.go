package mapping

import (
	"maps"
	"slices"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
)

// Confidence terms measured on the annotated sample when the wrapper is
// learned (Evidence.Complete, Evidence.Shadow; confidence.go). Both stand
// for a kind of wrong value that the slot statistics (share, coverage)
// cannot see, because the chosen slot is fully annotated with the
// field's type: measured on zoo seeds 37000-37299 (docs/trust.md,
// "Confidence (branch conf6)"), they were most of the wrong values at
// confidence 1.
//
//   - Complete: for a field whose predefined recognizer is partial (its
//     instance may cover part of a value: addresses, Info.Partial), the
//     mean confidence of the recognizer's best instance of the field's
//     types in the slot's sample values. Such a recognizer says by its
//     confidence how complete an instance is (0.95 for street, city,
//     state and zip; 0.75 for a street line alone): a slot whose sample
//     values are street lines holds the first line of an address whose
//     second line is elsewhere.
//   - Shadow: for a field typed by a regex or a delimiting predefined
//     recognizer (not a dictionary), own / (own + other), where own is
//     the number of sample objects whose value of the field holds an
//     instance of its types, and other the largest number of sample
//     objects on which one slot of another field, whose types are not the
//     field's, holds such an instance beside that field's value ("Friday,
//     May 3 @ 8:30 pm" read as the date while the time is taken from a
//     "Doors: 7:30 pm" row). Set only when other >= own / 2. The rival
//     term (rival.go) sees the same when that slot was a candidate of the
//     field; this sees it when it was not (the field's instance rides on
//     another field's node).

// SampleTerms are a field's confidence terms measured on the sample
// (sampleterms.go); a zero term is not measured (neutral).
type SampleTerms struct {
	Complete float64 `json:"complete,omitempty"`
	Shadow   float64 `json:"shadow,omitempty"`
}

// ShadowMin: the shadow term is set when another field's slot holds the
// field's type on at least this share of the objects the field's own
// slots hold it on.
const ShadowMin = 0.5

// sampleTerms returns, by field path, the sample terms of the fields of w
// and of its page wrapper (nil when none has one).
func (w *State) sampleTerms(pages []*annotate.Page) map[string]SampleTerms {
	m := w.ownSampleTerms(pages)
	if w.Page != nil {
		if pm := w.Page.ownSampleTerms(pages); len(pm) > 0 {
			if m == nil {
				m = map[string]SampleTerms{}
			}
			maps.Copy(m, pm)
		}
	}
	return m
}

// ownSampleTerms returns the sample terms of w's own fields.
func (w *State) ownSampleTerms(pages []*annotate.Page) map[string]SampleTerms {
	slotsOf := map[string][]int{}
	ownersOf := map[int][]string{}
	for _, sm := range w.SlotMaps {
		slotsOf[sm.Field] = append(slotsOf[sm.Field], sm.Slot)
		ownersOf[sm.Slot] = append(ownersOf[sm.Slot], sm.Field)
	}
	var fields []FieldSpec
	for _, f := range w.FieldSpecs {
		if f.Tuple || f.Dictionary || len(slotsOf[f.Path]) == 0 || f.Predefined == "" && f.Regex == nil {
			continue
		}
		fields = append(fields, f)
	}
	if len(fields) == 0 {
		return nil
	}
	// typesOf: the types of each field, to tell another field's own
	// instances from the field's.
	typesOf := map[string][]string{}
	for _, f := range w.FieldSpecs {
		typesOf[f.Path] = f.Types
	}
	type tally struct {
		annotated int
		confSum   float64
		own       int
		other     map[int]int
	}
	tallies := make([]tally, len(fields))
	for i := range tallies {
		tallies[i].other = map[int]int{}
	}
	for _, p := range pages {
		w.sampleScopes(p, func(toks []Token, r *mrec) {
			for i, f := range fields {
				t := &tallies[i]
				own, best, seen := false, 0.0, map[int]bool{}
				Collect(r, -1, func(v sval) {
					if slices.Contains(slotsOf[f.Path], v.Slot) {
						if c, ok := bestAnn(toks, v.A, v.B, f.Types); ok {
							own = true
							best = max(best, c)
						}
						return
					}
					if seen[v.Slot] || !othersOnly(ownersOf[v.Slot], f, typesOf) {
						return
					}
					if _, ok := bestAnn(toks, v.A, v.B, f.Types); ok {
						seen[v.Slot] = true
						t.other[v.Slot]++
					}
				})
				if own {
					t.own++
					t.annotated++
					t.confSum += best
				}
			}
		})
	}
	var m map[string]SampleTerms
	for i, f := range fields {
		t := tallies[i]
		var st SampleTerms
		if f.Predefined != "" && !recognizers.Delimits(f.Predefined) && t.annotated > 0 {
			st.Complete = float64(int(1000*t.confSum/float64(t.annotated)+0.5)) / 1000
		}
		if f.Delimited() && t.own > 0 {
			other := 0
			for _, n := range t.other {
				other = max(other, n)
			}
			if float64(other) >= ShadowMin*float64(t.own) {
				st.Shadow = float64(t.own) / float64(t.own+other)
			}
		}
		if st != (SampleTerms{}) {
			if m == nil {
				m = map[string]SampleTerms{}
			}
			m[f.Path] = st
		}
	}
	return m
}

// othersOnly reports whether a slot's fields are all other fields than
// f, none typed by one of f's types (a slot f shares, or one of a field
// of the same type, is no sign of a look-alike).
func othersOnly(owners []string, f FieldSpec, typesOf map[string][]string) bool {
	if len(owners) == 0 {
		return false
	}
	for _, g := range owners {
		if g == f.Path {
			return false
		}
		for _, t := range typesOf[g] {
			if slices.Contains(f.Types, t) {
				return false
			}
		}
	}
	return true
}

// bestAnn returns the highest confidence of an annotation of one of
// types on the tokens [a, b).
func bestAnn(toks []Token, a, b int, types []string) (float64, bool) {
	best, ok := 0.0, false
	for x := max(a, 0); x < b && x < len(toks); x++ {
		for _, an := range toks[x].Ann {
			if slices.Contains(types, an.Type) {
				best, ok = max(best, an.Confidence), true
			}
		}
	}
	return best, ok
}
