package mapping

import (
	"slices"
	"testing"
)

func TestLabelOnlyNotes(t *testing.T) {
	dict := FieldSpec{Name: "model", Path: "model", Types: []string{"make"}, Dictionary: true}
	regex := FieldSpec{Name: "model", Path: "model", Types: []string{"model"}}
	labelScore := func(untyped bool) Score {
		s := newScore("label", 19)
		s.Untyped = untyped
		return s
	}
	sample := []CandidateSample{{Index: 0, Values: []string{"Convertible"}}}
	tests := []struct {
		name string
		spec FieldSpec
		cand CandidateExplain
		note bool
	}{
		{"dictionary field, label alone", dict, CandidateExplain{Slot: 32, Label: "all bmw models", Score: labelScore(true), Chosen: true, Samples: sample}, true},
		{"the label's values hold instances", dict, CandidateExplain{Slot: 32, Label: "model", Score: labelScore(false), Chosen: true, Samples: sample}, false},
		{"not chosen", dict, CandidateExplain{Slot: 32, Label: "all bmw models", Score: labelScore(true), Samples: sample}, false},
		{"placed by annotations", dict, CandidateExplain{Slot: 32, Score: newScore("annotations", 19), Chosen: true, Samples: sample}, false},
		{"a pattern's field (its values are checked by the pattern)", regex, CandidateExplain{Slot: 32, Label: "all bmw models", Score: labelScore(true), Chosen: true, Samples: sample}, false},
	}
	for _, tc := range tests {
		w := &State{FieldSpecs: []FieldSpec{tc.spec}, Scope: -1,
			Explain: []FieldExplain{{Field: "model", Sample: 19, Candidates: []CandidateExplain{tc.cand}}}}
		notes := w.labelOnlyNotes()
		if got := len(notes) == 1 && notes[0].Kind == NoteLabelOnly && notes[0].Field == "model"; got != tc.note || len(notes) > 1 {
			t.Errorf("%s: notes %v, want a label-only note: %v", tc.name, notes, tc.note)
		}
	}
	if !slices.Contains(doubtKinds, NoteLabelOnly) {
		t.Errorf("label-only is not a doubt: its values' confidence would not be capped")
	}
}
