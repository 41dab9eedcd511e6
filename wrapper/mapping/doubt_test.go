package mapping

import (
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"reflect"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
)

func TestRaggedText(t *testing.T) {
	tests := []struct {
		txt  string
		want bool
	}{
		{"Harbor Light Group (", true},
		{"J. X. Quillfeather & Co. (2016", true},
		{"Harbor Light Group", false},
		{"Harbor Light Group (Boston)", false},
		{"The [Lost] Archive", false},
		{"", false},
	}
	for _, tc := range tests {
		if got := raggedText(tc.txt); got != tc.want {
			t.Errorf("raggedText(%q) = %v, want %v", tc.txt, got, tc.want)
		}
	}
}

// words builds word tokens; a word prefixed "T:" is annotated with type
// T (one annotation per run of equal prefixes).
func words(s string) []Token {
	var out []Token
	var last *annotate.Annotation
	for _, w := range strings.Fields(s) {
		tk := exalg.NewToken(KindWord, w)
		if typ, rest, ok := strings.Cut(w, ":"); ok && typ != "" && rest != "" {
			tk = exalg.NewToken(KindWord, rest)
			if last == nil || last.Type != typ {
				last = &annotate.Annotation{Type: typ}
			}
			tk.SetAnn(&[]*annotate.Annotation{last})
		} else {
			last = nil
		}
		out = append(out, tk)
	}
	return out
}

func TestRunOn(t *testing.T) {
	patterned := map[string]bool{"date": true}
	tests := []struct {
		name string
		toks string
		want bool
	}{
		{"an address that ends at its instance", "addr:6941 addr:Market addr:Ave", false},
		{"an address running on past a comma", "addr:6941 addr:Market addr:Ave , Reservations", true},
		{"words right after the instance, no separator", "addr:6941 addr:Market addr:Ave Suite", false},
		{"another field's name type after the instance", "addr:6941 addr:Market person:Nora", true},
		{"no instance at all", "Reservations , Info", false},
		{"a label before the instance", "Where : addr:6941 addr:Market", false},
	}
	for _, tc := range tests {
		toks := words(tc.toks)
		if got := runOn(toks, 0, len(toks), []string{"addr"}, patterned); got != tc.want {
			t.Errorf("%s: runOn(%q) = %v, want %v", tc.name, tc.toks, got, tc.want)
		}
	}
}

func TestDoubtNotes(t *testing.T) {
	dict := FieldSpec{Path: "publisher", Name: "publisher", Mult: "1", Types: []string{"publisher"}, Dictionary: true}
	set := FieldSpec{Path: "authors", Name: "authors", Mult: "+", Many: true, Types: []string{"author"}, Dictionary: true}
	tests := []struct {
		name  string
		f     FieldSpec
		tally fieldTally
		lead  bool
		want  []string
	}{
		{
			name:  "the same value on every object",
			f:     dict,
			tally: fieldTally{Objs: 5, Vals: 5, doubtTally: doubtTally{Constant: "Tickets"}},
			want:  []string{NoteConstant},
		},
		{
			name:  "the same value on two objects only is no note",
			f:     dict,
			tally: fieldTally{Objs: 2, Vals: 2, doubtTally: doubtTally{Constant: "Tickets"}},
		},
		{
			name:  "values that vary",
			f:     dict,
			tally: fieldTally{Objs: 5, Vals: 5, doubtTally: doubtTally{Constant: "A", Varied: true}},
		},
		{
			name:  "ragged and run-on values",
			f:     dict,
			tally: fieldTally{Objs: 10, Vals: 10, doubtTally: doubtTally{Constant: "A", Varied: true, Ragged: 3, RunOn: 5}},
			want:  []string{NoteRagged, NoteRunOn},
		},
		{
			name:  "a few ragged values are no note",
			f:     dict,
			tally: fieldTally{Objs: 10, Vals: 10, doubtTally: doubtTally{Constant: "A", Varied: true, Ragged: 2}},
		},
		{
			name:  "a leading number dropped",
			f:     dict,
			tally: fieldTally{Objs: 10, Vals: 10, doubtTally: doubtTally{Constant: "2011 BMW Z4", Varied: true}},
			lead:  true,
			want:  []string{NoteLeadNumber},
		},
		{
			name:  "set items outside the object's element",
			f:     set,
			tally: fieldTally{Objs: 10, Vals: 30, doubtTally: doubtTally{Constant: "A", Varied: true, Outside: 6, Inside: 4}},
			want:  []string{NoteSetElsewhere},
		},
		{
			name:  "set items mostly inside",
			f:     set,
			tally: fieldTally{Objs: 10, Vals: 30, doubtTally: doubtTally{Constant: "A", Varied: true, Outside: 3, Inside: 7}},
		},
		{
			name:  "values missed where the type is",
			f:     dict,
			tally: fieldTally{Objs: 6, Vals: 6, doubtTally: doubtTally{Constant: "A", Varied: true, Regions: 10, Missed: 4}},
			want:  []string{NoteMissed},
		},
		{
			name: "the same value as another field",
			f:    dict,
			tally: fieldTally{Objs: 6, Vals: 6, doubtTally: doubtTally{Constant: "A", Varied: true,
				Both: map[string]int{"band": 6}, Same: map[string]int{"band": 5}}},
			want: []string{NoteSameAs},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, n := range tc.tally.Notes(tc.f, false, tc.lead) {
				if n.Field != tc.f.Path || !strings.Contains(n.Message, tc.f.Path) {
					t.Errorf("note %+v does not name field %s", n, tc.f.Path)
				}
				got = append(got, n.Kind)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("notes = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestDoubtConfidence(t *testing.T) {
	notes := []Note{
		{Kind: NoteAmbiguous, Field: "price"},
		{Kind: NoteConstant, Field: "link"},
		{Kind: NoteRunOn, Field: "link"},
		{Kind: NoteObjects},
	}
	doubt := doubtsOf(notes)
	if want := map[string][]string{"link": {NoteConstant, NoteRunOn}}; !reflect.DeepEqual(doubt, want) {
		t.Fatalf("doubtsOf = %v, want %v (ambiguous and objects notes do not lower confidence)", doubt, want)
	}
	e := Evidence{Share: 1, Coverage: 1}
	if c := e.Confidence(); c != 1 {
		t.Errorf("confidence without doubt = %v, want 1", c)
	}
	e.Doubt = doubt["link"]
	if c := e.Confidence(); c != DoubtConfidence {
		t.Errorf("confidence with doubt = %v, want %v", c, DoubtConfidence)
	}
	e.Doubt = []string{NoteMissed}
	if c := e.Confidence(); c != WeakDoubtConfidence {
		t.Errorf("confidence with a weak doubt = %v, want %v", c, WeakDoubtConfidence)
	}
	e.Doubt = []string{NoteMissed, NoteConstant}
	if c := e.Confidence(); c != DoubtConfidence {
		t.Errorf("confidence with a weak and a strong doubt = %v, want %v", c, DoubtConfidence)
	}
	e.Share = 0.3
	if c := e.Confidence(); c != 0.3 {
		t.Errorf("a confidence below the cap = %v, want 0.3", c)
	}
}
