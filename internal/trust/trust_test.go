package trust

import (
	"reflect"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/wrapper"
)

func sampleObject() *wrapper.Object {
	return &wrapper.Object{Page: "p1.htm", Fields: []wrapper.Field{
		{Name: "title", Values: []wrapper.Value{{Text: "The Road", Confidence: 0.9}}},
		{Name: "where", Tuple: true, Values: []wrapper.Value{{Fields: []wrapper.Field{
			{Name: "name", Values: []wrapper.Value{{Text: "Hall", Confidence: 1}}},
		}}}},
		{Name: "date", Values: []wrapper.Value{{Text: "Product details", Confidence: 0.6}}},
	}}
}

func TestFlatten(t *testing.T) {
	got := Flatten(sampleObject())
	want := []Value{
		{"p1.htm", "title", "The Road", 0.9, wrapper.Evidence{}},
		{"p1.htm", "where.name", "Hall", 1, wrapper.Evidence{}},
		{"p1.htm", "date", "Product details", 0.6, wrapper.Evidence{}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Flatten = %+v, want %+v", got, want)
	}
}

func TestJudgeAndUnrecognized(t *testing.T) {
	tr, err := eval.ReadJSONL(strings.NewReader(`{"page":"p1.html","records":[{"title":"The Road","where":{"name":"Hall"},"date":"2010-04-16"}]}`), "truth")
	if err != nil {
		t.Fatal(err)
	}
	vals := append(Flatten(sampleObject()), Value{Page: "other.htm", Field: "title", Text: "X", Confidence: 1})
	j := Judge(tr, vals)
	if j.Values != 3 || j.Right != 2 || j.Unlabelled != 1 || len(j.Wrong) != 1 || j.Wrong[0].Field != "date" {
		t.Errorf("Judge: %d values, %d right, %d unlabelled, wrong %v", j.Values, j.Right, j.Unlabelled, j.Wrong)
	}
	if b := j.Reliability.Bins[1]; b.Values != 1 || b.RightValues != 0 {
		t.Errorf("the wrong value of confidence 0.6 is not in bin [0.5,0.7): %+v", b)
	}
	date, err := recognizers.NewPredefined("date")
	if err != nil {
		t.Fatal(err)
	}
	title, err := recognizers.NewMemoryDictionaries(map[string][]string{"title": {"Nothing"}}).Recognizer("title")
	if err != nil {
		t.Fatal(err)
	}
	specs := []wrapper.FieldSpec{
		{Path: "title", Types: []string{"title"}, Dictionary: true},
		{Path: "date", Types: []string{"date"}, Predefined: "date"},
	}
	bad := Unrecognized(specs, map[string]recognizers.Recognizer{"date": date, "title": title}, vals)
	if len(bad) != 1 || len(bad["date"]) != 1 || bad["date"][0].Text != "Product details" {
		t.Errorf("Unrecognized = %v, want the date field's one value (dictionary fields are not checked)", bad)
	}
}

func TestDiagnosedAndCoverage(t *testing.T) {
	diags := []objectrunner.Diagnostic{
		{Kind: objectrunner.DiagNoSlot, Field: "where.name"},
		{Kind: objectrunner.DiagRareType, Field: "venue"},
		{Kind: objectrunner.DiagLowFill, Field: "where.name"},
		{Kind: objectrunner.DiagOneKind},
	}
	for _, tc := range []struct {
		spec wrapper.FieldSpec
		want []string
	}{
		{wrapper.FieldSpec{Path: "where.name", Types: []string{"venue"}}, []string{"low-fill", "no-slot", "rare-type"}},
		{wrapper.FieldSpec{Path: "place", Types: []string{"place"}}, nil},
		{wrapper.FieldSpec{Path: "name", Types: []string{"person"}}, nil},
	} {
		if got := Diagnosed(diags, tc.spec); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Diagnosed(%s) = %v, want %v", tc.spec.Path, got, tc.want)
		}
	}
	var c Coverage
	for _, f := range []struct {
		f1 float64
		d  bool
	}{{0.5, true}, {0.89, false}, {0.92, true}, {0.95, false}, {1, true}, {1, false}} {
		c.Add(f.f1, f.d)
	}
	if c != (Coverage{Bad: 2, BadDiagnosed: 1, Good: 3, GoodDiagnosed: 1}) {
		t.Errorf("Coverage = %+v", c)
	}
	if c.BadShare() != 0.5 || c.GoodShare() != 1.0/3 {
		t.Errorf("shares %v %v", c.BadShare(), c.GoodShare())
	}
}
