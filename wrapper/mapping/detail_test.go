package mapping

import (
	"reflect"
	"slices"

	"testing"

	"github.com/objectrunner/objectrunner/recognizers"
)

func TestLabelAffinity(t *testing.T) {
	for _, tc := range []struct {
		name  string
		run   []string
		field FieldSpec
		want  int
	}{
		{"field name", []string{"publisher"}, FieldSpec{Name: "publisher", Types: []string{"org"}}, affinityWhole},
		{"plural label", []string{"publishers"}, FieldSpec{Name: "publisher"}, affinityWhole},
		{"plural field", []string{"author"}, FieldSpec{Name: "authors"}, affinityWhole},
		{"underscore as space", []string{"publication", "date"}, FieldSpec{Name: "publication_date"}, affinityWhole},
		{"dash as space", []string{"isbn", "13"}, FieldSpec{Name: "isbn-13"}, affinityWhole},
		{"type name", []string{"imprint"}, FieldSpec{Name: "pub", Types: []string{"Imprint"}}, affinityWhole},
		{"other label", []string{"language"}, FieldSpec{Name: "publisher", Types: []string{"publisher"}}, affinityNone},
		{"one word of several", []string{"date"}, FieldSpec{Name: "publication_date"}, affinityName},
		{"longer label", []string{"publisher", "name"}, FieldSpec{Name: "publisher"}, affinityName},
		{"verb form", []string{"published", "by"}, FieldSpec{Name: "publisher_name"}, affinityName},
		{"abbreviation", []string{"tel"}, FieldSpec{Name: "telephone"}, affinityName},
		{"word ending", []string{"telephone"}, FieldSpec{Name: "phone"}, affinityName},
		{"dictionary class", []string{"brand"}, FieldSpec{Name: "make", Types: []string{"make"}, Class: "brand"}, affinityKind},
		{"recognizer name", []string{"date"}, FieldSpec{Name: "born", Predefined: "date"}, affinityKind},
		{"recognizer label word", []string{"when"}, FieldSpec{Name: "event_date", Predefined: "date"}, affinityKind},
		{"recognizer label word, time", []string{"when"}, FieldSpec{Name: "start", Predefined: "time"}, affinityKind},
		{"recognizer label abbreviation", []string{"tel"}, FieldSpec{Name: "contact", Predefined: "phone"}, affinityKind},
		{"recognizer label other kind", []string{"website"}, FieldSpec{Name: "contact", Predefined: "phone"}, affinityNone},
		{"publisher is no date label", []string{"publisher"}, FieldSpec{Name: "released", Predefined: "date"}, affinityNone},
		{"stop words only", []string{"by"}, FieldSpec{Name: "by_line"}, affinityNone},
		{"short shared start", []string{"pos"}, FieldSpec{Name: "post"}, affinityName},
		{"unrelated prefix", []string{"model"}, FieldSpec{Name: "mpn"}, affinityNone},
		{"no label", nil, FieldSpec{Name: "publisher"}, affinityNone},
		{"other number", []string{"isbn", "10"}, FieldSpec{Name: "isbn_13"}, affinityNone},
		{"same number", []string{"isbn", "13"}, FieldSpec{Name: "isbn"}, affinityName},
		{"compound label", []string{"teammates"}, FieldSpec{Name: "team"}, affinityNone},
		{"compound label, other word", []string{"birthplace"}, FieldSpec{Name: "birth_date"}, affinityNone},
		{"inflected label", []string{"schooling"}, FieldSpec{Name: "school"}, affinityName},
		{"abbreviated field", []string{"position"}, FieldSpec{Name: "pos"}, affinityName},
		{"name words written as one", []string{"birthdate"}, FieldSpec{Name: "birth_date"}, affinityWhole},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := labelAffinity(tc.run, tc.field); got != tc.want {
				t.Fatalf("labelAffinity(%q, %q) = %v, want %v", tc.run, tc.field.Name, got, tc.want)
			}
		})
	}
}

