package wrapper

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
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
		if got := mapping.RaggedText(tc.txt); got != tc.want {
			t.Errorf("raggedText(%q) = %v, want %v", tc.txt, got, tc.want)
		}
	}
}

// words builds word tokens; a word prefixed "T:" is annotated with type
// T (one annotation per run of equal prefixes).
func words(s string) []mapping.Token {
	var out []mapping.Token
	var last *annotate.Annotation
	for _, w := range strings.Fields(s) {
		tk := mapping.Token{Kind: KindWord, Text: w}
		if typ, rest, ok := strings.Cut(w, ":"); ok && typ != "" && rest != "" {
			tk.Text = rest
			if last == nil || last.Type != typ {
				last = &annotate.Annotation{Type: typ}
			}
			tk.Ann = []*annotate.Annotation{last}
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
		if got := mapping.RunOn(toks, 0, len(toks), []string{"addr"}, patterned); got != tc.want {
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
			tally: fieldTally{objs: 5, vals: 5, doubtTally: doubtTally{constant: "Tickets"}},
			want:  []string{NoteConstant},
		},
		{
			name:  "the same value on two objects only is no note",
			f:     dict,
			tally: fieldTally{objs: 2, vals: 2, doubtTally: doubtTally{constant: "Tickets"}},
		},
		{
			name:  "values that vary",
			f:     dict,
			tally: fieldTally{objs: 5, vals: 5, doubtTally: doubtTally{constant: "A", varied: true}},
		},
		{
			name:  "ragged and run-on values",
			f:     dict,
			tally: fieldTally{objs: 10, vals: 10, doubtTally: doubtTally{constant: "A", varied: true, ragged: 3, runOn: 5}},
			want:  []string{NoteRagged, NoteRunOn},
		},
		{
			name:  "a few ragged values are no note",
			f:     dict,
			tally: fieldTally{objs: 10, vals: 10, doubtTally: doubtTally{constant: "A", varied: true, ragged: 2}},
		},
		{
			name:  "a leading number dropped",
			f:     dict,
			tally: fieldTally{objs: 10, vals: 10, doubtTally: doubtTally{constant: "2011 BMW Z4", varied: true}},
			lead:  true,
			want:  []string{NoteLeadNumber},
		},
		{
			name:  "set items outside the object's element",
			f:     set,
			tally: fieldTally{objs: 10, vals: 30, doubtTally: doubtTally{constant: "A", varied: true, outside: 6, inside: 4}},
			want:  []string{NoteSetElsewhere},
		},
		{
			name:  "set items mostly inside",
			f:     set,
			tally: fieldTally{objs: 10, vals: 30, doubtTally: doubtTally{constant: "A", varied: true, outside: 3, inside: 7}},
		},
		{
			name:  "values missed where the type is",
			f:     dict,
			tally: fieldTally{objs: 6, vals: 6, doubtTally: doubtTally{constant: "A", varied: true, regions: 10, missed: 4}},
			want:  []string{NoteMissed},
		},
		{
			name: "the same value as another field",
			f:    dict,
			tally: fieldTally{objs: 6, vals: 6, doubtTally: doubtTally{constant: "A", varied: true,
				both: map[string]int{"band": 6}, same: map[string]int{"band": 5}}},
			want: []string{NoteSameAs},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, n := range tc.tally.notes(tc.f, false, tc.lead) {
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
	doubt := mapping.DoubtsOf(notes)
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

// A saved wrapper keeps its doubts, so that it gives the values the
// confidence the learned one did.
func TestDoubtSaved(t *testing.T) {
	var pages []*annotate.Page
	for i, v := range []string{"Ann", "Bob", "Cy"} {
		pages = append(pages, testPage(t, "p"+string(rune('0'+i))+".html",
			`<html><body><h1><span data-or-type="title">`+v+` Story</span></h1><p data-or-type="person">`+v+` Smith</p></body></html>`, nil))
	}
	w, err := Induce(pages, testSOD([][3]string{{"title", "1", "title"}, {"person", "1", "person"}}, sod.One), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	w.doubt = map[string][]string{"person": {NoteRunOn}}
	var buf bytes.Buffer
	if err := w.Save(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := Load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.doubt, w.doubt) {
		t.Errorf("loaded doubt = %v, want %v", got.doubt, w.doubt)
	}
}
