package objectrunner

import (
	"fmt"
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/recognizers"

	"github.com/objectrunner/objectrunner/wrapper"
)

// DiagSampleOnly: with one object per page, a root field has values on
// several objects of the sample's pages and on none of the many other
// pages of the source: the wrapper does what it learned on the sample
// only (a row found there in an order the other pages do not share, a
// slot the other pages do not reach), or the field's row is rare outside
// the sample. A self-check comparing the whole source with the sample
// (docs/diagnostics.md, "Self-checks").
const DiagSampleOnly = "sample-only"

// Thresholds of DiagSampleOnly: the field has values on at least
// SampleOnlyMin of the sample's objects and SampleOnlyShare of them, and on
// none of SampleOnlyRest objects or more of the other pages.
const (
	SampleOnlyMin   = 3
	SampleOnlyShare = 0.2
	SampleOnlyRest  = 10
)

// sampleSplit counts, for the self-checks, the objects extracted from the
// sample's pages and from the others, and for each root field how many of
// each have a value.
type sampleSplit struct {
	pages   map[string]bool
	objects [2]int // [other pages, sample pages]
	filled  map[string]*[2]int
	ready   bool
	// runOn counts, by root single field, its values and those holding
	// another kind's instance (DiagRunOnValues); runOnEx is one of them.
	runOn map[string]*runOnTally
	kinds []otherKind
	// values and sets: the value checks' tallies (valuechecks.go).
	values map[string]*valueTally
	sets   map[string]bool
}

// countSplit adds o to rep.split (count).
func (rep *Report) countSplit(o *wrapper.Object) {
	s := &rep.split
	if !s.ready {
		s.ready = true
		s.filled = map[string]*[2]int{}
		s.runOn, s.kinds = runOnKinds(rep.Wrapper)
		if rep.Sample != nil {
			s.pages = map[string]bool{}
			for _, p := range rep.Sample.Pages {
				if p != nil {
					s.pages[p.Path] = true
				}
			}
		}
	}
	rep.countRunOn(o)
	rep.countValues(o) // valuechecks.go
	if s.pages == nil {
		return
	}
	i := 0
	if s.pages[o.Page] {
		i = 1
	}
	s.objects[i]++
	for _, f := range o.Fields {
		if len(f.Values) == 0 {
			continue
		}
		c := s.filled[f.Name]
		if c == nil {
			c = &[2]int{}
			s.filled[f.Name] = c
		}
		c[i]++
	}
}

// DiagUnfitPages: a share of the source's pages did not fit the wrapper
// and gave no object, so every field of the SOD misses its values there:
// one diagnostic names each field. A self-check on the whole source like
// DiagSampleOnly; the values written are not doubted (the pages that fit
// are read as on the sample).
const DiagUnfitPages = "unfit-pages"

// UnfitFieldShare: the share of the processed pages (and two pages at
// least) that did not fit the wrapper from which DiagUnfitPages names the
// fields: a field then loses at least that share of its values (recall
// 0.9 caps value F1 below 0.95).
const UnfitFieldShare = 0.1

// unfitFields returns a DiagUnfitPages for each field of the SOD (not
// tuples) when at least UnfitFieldShare of the processed pages did not
// fit the wrapper.
func unfitFields(rep *Report) []Diagnostic {
	n := rep.UnfitPages()
	if rep.Wrapper == nil || n < 2 || rep.Processed == 0 || float64(n) < UnfitFieldShare*float64(rep.Processed) {
		return nil
	}
	why := ""
	if rs := byReason(rep.Unfit, rep.Processed).Reasons; len(rs) > 0 {
		why = fmt.Sprintf(" (most often: %s)", rs[0].Reason)
	}
	var out []Diagnostic
	for _, f := range rep.Wrapper.Fields() {
		if f.Tuple {
			continue
		}
		out = append(out, Diagnostic{Kind: DiagUnfitPages, Field: f.Path, Message: fmt.Sprintf(
			"field %s is missing on the %d of %d pages (%.0f%%) that did not fit the wrapper%s",
			f.Path, n, rep.Processed, 100*float64(n)/float64(rep.Processed), why)})
	}
	return out
}

