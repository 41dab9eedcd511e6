package mapping

import (
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// objectsOf returns a sample function giving one object per page, each
// with field's values vals[i].
func objectsOf(field string, many bool, vals ...[]string) func() [][]*Object {
	var out [][]*Object
	for i, vs := range vals {
		fd := Field{Name: field, Many: many}
		for _, v := range vs {
			fd.Values = append(fd.Values, Value{Text: v})
		}
		out = append(out, []*Object{{Index: i, Fields: []Field{fd}}})
	}
	return func() [][]*Object { return out }
}

func TestColonHead(t *testing.T) {
	tests := []struct{ txt, want string }{
		{"College: University of Ridgeway", "college:"},
		{"Home town: Boston", "home town:"},
		{"Nine Nights in Lisbon: A History", ""}, // four words: a title's own colon
		{"College:", ""},                         // nothing after it
		{"12: 30", ""},                           // no letter
		{"University of Ridgeway", ""},
	}
	for _, tc := range tests {
		if got := colonHead(tc.txt); got != tc.want {
			t.Errorf("colonHead(%q) = %q, want %q", tc.txt, got, tc.want)
		}
	}
}

func TestLabelInValueNotes(t *testing.T) {
	school := FieldSpec{Name: "school", Path: "school", Types: []string{"school"}, Dictionary: true, Class: "college"}
	date := FieldSpec{Name: "born", Path: "born", Types: []string{"born"}, Predefined: "date"}
	tests := []struct {
		name  string
		field FieldSpec
		vals  [][]string
		note  bool
	}{
		{"the row's label in every value", school, [][]string{{"College: University of Ridgeway"}, {"College: Ashford A&M"}, {"College: Northgate State"}}, true},
		{"the label on a third of the values", school, [][]string{{"College: Ashford A&M"}, {"Northgate State"}, {"College: Eastvale A&M"}, {"Ridgeway University"}, {"Harrowgate State"}, {"Pinecrest State"}}, true},
		{"once only", school, [][]string{{"College: Ashford A&M"}, {"Northgate State"}, {"Eastvale A&M"}}, false},
		{"titles with colons of their own", school, [][]string{{"Go: A Primer"}, {"Rust: The Book"}, {"Lisp: Notes"}}, false},
		{"a field cut to its recognizer's instance", date, [][]string{{"Born: May 3, 1990"}, {"Born: June 1, 1991"}}, false},
	}
	for _, tc := range tests {
		w := &State{FieldSpecs: []FieldSpec{tc.field}, Scope: -1}
		notes := w.labelInValueNotes(objectsOf(tc.field.Path, false, tc.vals...))
		if got := len(notes) == 1 && notes[0].Kind == NoteLabelInValue && notes[0].Field == tc.field.Path; got != tc.note || len(notes) > 1 {
			t.Errorf("%s: notes %v, want a label-in-value note: %v", tc.name, notes, tc.note)
		}
	}
}

func TestConjParts(t *testing.T) {
	tests := []struct {
		txt  string
		a, b string
		ok   bool
	}{
		{"Jamal Hollis & Helena Blackwood", "Jamal Hollis", "Helena Blackwood", true},
		{"Rhea Iverson and Mary Beth Drummond", "Rhea Iverson", "Mary Beth Drummond", true},
		{"Florence & the Machine", "", "", false}, // a name: lower-case after the conjunction
		{"A & B & C", "", "", false},
		{"Seafood / Wine Bar", "Seafood", "Wine Bar", true}, // a slash between spaces joins two items
		{"AC/DC", "", "", false},
		{"& Sons", "", "", false},
		{"Helena Blackwood", "", "", false},
	}
	for _, tc := range tests {
		a, b, ok := conjParts(tc.txt)
		if a != tc.a || b != tc.b || ok != tc.ok {
			t.Errorf("conjParts(%q) = %q, %q, %v, want %q, %q, %v", tc.txt, a, b, ok, tc.a, tc.b, tc.ok)
		}
	}
}

func TestMergedItemsNotes(t *testing.T) {
	acts := FieldSpec{Name: "acts", Path: "acts", Types: []string{"artist"}, Many: true, Dictionary: true, Class: "artist"}
	ann := func(txt string) *annotate.Annotation {
		return &annotate.Annotation{Type: "artist", Node: &html.Node{Type: html.TextNode, Data: txt}, End: len(txt)}
	}
	tests := []struct {
		name  string
		known []string // annotated texts on the sample pages
		vals  [][]string
		note  bool
	}{
		{"two acts read as one, one of them annotated", []string{"Helena Blackwood"}, [][]string{{"Renée Brennan", "Jamal Hollis & Helena Blackwood"}, {"Yaeko"}}, true},
		{"one of them extracted alone on another object", nil, [][]string{{"The Static Tigers & Yusuf Montague"}, {"Yusuf Montague"}}, true},
		{"a name holding a conjunction, known whole", []string{"Breakfast & Brunch", "Breakfast"}, [][]string{{"Breakfast & Brunch"}, {"Greek"}}, false},
		{"neither part known", nil, [][]string{{"Smith & Wollensky"}, {"Greek"}}, false},
		{"items split right", []string{"Helena Blackwood"}, [][]string{{"Jamal Hollis", "Helena Blackwood"}}, false},
		{"two items joined by a comma, one known", []string{"Vegetarian"}, [][]string{{"Vegetarian, Tapas/Small Plates"}, {"Greek"}}, true},
		{"a comma, neither part known", nil, [][]string{{"Smith, John"}, {"Greek"}}, false},
	}
	for _, tc := range tests {
		p := &annotate.Page{}
		for _, k := range tc.known {
			p.Annotations = append(p.Annotations, ann(k))
		}
		w := &State{FieldSpecs: []FieldSpec{acts}, Scope: -1}
		notes := w.mergedItemsNotes([]*annotate.Page{p}, objectsOf("acts", true, tc.vals...))
		if got := len(notes) == 1 && notes[0].Kind == NoteMergedItems && notes[0].Field == "acts"; got != tc.note || len(notes) > 1 {
			t.Errorf("%s: notes %v, want a merged-items note: %v", tc.name, notes, tc.note)
		}
	}
}

// TestMergedSingleNotes: a single name field whose values join two names,
// one known alone, on two sample objects gets merged-items; on one object,
// or with a comma, it does not.
func TestMergedSingleNotes(t *testing.T) {
	by := FieldSpec{Name: "by", Path: "by", Types: []string{"author"}, Dictionary: true, Class: "author", Mult: "1"}
	p := &annotate.Page{}
	for _, k := range []string{"Sofia Nygaard", "Logan Jefferson", "Smith"} {
		p.Annotations = append(p.Annotations, &annotate.Annotation{Type: "author", Node: &html.Node{Type: html.TextNode, Data: k}, End: len(k)})
	}
	tests := []struct {
		name string
		vals [][]string
		note bool
	}{
		{"two bylines of two names", [][]string{{"Sofia Nygaard & Lena Quillfeather"}, {"Logan Jefferson & Felix St. Clair"}, {"Cyrus Delacroix"}}, true},
		{"one byline of two names", [][]string{{"Sofia Nygaard & Lena Quillfeather"}, {"Cyrus Delacroix"}}, false},
		{"commas", [][]string{{"Smith, John"}, {"Smith, Anne"}}, false},
	}
	for _, tc := range tests {
		w := &State{FieldSpecs: []FieldSpec{by}, Scope: -1}
		notes := w.mergedItemsNotes([]*annotate.Page{p}, objectsOf("by", false, tc.vals...))
		if got := len(notes) == 1 && notes[0].Kind == NoteMergedItems && notes[0].Field == "by"; got != tc.note || len(notes) > 1 {
			t.Errorf("%s: notes %v, want a merged-items note: %v", tc.name, notes, tc.note)
		}
	}
}

func TestLabelVariantNotes(t *testing.T) {
	isbn := FieldSpec{Name: "isbn", Path: "isbn", Types: []string{"isbn"}, Predefined: "isbn"}
	s := func(vals ...string) []CandidateSample {
		var out []CandidateSample
		for i, v := range vals {
			out = append(out, CandidateSample{Index: i, Values: []string{v}})
		}
		return out
	}
	ten := s("1619104199", "1144089565", "1190248859")
	thirteen := s("978-1-6191-0419-8", "978-1-1440-8956-4", "978-1-1902-4885-4")
	sc := newScore("annotations", 20)
	tests := []struct {
		name  string
		cands []CandidateExplain
		slots []int
		note  bool
	}{
		{"a label naming a variant, a close rival with other values",
			[]CandidateExplain{{Slot: 1, Label: "isbn10", Score: sc, Total: 30, Chosen: true, Samples: ten}, {Slot: 2, Score: sc, Total: 20, Samples: thirteen}}, []int{1}, true},
		{"the label is the field's whole name",
			[]CandidateExplain{{Slot: 1, Label: "isbn", Score: sc, Total: 30, Chosen: true, Samples: ten}, {Slot: 2, Score: sc, Total: 20, Samples: thirteen}}, []int{1}, false},
		{"a label naming no word of the field",
			[]CandidateExplain{{Slot: 1, Label: "directions", Score: sc, Total: 30, Chosen: true, Samples: ten}, {Slot: 2, Score: sc, Total: 20, Samples: thirteen}}, []int{1}, false},
		{"a weak rival",
			[]CandidateExplain{{Slot: 1, Label: "isbn10", Score: sc, Total: 30, Chosen: true, Samples: ten}, {Slot: 2, Score: sc, Total: 10, Samples: thirteen}}, []int{1}, false},
		{"a rival with the same values",
			[]CandidateExplain{{Slot: 1, Label: "isbn10", Score: sc, Total: 30, Chosen: true, Samples: ten}, {Slot: 2, Score: sc, Total: 20, Samples: ten}}, []int{1}, false},
		{"the rival is a line of the field's value",
			[]CandidateExplain{{Slot: 1, Label: "isbn10", Score: sc, Total: 30, Chosen: true, Samples: ten}, {Slot: 2, Score: sc, Total: 20, Samples: thirteen}}, []int{1, 2}, false},
	}
	for _, tc := range tests {
		w := &State{FieldSpecs: []FieldSpec{isbn}, Scope: -1,
			Explain: []FieldExplain{{Field: "isbn", Candidates: tc.cands, Slots: tc.slots, Sample: 20}}}
		notes := w.labelVariantNotes()
		if got := len(notes) == 1 && notes[0].Kind == NoteLabelVariant && notes[0].Field == "isbn"; got != tc.note || len(notes) > 1 {
			t.Errorf("%s: notes %v, want a label-variant note: %v", tc.name, notes, tc.note)
		}
	}
}

func TestWeakSlotNotesSet(t *testing.T) {
	sample := []CandidateSample{{Index: 0, Values: []string{"Product details"}}}
	oneText := newScore("annotations", 3)
	oneText.OneText, oneText.Variation = oneTextPenalty, 0.8
	varied := oneText
	varied.Variation = 1
	good := newScore("annotations", 10)
	tests := []struct {
		name string
		win  CandidateExplain
		note bool
	}{
		{"a rotating heading as the list", CandidateExplain{Slot: 1, Score: oneText, Total: 0.6, Chosen: true, Samples: sample}, true},
		{"one text, values that vary", CandidateExplain{Slot: 1, Score: varied, Total: 0.75, Chosen: true, Samples: sample}, false},
		{"outside the region: sets are placed near the object anyway", CandidateExplain{Slot: 1, Score: good, Total: 10, Chosen: true, Outside: true, Samples: sample}, false},
	}
	for _, tc := range tests {
		w := &State{FieldSpecs: []FieldSpec{{Name: "category", Path: "category", Types: []string{"cuisine"}, Many: true}}, Scope: -1,
			Explain: []FieldExplain{{Field: "category", Candidates: []CandidateExplain{tc.win}, Sample: 20}}}
		notes := w.weakSlotNotes()
		if got := len(notes) == 1 && notes[0].Kind == NoteWeakSlot && strings.Contains(notes[0].Message, "set field"); got != tc.note || len(notes) > 1 {
			t.Errorf("%s: notes %v, want a weak-slot note: %v", tc.name, notes, tc.note)
		}
	}
}

func TestFormLabel(t *testing.T) {
	tests := []struct {
		name, html, value, want string
	}{
		{"a dt row label", `<dl><dt>Imprint</dt><dd>Kestrel Press</dd></dl>`, "Kestrel", "imprint"},
		{"a label ending with a colon", `<p><b>By:</b> <span>Brody Ravenscroft</span></p>`, "Brody", "by"},
		{"an element of class label", `<li><b class="label">Publisher</b> <b>Jove Books</b></li>`, "Jove", "publisher"},
		{"a th header", `<table><tr><th>Pages</th><td>672 pages</td></tr></table>`, "672", "pages"},
		{"another value before it, no label", `<p><span>Kestrel Press</span> <span>Brody Ravenscroft</span></p>`, "Brody", ""},
		{"a label in a link", `<p><a href="/x">More by:</a> <span>Brody Ravenscroft</span></p>`, "Brody", ""},
		{"the label in the value's own node", `<p>Author: Brody Ravenscroft</p>`, "Brody", ""},
	}
	for _, tc := range tests {
		p := testPage(t, "p.html", "<html><body>"+tc.html+"</body></html>", nil)
		toks := Tokenize(p, NewPaths())
		x := -1
		for i, tk := range toks {
			if tk.Kind == KindWord && strings.HasPrefix(tk.Text(), tc.value) {
				x = i
				break
			}
		}
		if x < 0 {
			t.Fatalf("%s: no token %q", tc.name, tc.value)
		}
		if got := formLabel(toks, x); got != tc.want {
			t.Errorf("%s: formLabel = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestLabelsVary(t *testing.T) {
	tests := []struct {
		name   string
		objs   int
		labels map[string]int
		want   string
	}{
		{"shuffled rows", 16, map[string]int{"imprint": 6, "by": 5, "editor": 4, "isbn10": 1}, "by, editor, imprint"},
		{"the field's own label", 20, map[string]int{"publisher": 20}, ""},
		{"its own label, once another", 20, map[string]int{"publisher": 18, "imprint": 2}, ""},
		{"labels before few of the values", 20, map[string]int{"imprint": 3, "by": 3}, ""},
		{"labels that never recur", 6, map[string]int{"a": 1, "b": 1, "c": 1, "d": 1}, ""},
	}
	for _, tc := range tests {
		if got := strings.Join(labelsVary(tc.objs, tc.labels), ", "); got != tc.want {
			t.Errorf("%s: labelsVary = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestInAside(t *testing.T) {
	tests := []struct {
		name, html, value string
		want              bool
	}{
		{"a sidebar's ad", `<div id="sidebar" class="sidebar"><div class="sponsored"><p><a href="/ad/0">Gallo N60I TV</a></p></div></div>`, "Gallo", true},
		{"an aside element", `<aside><p>Related book</p></aside>`, "Related", true},
		{"a class naming an ad box", `<div class="ad-box"><span>Nimbra TV</span></div>`, "Nimbra", true},
		{"the object's own block", `<div class="entry"><h2 class="name">Nimbra JUH45 TV</h2></div>`, "Nimbra", false},
		{"a word that only holds ad", `<div class="header"><span>Nimbra TV</span></div>`, "Nimbra", false},
	}
	for _, tc := range tests {
		p := testPage(t, "p.html", "<html><body>"+tc.html+"</body></html>", nil)
		toks := Tokenize(p, NewPaths())
		var n *html.Node
		for _, tk := range toks {
			if tk.Kind == KindWord && strings.HasPrefix(tk.Text(), tc.value) {
				n = tk.Node()
				break
			}
		}
		if n == nil {
			t.Fatalf("%s: no token %q", tc.name, tc.value)
		}
		if got := inAside(n); got != tc.want {
			t.Errorf("%s: inAside = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestAsideNotes(t *testing.T) {
	fields := []FieldSpec{{Name: "title", Path: "title"}, {Name: "brand", Path: "brand"}, {Name: "price", Path: "price"}}
	tests := []struct {
		name        string
		objs, aside map[string]int
		want        string // the field noted, "" for none
	}{
		{"the title from the ad, the others at home", map[string]int{"title": 20, "brand": 20, "price": 20}, map[string]int{"title": 20}, "title"},
		{"every field in the side column", map[string]int{"title": 20, "brand": 20, "price": 20}, map[string]int{"title": 20, "brand": 20, "price": 18}, ""},
		{"in an aside on few objects", map[string]int{"title": 20, "brand": 20}, map[string]int{"title": 5}, ""},
		{"once only", map[string]int{"title": 2, "brand": 20}, map[string]int{"title": 1}, ""},
		{"no other field with values", map[string]int{"title": 20}, map[string]int{"title": 20}, ""},
	}
	for _, tc := range tests {
		notes := asideNotes(fields, tc.objs, tc.aside, map[string]string{})
		got := ""
		if len(notes) == 1 && notes[0].Kind == NoteInAside {
			got = notes[0].Field
		}
		if got != tc.want || len(notes) > 1 {
			t.Errorf("%s: notes %v, want one on %q", tc.name, notes, tc.want)
		}
	}
}
