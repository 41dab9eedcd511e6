package objectrunner

import (
	"errors"
	"reflect"
	"testing"

	"github.com/objectrunner/objectrunner/wrapper"
)

// TestRefutedValues checks the abstention filter (dropRefutedAll): the
// values of a field whose doubt notes refute them (no-letter, in-aside,
// label-in-value) are left out and counted with the refuting kinds and
// examples; values with other doubt notes are kept; a mandatory field so
// emptied is missing and makes the page incomplete; Config.KeepRefuted
// keeps everything.
func TestRefutedValues(t *testing.T) {
	val := func(s string, doubt ...string) wrapper.Value {
		return wrapper.Value{Text: s, Confidence: 0.5, Evidence: wrapper.Evidence{Doubt: doubt}}
	}
	obj := func() *wrapper.Object {
		return &wrapper.Object{Fields: []wrapper.Field{
			{Name: "name", Values: []wrapper.Value{val("Ada Lovelace", "missed-values")}},
			{Name: "college", Values: []wrapper.Value{val("College: Kestrel State", "label-in-value")}},
			{Name: "pos", Values: []wrapper.Value{val("88", "label-varies", "no-letter")}},
		}}
	}
	fields := []wrapper.FieldSpec{
		{Name: "name", Path: "name"},
		{Name: "college", Path: "college"},
		{Name: "pos", Path: "pos", Optional: true},
	}

	o := obj()
	rep := &Report{}
	err := rep.dropRefutedAll([]*wrapper.Object{o}, nil, false, fields)
	var mm *wrapper.MismatchError
	if !errors.As(err, &mm) || mm.Reason != refutedValues || !mm.Partial {
		t.Errorf("error %v, want a partial mismatch %q (college is mandatory)", err, refutedValues)
	}
	if got := o.Get("name"); !reflect.DeepEqual(got, []string{"Ada Lovelace"}) {
		t.Errorf("name = %q: a field whose doubt does not refute it is kept", got)
	}
	if o.Get("college") != nil || o.Get("pos") != nil {
		t.Errorf("refuted fields kept: college %q, pos %q", o.Get("college"), o.Get("pos"))
	}
	if !reflect.DeepEqual(o.Missing, []string{"college"}) {
		t.Errorf("missing %q, want [college] (pos is optional)", o.Missing)
	}
	if rep.Refuted != 2 || rep.Fields["college"].Refuted != 1 || rep.Fields["pos"].Refuted != 1 || rep.Fields["name"] != nil {
		t.Errorf("counts: all %d, fields %+v", rep.Refuted, rep.Fields)
	}
	if got := rep.Fields["pos"].RefutedBy; !reflect.DeepEqual(got, []string{"no-letter"}) {
		t.Errorf("pos refuted by %q, want [no-letter]", got)
	}
	if got := rep.Fields["college"].RefutedExamples; !reflect.DeepEqual(got, []string{"College: Kestrel State"}) {
		t.Errorf("college examples %q", got)
	}

	o = obj()
	rep = &Report{}
	if err := rep.dropRefutedAll([]*wrapper.Object{o}, nil, true, fields); err != nil || rep.Refuted != 0 || len(o.Fields) != 3 {
		t.Errorf("KeepRefuted: error %v, %d refuted, %d fields left", err, rep.Refuted, len(o.Fields))
	}
	if s := (&Report{Refuted: 2}).Summary(); s.Refuted != 2 {
		t.Errorf("summary refuted %d", s.Refuted)
	}
	if d := abstainedDiagnostics(&Report{}); d != nil {
		t.Errorf("diagnostics without a wrapper: %v", d)
	}
}