// selfChecks returns the diagnostics comparing the wrapper's behaviour on
// the whole source with the sample it was learned on (DiagSampleOnly,
// DiagUnfitPages).
func selfChecks(rep *Report) []Diagnostic {
	out := unfitFields(rep)
	out = append(out, runOnValues(rep)...)
	out = append(out, valueChecks(rep)...) // valuechecks.go
	return append(out, sampleOnly(rep)...)
}

// sampleOnly returns the DiagSampleOnly diagnostics.
func sampleOnly(rep *Report) []Diagnostic {
	s := &rep.split
	if rep.Wrapper == nil || s.pages == nil || rep.Objects != rep.PagesWithObjects {
		return nil
	}
	if s.objects[0] < SampleOnlyRest || s.objects[1] == 0 {
		return nil
	}
	var out []Diagnostic
	for _, f := range rep.Wrapper.Fields() {
		if f.Parent != "" {
			continue
		}
		c := s.filled[f.Path]
		if c == nil || c[0] > 0 || c[1] < SampleOnlyMin || float64(c[1]) < SampleOnlyShare*float64(s.objects[1]) {
			continue
		}
		out = append(out, Diagnostic{Kind: DiagSampleOnly, Field: f.Path, Message: fmt.Sprintf(
			"field %s has values on %d of the %d objects of the sample's pages but on none of the %d objects of the other pages: its slot may give values on the sample only (rows in another order elsewhere), or its row is rare outside the sample",
			f.Path, c[1], s.objects[1], s.objects[0])})
	}
	return out
}

// DiagObjectMissing: most of the SOD's mandatory root fields are filled in
// too few objects (DiagLowFill): the objects written are mostly not the
// SOD's objects (a look-alike list, a sidebar's records), so the fields
// that are filled may be read from that other thing too. One diagnostic
// names each root field without a low-fill one. Measured on dev zoo seeds
// 16300-16799: a list of a sidebar's players (four of five fields
// low-fill) gave the optional college field the sidebar's team names on
// every record, with no diagnostic; no template with half of its
// mandatory fields low-fill or fewer had such a field.
const DiagObjectMissing = "object-missing"

// objectMissing returns the DiagObjectMissing diagnostics for the
// diagnostics found so far (out): when more than half of the mandatory
// root fields (two at least) have a DiagLowFill.
func objectMissing(rep *Report, out []Diagnostic) []Diagnostic {
	if rep.Wrapper == nil {
		return nil
	}
	low := map[string]bool{}
	for _, d := range out {
		if d.Kind == DiagLowFill {
			low[d.Field] = true
		}
	}
	mandatory, missing := 0, 0
	var names []string
	for _, f := range rep.Wrapper.Fields() {
		if f.Tuple || f.Parent != "" || f.Optional {
			continue
		}
		mandatory++
		if low[f.Path] {
			missing++
			names = append(names, f.Path)
		}
	}
	if missing < 2 || 2*missing <= mandatory {
		return nil
	}
	var diags []Diagnostic
	for _, f := range rep.Wrapper.Fields() {
		if f.Tuple || f.Parent != "" || low[f.Path] {
			continue
		}
		diags = append(diags, Diagnostic{Kind: DiagObjectMissing, Field: f.Path, Message: fmt.Sprintf(
			"field %s: %d of the %d mandatory fields (%s) are missing from many objects: the objects written may not be the SOD's (a look-alike list, a sidebar), and this field's values may be read from them too",
			f.Path, missing, mandatory, strings.Join(names, ", "))})
	}
	return diags
}

// DiagRunOnValues: a root single field not cut to a recognizer's
// instance (a name, a postal address) gives, over the whole source, at
// least RunOnShare of its values (RunOnMin at least) holding an instance
// of another kind: another field's delimiting predefined recognizer (a
// date, a phone, a price), or a web or e-mail address no field is typed
// by. The value runs into the next text. The wrapper's run-on note
// (doubt.go) counts the sample's values; extraction on the other pages
// can differ from it: measured on dev zoo seeds 16300-16799, an imprint
// written as "Penrose Editions, 7/9/1999" (the publication date's text
// joined to it) on 36 of 54 pages at confidence 1 while its values on
// the sample held a date once.
const DiagRunOnValues = "run-on-values"

