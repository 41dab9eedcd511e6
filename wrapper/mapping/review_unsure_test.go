package mapping

import (
	"fmt"
	"testing"
)

// TestQuestionsFromDoubt: the questions read from an explanation where
// the score was sure but the learner has evidence of doubt (review5):
// a field a rule placed carrying a doubt note, an other-class note, a
// weak choice offering the spare slots, a spare slot holding values on the pages the field
// misses when the field is in doubt; and the same explanations without
// the evidence ask nothing. Table.
func TestQuestionsFromDoubt(t *testing.T) {
	sample := func(idx int, v string) CandidateSample {
		return CandidateSample{Index: idx, Values: []string{v}, Count: 1}
	}
	cand := func(slot int, basis string, ann, total float64, chosen bool, vals ...string) CandidateExplain {
		c := CandidateExplain{Slot: slot, Score: newScore(basis, ann), Total: total, Chosen: chosen}
		for i, v := range vals {
			c.Samples = append(c.Samples, sample(i, v))
		}
		return c
	}
	spare := func(slot int, adds bool, vals ...string) CandidateExplain {
		c := cand(slot, "none", 0, 0, false, vals...)
		c.Adds = adds
		return c
	}
	cases := []struct {
		name     string
		fe       FieldExplain
		doubt    []string
		slotOf   map[int]string // other fields' slots
		kind     string         // "" = no question
		firstAdd bool           // the first candidate adds
		offered  int            // a slot that must be among the candidates (-1: none)
	}{
		{"rule-placed, same-as-field", FieldExplain{Field: "f", Slots: []int{2}, Sample: 20,
			Spare: []CandidateExplain{spare(5, false, "a", "b", "c")}}, []string{NoteSameAs}, nil, QuestionDoubt, false, 5},
		{"rule-placed, no doubt", FieldExplain{Field: "f", Slots: []int{2}, Sample: 20,
			Spare: []CandidateExplain{spare(5, false, "a", "b", "c")}}, nil, nil, "", false, -1},
		{"rule-placed, a doubt that does not ask", FieldExplain{Field: "f", Slots: []int{2}, Sample: 20,
			Spare: []CandidateExplain{spare(5, false, "a", "b", "c")}}, []string{NoteMissed}, nil, "", false, -1},
		{"other-class", FieldExplain{Field: "f", Slots: []int{17}, Sample: 20,
			Candidates: []CandidateExplain{cand(17, "annotations", 19, 19, true, "x", "y", "z")},
			Spare:      []CandidateExplain{spare(13, false, "a", "b", "c")}}, []string{NoteClassOther}, nil, QuestionDoubt, false, 13},
		// A free rival at 0.75 of the chosen slot asked on 10 good
		// templates of seeds 35000-35199 and fixed no field: not asked.
		{"free rival at 0.79", FieldExplain{Field: "f", Slots: []int{11}, Sample: 20,
			Candidates: []CandidateExplain{cand(11, "annotations", 19, 19, true, "5", "3", "4"), cand(2, "annotations", 15, 15, false, "63", "67", "76")}}, nil, nil, "", false, -1},
		{"free rival at 0.9", FieldExplain{Field: "f", Slots: []int{11}, Sample: 20,
			Candidates: []CandidateExplain{cand(11, "annotations", 19, 19, true, "5", "3", "4"), cand(2, "annotations", 18, 18, false, "63", "67", "76")}}, nil, nil, QuestionClose, false, 2},
		{"taken rival at 0.79", FieldExplain{Field: "f", Slots: []int{11}, Sample: 20,
			Candidates: []CandidateExplain{cand(11, "annotations", 19, 19, true, "5", "3", "4"), cand(2, "annotations", 15, 15, false, "63", "67", "76")}}, nil, map[int]string{2: "g"}, "", false, -1},
		{"far rival at 0.6", FieldExplain{Field: "f", Slots: []int{11}, Sample: 20,
			Candidates: []CandidateExplain{cand(11, "annotations", 19, 19, true, "5", "3", "4"), cand(2, "annotations", 12, 12, false, "63", "67", "76")}}, nil, nil, "", false, -1},
		{"rival with the same values", FieldExplain{Field: "f", Slots: []int{11}, Sample: 20,
			Candidates: []CandidateExplain{cand(11, "annotations", 19, 19, true, "5", "3", "4"), cand(2, "annotations", 18, 18, false, "5", "3", "4")}}, nil, nil, "", false, -1},
		// Scant evidence without a rival (a fifth of the sample) asked on
		// most good list templates of seeds 35000-35199: not asked.
		{"scant evidence, no rival", FieldExplain{Field: "f", Slots: []int{21}, Sample: 20,
			Candidates: []CandidateExplain{cand(21, "annotations", 2, 2, true, "x", "y", "z")},
			Spare:      []CandidateExplain{spare(8, false, "a", "b", "c")}}, nil, nil, "", false, -1},
		{"weak with a rival, spare offered", FieldExplain{Field: "f", Slots: []int{21}, Sample: 20,
			Candidates: []CandidateExplain{cand(21, "annotations", 2, 2, true, "x", "y", "z"), cand(4, "annotations", 1.5, 1.5, false, "p", "q", "r")},
			Spare:      []CandidateExplain{spare(8, false, "a", "b", "c")}}, nil, nil, QuestionWeak, false, 8},
		{"weak but not scant, no rival", FieldExplain{Field: "f", Slots: []int{21}, Sample: 20,
			Candidates: []CandidateExplain{cand(21, "annotations", 6, 6, true, "x", "y", "z")},
			Spare:      []CandidateExplain{spare(8, false, "a", "b", "c")}}, nil, nil, "", false, -1},
		{"label-nominated, few values", FieldExplain{Field: "f", Slots: []int{21}, Sample: 20,
			Candidates: []CandidateExplain{cand(21, "label", 2, 2, true, "x", "y", "z")}}, nil, nil, "", false, -1},
		{"spare adds, in doubt", FieldExplain{Field: "f", Slots: []int{18}, Sample: 20,
			Candidates: []CandidateExplain{cand(18, "annotations", 14, 14, true, "x", "y", "z")},
			Spare:      []CandidateExplain{spare(29, false, "p", "q", "r"), spare(7, true, "a", "b", "c")}}, []string{NoteMissed}, nil, QuestionSplit, true, 7},
		// A rule placed the field over a weighed candidate (a constant
		// "customer service" number taken for a date): asked, the weighed
		// candidate and the spare slots offered.
		{"rule-placed over a candidate, constant-value", FieldExplain{Field: "f", Slots: []int{18}, Sample: 20,
			Candidates: []CandidateExplain{cand(9, "rule", 0, 9, false, "p", "q", "r"), cand(18, "rule", 0, 0, true, "k", "k", "k")},
			Spare:      []CandidateExplain{spare(16, false, "a", "b", "c")}}, []string{NoteConstant}, nil, QuestionDoubt, false, 9},
		{"rule-placed over a candidate, no doubt", FieldExplain{Field: "f", Slots: []int{18}, Sample: 20,
			Candidates: []CandidateExplain{cand(9, "rule", 0, 9, false, "p", "q", "r"), cand(18, "rule", 0, 0, true, "k", "k", "k")}}, nil, nil, "", false, -1},
		// A "fax" row taken for the telephone, a label naming a variant
		// ("isbn10"): the rival offered.
		{"foreign-label", FieldExplain{Field: "f", Slots: []int{8}, Sample: 20,
			Candidates: []CandidateExplain{cand(8, "annotations", 20, 20, true, "x", "y", "z"), cand(6, "annotations", 16, 16, false, "p", "q", "r")}}, []string{NoteForeignLabel}, nil, QuestionDoubt, false, 6},
		{"label-variant", FieldExplain{Field: "f", Slots: []int{17}, Sample: 20,
			Candidates: []CandidateExplain{cand(17, "annotations", 20, 23, true, "x", "y", "z"), cand(16, "annotations", 20, 20, false, "p", "q", "r")}}, []string{NoteLabelVariant}, nil, QuestionDoubt, false, 16},
		// A rule placed the field; a weighed candidate holds its values
		// on the sample objects where its slot holds none: a split.
		{"rule-placed, a candidate adds", FieldExplain{Field: "f", Slots: []int{3}, Sample: 70,
			Candidates: []CandidateExplain{cand(3, "rule", 0, 18, true, "1993", "2002"), func() CandidateExplain {
				c := cand(5, "rule", 0, 9, false, "2003", "1992")
				c.Adds = true
				return c
			}()}}, nil, nil, QuestionSplit, true, 5},
		{"spare adds, no doubt", FieldExplain{Field: "f", Slots: []int{18}, Sample: 20, Filled: 18,
			Candidates: []CandidateExplain{cand(18, "annotations", 14, 14, true, "x", "y", "z")},
			Spare:      []CandidateExplain{spare(7, true, "a", "b", "c")}}, nil, nil, "", false, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := &State{FieldSpecs: []FieldSpec{{Path: "f", Name: "f", Types: []string{"f"}, Mult: "1"}}}
			w.Explain = []FieldExplain{c.fe}
			for _, s := range c.fe.Slots {
				w.SlotMaps = append(w.SlotMaps, SlotMap{Field: "f", Slot: s})
			}
			for s, f := range c.slotOf {
				w.SlotMaps = append(w.SlotMaps, SlotMap{Field: f, Slot: s})
			}
			if c.doubt != nil {
				w.Doubt = map[string][]string{"f": c.doubt}
			}
			qs := w.Questions()
			if c.kind == "" {
				if len(qs) > 0 {
					t.Fatalf("asked %s (%s), want no question", qs[0].Kind, qs[0].Why)
				}
				return
			}
			if len(qs) != 1 || qs[0].Kind != c.kind {
				t.Fatalf("questions %+v, want one %s question", qs, c.kind)
			}
			q := qs[0]
			if c.firstAdd && (len(q.Candidates) == 0 || !q.Candidates[0].Adds || q.Candidates[0].Slot != c.offered) {
				t.Errorf("candidates %+v: want slot %d, adding, first", q.Candidates, c.offered)
			}
			found := false
			for _, k := range q.Candidates {
				found = found || k.Slot == c.offered
			}
			if !found {
				t.Errorf("slot %d not offered among %+v", c.offered, q.Candidates)
			}
		})
	}
}