func TestBracketed(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"(Editor)", true},
		{"[Translator]", true},
		{"(A) and (B)", false},
		{"Jane (Editor)", false},
		{"(", false},
		{"Smith", false},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := bracketed(tc.in); got != tc.want {
				t.Fatalf("bracketed(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		rec, in  string
		wantOK   bool
		wantNorm string
	}{
		{"date", "May 20, 2013", true, "2013-05-20"},
		{"date", "Paperback", false, ""},
		{"date", "0128395958", false, ""},
		{"isbn13", "978-0-306-40615-7", true, "9780306406157"},
		{"isbn13", "Hardcover", false, ""},
	} {
		t.Run(tc.rec+"/"+tc.in, func(t *testing.T) {
			r, err := recognizers.NewPredefined(tc.rec)
			if err != nil {
				t.Fatal(err)
			}
			norm, ok := Validate(r, tc.in)
			if ok != tc.wantOK || norm != tc.wantNorm {
				t.Fatalf("validate(%q) = %q, %v; want %q, %v", tc.in, norm, ok, tc.wantNorm, tc.wantOK)
			}
		})
	}
}

func TestOtherCut(t *testing.T) {
	fields := []FieldSpec{{Path: "publisher", Name: "publisher"}, {Path: "date", Name: "date", Predefined: "date"}}
	valid := predefinedRecognizers(fields)
	for _, tc := range []struct {
		name, text string
		want       string // the value kept, cut or whole
		sep, field string
	}{
		{"semicolon before edition and date", "Hachette Book Group; 2nd edition (June 1, 2010)", "Hachette Book Group", ";", "date"},
		{"bracketed date", "Sable & Finch (September 5, 2006)", "Sable & Finch", "(", "date"},
		{"no other instance", "Eastlake Academic; Illustrated edition", "Eastlake Academic; Illustrated edition", "", ""},
		{"brackets without a date", "Penguin (UK)", "Penguin (UK)", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body><p>"+tc.text+"</p></body></html>", nil)
			toks := Tokenize(p, NewPaths())
			a, b := 0, len(toks)
			for a < b && toks[a].Kind != KindWord {
				a++
			}
			for b > a && toks[b-1].Kind != KindWord {
				b--
			}
			x, g := otherCut(toks, a, b, fields, valid, "publisher")
			got, _, _ := ValueText(toks, a, x)
			if got != tc.want || g != tc.field || (x < b && toks[x].Text() != tc.sep) {
				t.Fatalf("otherCut kept %q (field %q), want %q (field %q, at %q)", got, g, tc.want, tc.field, tc.sep)
			}
		})
	}
}

func TestCutAtRule(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cutAt map[string]int
		occ   int
		want  []string
	}{
		{"both separators", map[string]int{";\x00date": 4, "(\x00date": 15}, 20, []string{";", "("}},
		{"too few cuts", map[string]int{"(\x00date": 5}, 20, nil},
		{"a separator seen once is left out", map[string]int{";\x00date": 1, "(\x00date": 18}, 20, []string{"("}},
		{"cuts for the field itself do not count", map[string]int{"(\x00publisher": 20}, 20, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &slotStats{Occ: tc.occ, CutAt: tc.cutAt}
			got := cutAtRule(st, cand{}, FieldSpec{Path: "publisher"}, 0.7)
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("cutAtRule = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestPageLabelWords(t *testing.T) {
	for _, tc := range []struct {
		name, label string
		want        []string
	}{
		{"plain", "Position:", []string{"position"}},
		{"alternatives joined by a slash", "College/Univ.:", []string{"college", "univ"}},
		{"apostrophe kept in the word", "Driver's licence:", []string{"drivers", "licence"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body><p>"+tc.label+" <a>Eastvale University</a></p></body></html>", nil)
			toks := Tokenize(p, NewPaths())
			x := slices.IndexFunc(toks, func(tk Token) bool { return tk.Text() == "Eastvale" })
			if got := pageLabel(toks, x); !slices.Equal(got, tc.want) {
				t.Fatalf("pageLabel = %q, want %q", got, tc.want)
			}
		})
	}
}