// Thresholds of DiagRunOnValues.
const (
	RunOnShare = 0.3
	RunOnMin   = 3
)

// runOnTally counts one field's values for DiagRunOnValues.
type runOnTally struct {
	own          recognizers.Recognizer
	vals, runOn  int
	ex, kindName string
}

// otherKind is a recognizer whose instance in a value of another field
// shows the value running on (DiagRunOnValues): field is the field typed
// by it ("" for a web or e-mail address no field is typed by).
type otherKind struct {
	field, name string
	r           recognizers.Recognizer
}

// runOnKinds returns the tallies of the fields DiagRunOnValues counts and
// the kinds it looks for, for wrapper w (nil, nil when none).
func runOnKinds(w *wrapper.Wrapper) (map[string]*runOnTally, []otherKind) {
	if w == nil {
		return nil, nil
	}
	tl := map[string]*runOnTally{}
	var kinds []otherKind
	typed := map[string]bool{}
	for _, f := range w.Fields() {
		if f.Tuple {
			continue
		}
		typed[f.Predefined] = true
		if f.Parent != "" || f.Many {
			continue
		}
		if !f.Delimited() {
			t := &runOnTally{}
			if f.Predefined != "" {
				t.own, _ = recognizers.NewPredefined(f.Predefined)
			}
			tl[f.Path] = t
		}
		if f.Predefined != "" && f.Regex == nil && recognizers.Delimits(f.Predefined) {
			if r, err := recognizers.NewPredefined(f.Predefined); err == nil {
				kinds = append(kinds, otherKind{field: f.Path, name: f.Predefined, r: r})
			}
		}
	}
	for _, name := range []string{"url", "email"} {
		if typed[name] {
			continue
		}
		if r, err := recognizers.NewPredefined(name); err == nil {
			kinds = append(kinds, otherKind{name: name, r: r})
		}
	}
	if len(tl) == 0 || len(kinds) == 0 {
		return nil, nil
	}
	return tl, kinds
}

// countRunOn counts o's values for DiagRunOnValues.
func (rep *Report) countRunOn(o *wrapper.Object) {
	s := &rep.split
	if s.runOn == nil {
		return
	}
	for _, f := range o.Fields {
		t := s.runOn[f.Name]
		if t == nil || f.Tuple {
			continue
		}
		for _, v := range f.Values {
			if v.Text == "" {
				continue
			}
			t.vals++
			if k := otherInstance(v.Text, f.Name, t.own, s.kinds); k != "" {
				t.runOn++
				if t.ex == "" {
					t.ex, t.kindName = v.Text, k
				}
			}
		}
	}
}

// otherInstance returns the description of the first of kinds (not
// field's own) that finds an instance in txt overlapping none of own's
// instances; "" when none does.
func otherInstance(txt, field string, own recognizers.Recognizer, kinds []otherKind) string {
	var mine []recognizers.Match
	if own != nil {
		mine, _ = own.Find(txt)
	}
	for _, k := range kinds {
		if k.field == field {
			continue
		}
		ms, err := k.r.Find(txt)
		if err != nil {
			continue
		}
		for _, m := range ms {
			if !slices.ContainsFunc(mine, func(o recognizers.Match) bool { return m.Start < o.End && o.Start < m.End }) {
				if k.field != "" {
					return fmt.Sprintf("field %s's type (%s)", k.field, k.name)
				}
				return "a value of kind " + k.name
			}
		}
	}
	return ""
}

// runOnValues returns the DiagRunOnValues diagnostics.
func runOnValues(rep *Report) []Diagnostic {
	if rep.Wrapper == nil {
		return nil
	}
	var out []Diagnostic
	for _, f := range rep.Wrapper.Fields() {
		t := rep.split.runOn[f.Path]
		if t == nil || t.runOn < RunOnMin || float64(t.runOn) < RunOnShare*float64(t.vals) {
			continue
		}
		out = append(out, Diagnostic{Kind: DiagRunOnValues, Field: f.Path, Message: fmt.Sprintf(
			"field %s: %d of its %d values hold an instance of %s outside their own (e.g. %q): values run into the next text",
			f.Path, t.runOn, t.vals, t.kindName, t.ex)})
	}
	return out
}
