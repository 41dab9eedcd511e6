package objectrunner

import (
	"fmt"
	"regexp"

	"github.com/objectrunner/objectrunner/wrapper"
)

// Self-checks on what the values themselves show over the whole source
// (branch diag12; docs/diagnostics.md, "What the values show"). Like
// DiagRunOnValues they count the written objects, sample and other pages
// alike, and name a field without lowering its values' confidence: the
// values are written before the counts are known.

// DiagOneItem: a set field ("*" or "+") gave one item on every object
// with a value, on OneItemMin objects or more: the field was declared to
// hold several values, yet its slot never gave two. The slot reads one
// place of the list (its first item), or a single value beside it.
// Measured on dev zoo seeds 42800-42999 and 14600-14699: the two set
// fields so read were a line-up read as its first act on every page (F1
// 0.76) and a list's guests read as one of them (F1 0.04); no set field
// scoring >= 0.95 gave one item on every object. On the real job pages a
// newcomer's variant declaring location and date "+" is named too (one
// per job, right): the message then says to declare the field single.
const DiagOneItem = "one-item"

// OneItemMin is the number of objects with a value from which DiagOneItem
// is given.
const OneItemMin = 5

// DiagLabelInValues: a root single field whose values are not cut to a
// recognizer's instance (a name, an address) gives, over the whole
// source, LabelValuesShare of its values or more (LabelValuesMin at
// least) that read a row label: a value whose element is a label or dt
// element (the slot reads the row's label and its value: "Agent Thea U.
// Mercer" where the page has no college row), or that holds, after a
// separator, a capitalised text of one to three words ending in a colon
// and followed by more text ("…, NC 27159, Ages: All Ages": the value
// runs into the next row). The sample-measured notes label-as-value and
// label-inside see the same thing when it happens on the sample's pages;
// this check sees it where it happens on the other pages only (on a
// tenth of a field's values).
const DiagLabelInValues = "labels-in-values"

// Thresholds of DiagLabelInValues.
const (
	LabelValuesShare = 0.1
	LabelValuesMin   = 3
)

// labelElem matches a value's DOM path whose element is a row label.
var labelElem = regexp.MustCompile(`/(label|dt)(\[\d+\])?$`)

// innerLabel matches a row label inside a value, after a separator.
var innerLabel = regexp.MustCompile(`[,;|·]\s*\p{Lu}[\p{L}\p{N}.&/'-]*(?:\s[\p{L}\p{N}.&/'-]+){0,2}:\s+\S`)

// valueTally counts one field's objects and values for the value checks.
type valueTally struct {
	// objs counts the objects with items of a set field, multi those
	// with two items or more.
	objs, multi int
	// vals counts a single field's values, labelled those reading a row
	// label; ex is one of them.
	vals, labelled int
	ex             string
}

// countValues adds o's root fields to rep.split's value tallies.
func (rep *Report) countValues(o *wrapper.Object) {
	s := &rep.split
	if s.values == nil {
		if rep.Wrapper == nil {
			return
		}
		s.values = map[string]*valueTally{}
		for _, f := range rep.Wrapper.Fields() {
			if f.Tuple || f.Parent != "" || (!f.Many && f.Delimited()) {
				continue
			}
			s.values[f.Path] = &valueTally{}
		}
		s.sets = map[string]bool{}
		for _, f := range rep.Wrapper.Fields() {
			if f.Many && !f.Tuple && f.Parent == "" {
				s.sets[f.Path] = true
			}
		}
	}
	for _, f := range o.Fields {
		t := s.values[f.Name]
		if t == nil || f.Tuple || len(f.Values) == 0 {
			continue
		}
		if s.sets[f.Name] {
			t.objs++
			if len(f.Values) > 1 {
				t.multi++
			}
			continue
		}
		for _, v := range f.Values {
			if v.Text == "" {
				continue
			}
			t.vals++
			if labelElem.MatchString(v.Path) || innerLabel.MatchString(v.Text) {
				t.labelled++
				if t.ex == "" {
					t.ex = v.Text
				}
			}
		}
	}
}

// valueChecks returns the DiagOneItem and DiagLabelInValues diagnostics.
func valueChecks(rep *Report) []Diagnostic {
	s := &rep.split
	if rep.Wrapper == nil || s.values == nil {
		return nil
	}
	var out []Diagnostic
	for _, f := range rep.Wrapper.Fields() {
		t := s.values[f.Path]
		if t == nil {
			continue
		}
		if s.sets[f.Path] {
			if t.objs >= OneItemMin && t.multi == 0 {
				out = append(out, Diagnostic{Kind: DiagOneItem, Field: f.Path, Message: fmt.Sprintf(
					"set field %s gave one item on each of its %d objects with a value, never two: its slot may read one place of the list (its first item) or a single value beside it; if each object holds one value, declare it \"1\" or \"?\"",
					f.Path, t.objs)})
			}
			continue
		}
		if t.labelled >= LabelValuesMin && float64(t.labelled) >= LabelValuesShare*float64(t.vals) {
			out = append(out, Diagnostic{Kind: DiagLabelInValues, Field: f.Path, Message: fmt.Sprintf(
				"field %s: %d of its %d values read a row label (e.g. %q): its slot reads another row where the page lacks the field's, or runs into the next row",
				f.Path, t.labelled, t.vals, t.ex)})
		}
	}
	return out
}
