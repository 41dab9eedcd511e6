package objectrunner

import (
	"errors"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper"
)

// TestSummary checks the run report's counts: fill rates of root fields
// against the objects and of nested fields against their tuple's nested
// objects, pages by reason, the unfit share, and the small-sample
// diagnostic.
func TestSummary(t *testing.T) {
	val := func(s string, c float64) wrapper.Value { return wrapper.Value{Text: s, Confidence: c} }
	credit := func(name, role string) wrapper.Value {
		v := wrapper.Value{Fields: []wrapper.Field{{Name: "name", Values: []wrapper.Value{val(name, 1)}}}}
		if role != "" {
			v.Fields = append(v.Fields, wrapper.Field{Name: "role", Values: []wrapper.Value{val(role, 0.5)}})
		}
		return v
	}
	objs := []*wrapper.Object{
		{Fields: []wrapper.Field{{Name: "title", Values: []wrapper.Value{val("A", 0.8)}},
			{Name: "credits", Tuple: true, Many: true, Values: []wrapper.Value{credit("X", "editor"), credit("Y", ""), credit("Z", "")}}}},
		{Fields: []wrapper.Field{{Name: "title", Values: []wrapper.Value{val("B", 1)}}}},
		{Fields: []wrapper.Field{{Name: "credits", Tuple: true, Many: true, Values: []wrapper.Value{credit("W", "author")}}}},
		{},
	}
	rep := &Report{Root: "src", Pages: 5, Unfit: map[string][]string{}, Incomplete: map[string][]string{},
		Sample: &annotate.SampleResult{Pages: make([]*annotate.Page, 3)}, SampleTarget: 20}
	for i, o := range objs {
		if err := rep.take("p"+string(rune('0'+i)), []*wrapper.Object{o}, nil, false, func(*wrapper.Object) error { return nil }); err != nil {
			t.Fatal(err)
		}
	}
	rep.take("p8", nil, &wrapper.MismatchError{Reason: "template text not found"}, false, nil)
	rep.take("p9", nil, errors.New("unreadable"), false, nil)
	s := rep.Summary()
	want := map[string][2]float64{ // fill rate, mean confidence
		"title":        {0.5, 0.9},
		"credits.name": {1, 1},
		"credits.role": {0.5, 0.5},
	}
	for _, f := range s.Fields {
		w, ok := want[f.Field]
		if !ok {
			t.Errorf("unexpected field %q in the summary", f.Field)
			continue
		}
		delete(want, f.Field)
		if f.FillRate != w[0] || f.MeanConfidence != w[1] {
			t.Errorf("%s: fill %v, confidence %v; want %v", f.Field, f.FillRate, f.MeanConfidence, w)
		}
	}
	if len(want) > 0 {
		t.Errorf("fields missing from the summary: %v", want)
	}
	if s.Processed != 6 || s.Objects != 4 || s.Unfit.Pages != 1 || s.Unfit.Share != 0.167 || len(s.Unreadable) != 1 ||
		s.Unfit.Reasons[0].Reason != "template text not found" || s.Unfit.Reasons[0].Examples[0] != "p8" {
		t.Errorf("summary counts: %+v", s)
	}
	small := false
	for _, d := range s.Diagnostics {
		small = small || d.Kind == DiagSmallSample
	}
	if !small {
		t.Errorf("no %s diagnostic for a sample of 3 with a target of 20: %+v", DiagSmallSample, s.Diagnostics)
	}
	rep.Sample.Pages = make([]*annotate.Page, 10)
	for _, d := range Diagnose(rep) {
		if d.Kind == DiagSmallSample {
			t.Errorf("a sample of half its target is not far below it: %v", d)
		}
	}
}
