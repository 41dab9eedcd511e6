package mapping

import (
	"strings"
	"testing"
)

func TestLeadPeer(t *testing.T) {
	tok := func(k Kind, s string) flatEl { return flatEl{Tok: Tok{Kind: k, Text: s}, Slot: -1} }
	slot := func(n int) flatEl { return flatEl{Slot: n} }
	mark := func(m string) flatEl { return flatEl{Slot: -1, Mark: m} }
	li, endLi := tok(KindStart, "li"), tok(KindEnd, "li")
	b, endB := tok(KindStart, "b"), tok(KindEnd, "b")
	tests := []struct {
		name string
		flat []flatEl
		at   int // index of the set's slot
		want int
	}{
		{"first item unrolled before the set", []flatEl{li, slot(9), endLi, mark("{"), li, slot(10), endLi, mark("}")}, 5, 9},
		{"a separator in the set's body", []flatEl{tok(KindStart, "a"), slot(7), tok(KindEnd, "a"), mark("{"), tok(KindWord, "/"), tok(KindStart, "a"), slot(8), tok(KindEnd, "a"), mark("}")}, 6, 7},
		{"other markup around the slot before", []flatEl{b, slot(9), endB, mark("{"), li, slot(10), endLi, mark("}")}, 5, -1},
		{"a structure mark between", []flatEl{li, slot(9), endLi, mark(")?"), mark("{"), li, slot(10), endLi, mark("}")}, 6, -1},
		{"not the set's first slot", []flatEl{li, slot(9), endLi, mark("{"), li, slot(10), endLi, li, slot(11), endLi, mark("}")}, 8, -1},
		{"no slot before the set", []flatEl{li, tok(KindWord, "Acts"), endLi, mark("{"), li, slot(10), endLi, mark("}")}, 5, -1},
	}
	for _, tc := range tests {
		got := leadPeer(tc.flat, tc.at)
		if got != tc.want {
			t.Errorf("%s: leadPeer = slot %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestCompareSamples(t *testing.T) {
	s := func(idx int, v string) CandidateSample { return CandidateSample{Index: idx, Values: []string{v}} }
	tests := []struct {
		name           string
		a, b           []CandidateSample
		common, differ int
	}{
		{"same values", []CandidateSample{s(0, "x"), s(1, "y")}, []CandidateSample{s(0, "x"), s(1, "y")}, 2, 0},
		{"different values", []CandidateSample{s(0, "x"), s(1, "y")}, []CandidateSample{s(0, "z"), s(1, "y"), s(2, "w")}, 2, 1},
		{"no page in common", []CandidateSample{s(0, "x")}, []CandidateSample{s(1, "x")}, 0, 0},
	}
	for _, tc := range tests {
		c, d := compareSamples(tc.a, tc.b)
		if c != tc.common || d != tc.differ {
			t.Errorf("%s: compareSamples = %d, %d, want %d, %d", tc.name, c, d, tc.common, tc.differ)
		}
	}
}

func TestWeakSlotNotes(t *testing.T) {
	sample := []CandidateSample{{Index: 0, Values: []string{"Specifications"}}}
	good := newScore("annotations", 10)
	oneText := newScore("annotations", 3)
	oneText.OneText, oneText.Variation = oneTextPenalty, 0.8
	oneTextVaried := oneText
	oneTextVaried.Variation = 1
	labelled := newScore("label", 4)
	labelled.Label = namedBoost
	tests := []struct {
		name  string
		cands []CandidateExplain
		want  string // a word of the note's reason, "" for no note
	}{
		{"a well supported slot", []CandidateExplain{{Slot: 1, Score: good, Total: 10, Chosen: true, Samples: sample}}, ""},
		{"a heading that rotates", []CandidateExplain{{Slot: 1, Score: oneText, Total: 0.6, Chosen: true, Samples: sample}}, "rotates"},
		{"one text, values that vary", []CandidateExplain{{Slot: 1, Score: oneTextVaried, Total: 0.75, Chosen: true, Samples: sample}}, ""},
		{"outside the region", []CandidateExplain{{Slot: 1, Score: good, Total: 10, Chosen: true, Outside: true, Samples: sample}}, "outside"},
		{"a labelled rival lost", []CandidateExplain{{Slot: 1, Score: good, Total: 10, Chosen: true, Samples: sample},
			{Slot: 2, Label: "team", Score: labelled, Total: 6, Samples: sample}}, "label"},
		{"a rule's slot", []CandidateExplain{{Slot: 1, Score: ruleScore("title-name", 30), Total: 30, Chosen: true, Outside: true}}, ""},
	}
	for _, tc := range tests {
		w := &State{FieldSpecs: []FieldSpec{{Name: "college", Path: "college", Types: []string{"college"}}}, Scope: -1,
			Explain: []FieldExplain{{Field: "college", Candidates: tc.cands, Sample: 20}}}
		notes := w.weakSlotNotes()
		switch {
		case tc.want == "" && len(notes) > 0:
			t.Errorf("%s: got %v, want no note", tc.name, notes)
		case tc.want != "" && (len(notes) != 1 || notes[0].Kind != NoteWeakSlot || notes[0].Field != "college" || !strings.Contains(notes[0].Message, tc.want)):
			t.Errorf("%s: got %v, want one weak-slot note on college saying %q", tc.name, notes, tc.want)
		}
	}
}

func TestLeadNumberNote(t *testing.T) {
	tests := []struct {
		toks string
		want bool
	}{
		{"60 position:Catcher", true},
		{"position:Catcher", false},
		{"60th position:Catcher", false},
		{"position:60 position:Catcher", false},
		{"60 Catcher", false},
	}
	for _, tc := range tests {
		toks := words(tc.toks)
		if got := leadNumber(toks, 0, len(toks), []string{"position"}); got != tc.want {
			t.Errorf("leadNumber(%q) = %v, want %v", tc.toks, got, tc.want)
		}
	}
}
