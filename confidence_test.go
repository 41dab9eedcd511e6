package objectrunner

import (
	"errors"
	"reflect"
	"testing"

	"github.com/objectrunner/objectrunner/wrapper"
)

// TestMinConfidence checks Config.MinConfidence's filter (dropBelowAll):
// values below the minimum are left out and counted, per field and in
// all; nested tuple values left empty go with them; a mandatory field
// emptied so is reported missing and makes the page incomplete.
func TestMinConfidence(t *testing.T) {
	val := func(s string, c float64) wrapper.Value { return wrapper.Value{Text: s, Confidence: c} }
	credit := func(name string, c float64) wrapper.Value {
		return wrapper.Value{Fields: []wrapper.Field{{Name: "name", Values: []wrapper.Value{val(name, c)}}}}
	}
	book := func(title float64, authors ...float64) *wrapper.Object {
		o := &wrapper.Object{Fields: []wrapper.Field{{Name: "title", Values: []wrapper.Value{val("T", title)}}}}
		if len(authors) > 0 {
			f := wrapper.Field{Name: "credits", Tuple: true, Many: true}
			for i, c := range authors {
				f.Values = append(f.Values, credit(string(rune('A'+i)), c))
			}
			o.Fields = append(o.Fields, f)
		}
		return o
	}
	fields := []wrapper.FieldSpec{
		{Name: "title", Path: "title"},
		{Name: "credits", Path: "credits", Tuple: true, Many: true, Optional: true},
		{Name: "name", Path: "credits.name", Parent: "credits"},
	}
	mismatch := &wrapper.MismatchError{Reason: "template text not found", Partial: true}
	tests := []struct {
		name        string
		min         float64
		obj         *wrapper.Object
		err         error
		wantTexts   map[string][]string
		wantMissing []string
		wantBelow   map[string]int
		wantReason  string // of the returned error ("" for nil)
	}{
		{name: "no minimum", min: 0, obj: book(0.1, 0.2),
			wantTexts: map[string][]string{"title": {"T"}, "credits.name": {"A"}}},
		{name: "all above", min: 0.5, obj: book(0.9, 0.5, 1),
			wantTexts: map[string][]string{"title": {"T"}, "credits.name": {"A", "B"}}},
		{name: "one nested value below", min: 0.5, obj: book(0.9, 0.4, 1),
			wantTexts: map[string][]string{"title": {"T"}, "credits.name": {"B"}},
			wantBelow: map[string]int{"credits.name": 1}},
		{name: "every nested value below: the optional tuple goes", min: 0.5, obj: book(0.9, 0.4, 0.1),
			wantTexts: map[string][]string{"title": {"T"}},
			wantBelow: map[string]int{"credits.name": 2}},
		{name: "mandatory field below: missing, page incomplete", min: 0.9, obj: book(0.899, 0.95),
			wantTexts:   map[string][]string{"credits.name": {"A"}},
			wantMissing: []string{"title"}, wantBelow: map[string]int{"title": 1}, wantReason: lowConfidence},
		{name: "page already incomplete keeps its reason", min: 0.9, obj: book(0.5), err: mismatch,
			wantTexts: map[string][]string{}, wantMissing: []string{"title"}, wantBelow: map[string]int{"title": 1},
			wantReason: mismatch.Reason},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := &Report{}
			err := rep.dropBelowAll([]*wrapper.Object{tc.obj}, tc.err, tc.min, fields)
			var mm *wrapper.MismatchError
			switch {
			case tc.wantReason == "" && err != nil:
				t.Errorf("error %v, want none", err)
			case tc.wantReason != "" && (!errors.As(err, &mm) || mm.Reason != tc.wantReason || !mm.Partial):
				t.Errorf("error %v, want a partial mismatch %q", err, tc.wantReason)
			}
			got := map[string][]string{}
			for _, p := range []string{"title", "credits.name"} {
				if v := tc.obj.Get(p); v != nil {
					got[p] = v
				}
			}
			if !reflect.DeepEqual(got, tc.wantTexts) {
				t.Errorf("values %v, want %v", got, tc.wantTexts)
			}
			if !reflect.DeepEqual(tc.obj.Missing, tc.wantMissing) {
				t.Errorf("missing %v, want %v", tc.obj.Missing, tc.wantMissing)
			}
			total := 0
			for p, n := range tc.wantBelow {
				total += n
				if st := rep.Fields[p]; st == nil || st.BelowConfidence != n {
					t.Errorf("%s: below-confidence count %+v, want %d", p, st, n)
				}
			}
			if rep.BelowConfidence != total {
				t.Errorf("BelowConfidence %d, want %d", rep.BelowConfidence, total)
			}
			s := rep.Summary()
			if s.BelowConfidence != total {
				t.Errorf("summary below_confidence %d, want %d", s.BelowConfidence, total)
			}
		})
	}
}