// TestSplitQuestions: split questions asked without a doubt note
// (review6): a set field of the object with a candidate holding items
// where its slots hold none; a spare slot adding to a mandatory field
// (single or set) whose slots fill under lowFillShare of the sample. The
// same with the field optional, well filled, or a tuple's set, asks
// nothing. Table.
func TestSplitQuestions(t *testing.T) {
	vals := func(vs ...string) []CandidateSample {
		var out []CandidateSample
		for i, v := range vs {
			out = append(out, CandidateSample{Index: i, Values: []string{v}, Count: 1})
		}
		return out
	}
	chosen := CandidateExplain{Slot: 11, Score: newScore("annotations", 8), Total: 8, Chosen: true, Samples: vals("x", "y", "z")}
	addCand := CandidateExplain{Slot: 9, Score: newScore("annotations", 1), Total: 0.25, Adds: true, Samples: vals("a", "b", "c")}
	addSpare := CandidateExplain{Slot: 6, Score: newScore("none", 0), Adds: true, Samples: vals("p", "q", "r")}
	cases := []struct {
		name    string
		mult    string
		parent  string
		filled  int
		cands   []CandidateExplain
		spare   []CandidateExplain
		kind    string // "" = no question
		offered int
	}{
		{"set, adding candidate", "*", "", 12, []CandidateExplain{chosen, addCand}, nil, QuestionSplit, 9},
		{"set, adding candidate, well filled", "*", "", 19, []CandidateExplain{chosen, addCand}, nil, QuestionSplit, 9},
		{"tuple's set, adding candidate", "*", "t", 12, []CandidateExplain{chosen, addCand}, nil, "", -1},
		{"set, no adding candidate", "*", "", 12, []CandidateExplain{chosen}, nil, "", -1},
		{"set, low fill, spare adds", "+", "", 12, []CandidateExplain{chosen}, []CandidateExplain{addSpare}, QuestionSplit, 6},
		{"set, optional, low fill, spare adds", "*", "", 12, []CandidateExplain{chosen}, []CandidateExplain{addSpare}, "", -1},
		{"set, well filled, spare adds", "+", "", 16, []CandidateExplain{chosen}, []CandidateExplain{addSpare}, "", -1},
		{"single, low fill, spare adds", "1", "", 12, []CandidateExplain{chosen}, []CandidateExplain{addSpare}, QuestionSplit, 6},
		{"single, optional, low fill, spare adds", "?", "", 12, []CandidateExplain{chosen}, []CandidateExplain{addSpare}, "", -1},
		{"single, well filled, spare adds", "1", "", 15, []CandidateExplain{chosen}, []CandidateExplain{addSpare}, "", -1},
		{"single, no fill known, spare adds", "1", "", 0, []CandidateExplain{chosen}, []CandidateExplain{addSpare}, "", -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := FieldSpec{Path: "f", Name: "f", Types: []string{"f"}, Mult: c.mult, Many: c.mult == "*" || c.mult == "+", Optional: c.mult == "*" || c.mult == "?", Parent: c.parent}
			specs := []FieldSpec{f}
			if c.parent != "" {
				f.Path = c.parent + ".f"
				specs = []FieldSpec{{Path: c.parent, Name: c.parent, Tuple: true, Many: true}, f}
			}
			w := &State{FieldSpecs: specs}
			w.Explain = []FieldExplain{{Field: f.Path, Slots: []int{11}, Sample: 20, Filled: c.filled, Candidates: c.cands, Spare: c.spare}}
			w.SlotMaps = []SlotMap{{Field: f.Path, Slot: 11}}
			qs := w.Questions()
			if c.kind == "" {
				if len(qs) > 0 {
					t.Fatalf("asked %s (%s), want no question", qs[0].Kind, qs[0].Why)
				}
				return
			}
			if len(qs) != 1 || qs[0].Kind != c.kind {
				t.Fatalf("questions %+v, want one %s question", qs, c.kind)
			}
			if k := qs[0].Candidates; len(k) == 0 || k[0].Slot != c.offered || !k[0].Adds {
				t.Errorf("candidates %+v: want slot %d, adding, first", k, c.offered)
			}
		})
	}
}

// TestDropQuestions: a drop question offers to remove one of a field's
// slots (review8): a single field whose two slots both hold a value on
// dropBoth sample objects, a set field's slot scoring under dropRatio of
// its best; its candidates are the field's chosen slots, worst first, and
// their pins drop them. The same with the slots on other objects, the
// lines of one value, or the set's slots scoring close, asks nothing.
// Table.
func TestDropQuestions(t *testing.T) {
	vals := func(vs ...string) []CandidateSample {
		var out []CandidateSample
		for i, v := range vs {
			out = append(out, CandidateSample{Index: i, Values: []string{v}, Count: 1})
		}
		return out
	}
	good := CandidateExplain{Slot: 7, Score: newScore("annotations", 8), Total: 2.05, Chosen: true, Samples: vals("Velvet Giants", "Quasar", "Solenne")}
	bad := CandidateExplain{Slot: 10, Score: newScore("annotations", 2), Total: 1.2, Chosen: true, Samples: vals("Specifications", "More information", "More information")}
	close := bad
	close.Total = 1.9
	next := close
	next.Slot = 8
	same := good
	same.Slot, same.Total = 10, 1.9
	cases := []struct {
		name  string
		mult  string
		both  int
		lines bool
		cands []CandidateExplain
		want  []int // the slots offered, in order; nil = no question
	}{
		{"set, a slot far under the best", "*", 20, false, []CandidateExplain{good, bad}, []int{10}},
		{"set, slots scoring close", "*", 20, false, []CandidateExplain{good, close}, nil},
		{"single, both slots on the same objects", "1", 12, false, []CandidateExplain{good, close}, []int{10, 7}},
		{"single, the slots on other objects", "1", 1, false, []CandidateExplain{good, close}, nil},
		{"single, lines of one value", "1", 12, true, []CandidateExplain{good, close}, nil},
		{"single, one slot", "1", 0, false, []CandidateExplain{good}, nil},
		{"single, consecutive slots (lines of an address)", "1", 12, false, []CandidateExplain{good, next}, nil},
		{"single, slots showing the same values", "1", 12, false, []CandidateExplain{good, same}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := FieldSpec{Path: "f", Name: "f", Types: []string{"f"}, Mult: c.mult, Many: c.mult == "*", Optional: c.mult == "*"}
			w := &State{FieldSpecs: []FieldSpec{f}}
			var slots []int
			for _, k := range c.cands {
				slots = append(slots, k.Slot)
				w.SlotMaps = append(w.SlotMaps, SlotMap{Field: "f", Slot: k.Slot, Lines: c.lines})
			}
			w.Explain = []FieldExplain{{Field: "f", Slots: slots, Sample: 20, Filled: 20, Both: c.both, Candidates: c.cands}}
			qs := w.Questions()
			if c.want == nil {
				if len(qs) > 0 {
					t.Fatalf("asked %s (%s), want no question", qs[0].Kind, qs[0].Why)
				}
				return
			}
			if len(qs) != 1 || qs[0].Kind != QuestionDrop {
				t.Fatalf("questions %+v, want one drop question", qs)
			}
			var got []int
			for k, qc := range qs[0].Candidates {
				got = append(got, qc.Slot)
				p := qc.Pin("f")
				if !qc.Drop || !p.Drop || p.Slot != qc.Slot || p.Check() != nil {
					t.Errorf("candidate %s: pin %+v, want a drop of slot %d", qc.Title(k), p, qc.Slot)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("offered slots %v, want %v", got, c.want)
			}
		})
	}
}
