package recognizers

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/objectrunner/objectrunner/sod"
)

func TestPredefinedTable(t *testing.T) {
	seen := map[string]bool{}
	for _, in := range Predefined() {
		t.Run(in.Name, func(t *testing.T) {
			if seen[in.Name] {
				t.Fatalf("duplicate name %q", in.Name)
			}
			seen[in.Name] = true
			if in.Description == "" {
				t.Fatal("empty description")
			}
			r := in.New()
			if got, want := r.Name(), "predefined:"+in.Name; got != want {
				t.Fatalf("Name()=%q, want %q", got, want)
			}
			if ms, err := r.Find(""); err != nil || len(ms) != 0 {
				t.Fatalf("Find(\"\")=%v, %v; want nothing", ms, err)
			}
		})
	}
	if !slices.IsSorted(PredefinedNames()) {
		t.Fatal("PredefinedNames not sorted")
	}
}

func TestNew(t *testing.T) {
	pos := sod.Pos{File: "books.toml", Line: 7, Col: 3}
	dicts := NewMemoryDictionaries(map[string][]string{"author": {"Stephen King"}})
	tests := []struct {
		name    string
		spec    sod.Recognizer
		dicts   Dictionaries
		text    string
		want    string // first match, or
		wantErr []string
	}{
		{"regex", sod.Recognizer{Kind: sod.Regex, Pattern: `\d{13}`, Pos: pos}, nil, ": 9780316125581", "9780316125581", nil},
		{"regex ignore case", sod.Recognizer{Kind: sod.Regex, Pattern: `hardcover|paperback`, IgnoreCase: true, Timeout: time.Second}, nil, "Format: Paperback", "Paperback", nil},
		{"predefined", sod.Recognizer{Kind: sod.Predefined, Name: "date"}, nil, ": June 2010", "June 2010", nil},
		{"predefined case insensitive", sod.Recognizer{Kind: sod.Predefined, Name: "ISBN13"}, nil, ": 9780316125581", "9780316125581", nil},
		{"dictionary", sod.Recognizer{Kind: sod.Dictionary, Class: "author"}, dicts, "by Stephen King", "Stephen King", nil},
		{"unknown predefined", sod.Recognizer{Kind: sod.Predefined, Name: "dte", Pos: pos}, nil, "", "",
			[]string{"books.toml:7:3", `"dte"`, `did you mean "date"`, "address, date, email"}},
		{"unknown predefined isbn-13", sod.Recognizer{Kind: sod.Predefined, Name: "isbn-13", Pos: pos}, nil, "", "",
			[]string{`did you mean "isbn13"`}},
		{"far from any name", sod.Recognizer{Kind: sod.Predefined, Name: "colour", Pos: pos}, nil, "", "",
			[]string{`unknown predefined recognizer "colour"; valid names:`}},
		{"bad regex", sod.Recognizer{Kind: sod.Regex, Pattern: `(`, Pos: pos}, nil, "", "", []string{"books.toml:7:3", `regex "("`}},
		{"empty regex", sod.Recognizer{Kind: sod.Regex, Pos: pos}, nil, "", "", []string{"books.toml:7:3", "empty pattern"}},
		{"dictionary without store", sod.Recognizer{Kind: sod.Dictionary, Class: "author", Pos: pos}, nil, "", "",
			[]string{"books.toml:7:3", `dictionary class "author"`, "no dictionary store"}},
		{"unknown class", sod.Recognizer{Kind: sod.Dictionary, Class: "title", Pos: pos}, dicts, "", "", []string{`"title"`}},
		{"unknown kind", sod.Recognizer{Kind: "gazetteer", Pos: pos}, nil, "", "", []string{`unknown recognizer kind "gazetteer"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := New(&tc.spec, tc.dicts)
			if tc.wantErr != nil {
				if err == nil {
					t.Fatal("New succeeded, want an error")
				}
				for _, w := range tc.wantErr {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q does not contain %q", err, w)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			ms, err := r.Find(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if len(ms) == 0 || tc.text[ms[0].Start:ms[0].End] != tc.want {
				t.Fatalf("Find(%q)=%v, want first match %q", tc.text, describe(tc.text, ms), tc.want)
			}
		})
	}
}

func TestForSOD(t *testing.T) {
	at := func(line int) sod.Pos { return sod.Pos{File: "book.toml", Line: line} }
	entity := func(name string, line int, r sod.Recognizer) *sod.Type {
		r.Pos = at(line)
		return &sod.Type{Name: name, Kind: sod.Entity, Recognizer: &r, Pos: at(line)}
	}
	isbn := entity("isbn", 3, sod.Recognizer{Kind: sod.Predefined, Name: "isbn13"})
	date := entity("date", 4, sod.Recognizer{Kind: sod.Predefined, Name: "date"})
	author := entity("author", 5, sod.Recognizer{Kind: sod.Dictionary, Class: "author"})
	book := &sod.Type{Name: "book", Kind: sod.Tuple, Fields: []*sod.Field{
		{Name: "isbn", Type: isbn, Mult: sod.One}, {Name: "date", Type: date, Mult: sod.One},
		{Name: "author", Type: author, Mult: sod.Multiplicity{Min: 1, Max: sod.Unbounded}},
	}}
	s := &sod.SOD{Name: "book", Root: book, Mult: sod.One,
		Types: map[string]*sod.Type{"book": book, "isbn": isbn, "date": date, "author": author}}

	t.Run("all entity types", func(t *testing.T) {
		rs, err := ForSOD(s, NewMemoryDictionaries(map[string][]string{"author": {"Stephen King"}}))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for n := range rs {
			names = append(names, n)
		}
		slices.Sort(names)
		if got, want := names, []string{"author", "date", "isbn"}; !slices.Equal(got, want) {
			t.Fatalf("ForSOD built %q, want %q", got, want)
		}
		if got, want := rs["isbn"].Name(), "predefined:isbn13"; got != want {
			t.Fatalf("isbn recognizer %q, want %q", got, want)
		}
	})
	t.Run("no dictionary store", func(t *testing.T) {
		_, err := ForSOD(s, nil)
		if err == nil || !strings.Contains(err.Error(), `book.toml:5: entity type author needs dictionary class "author" but no dictionary store was given`) {
			t.Fatalf("error = %v", err)
		}
	})
	t.Run("all errors collected", func(t *testing.T) {
		bad := &sod.SOD{Types: map[string]*sod.Type{
			"a": entity("a", 1, sod.Recognizer{Kind: sod.Predefined, Name: "dat"}),
			"b": entity("b", 2, sod.Recognizer{Kind: sod.Regex, Pattern: "("}),
			"c": {Name: "c", Kind: sod.Entity, Pos: at(9)},
			"d": date,
		}}
		_, err := ForSOD(bad, nil)
		if err == nil {
			t.Fatal("no error")
		}
		for _, w := range []string{"book.toml:1: ", "entity type a", "book.toml:2: ", "entity type b", "book.toml:9: entity type c has no recognizer"} {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("error %q does not contain %q", err, w)
			}
		}
	})
}

func TestSuggest(t *testing.T) {
	names := PredefinedNames()
	for _, tc := range []struct{ in, want string }{
		{"dte", "date"}, {"isbn-13", "isbn13"}, {"phones", "phone"}, {"pric", "price"}, {"colour", ""}, {"e-mail", "email"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := suggest(tc.in, names); got != tc.want {
				t.Fatalf("suggest(%q)=%q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestConcurrentFind runs every recognizer from several goroutines at once
// (run with -race) and checks they agree.
func TestConcurrentFind(t *testing.T) {
	text := "Tuesday, July 13 8:00p — $12.99 — ISBN 978-0-316-12558-1 — +33 1 42 68 53 00 — 46% — 237 West 42nd Street, New York, NY 10036"
	var rs []Recognizer
	for _, in := range Predefined() {
		rs = append(rs, in.New())
	}
	re, err := NewRegex(`\d+`, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	rs = append(rs, re)
	for _, r := range rs {
		want, _ := r.Find(text)
		errs := make(chan string, 8)
		for range 8 {
			go func() {
				got, err := r.Find(text)
				if err != nil || !slices.Equal(got, want) {
					errs <- r.Name() + ": concurrent Find disagrees"
					return
				}
				errs <- ""
			}()
		}
		for range 8 {
			if e := <-errs; e != "" {
				t.Fatal(e)
			}
		}
	}
}

func TestCheck(t *testing.T) {
	s, err := sod.Parse("b.toml", []byte(`object = "b"
[tuple.b]
t = "1"
p = "1"
d = "1"
[entity.t]
dictionary = "title"
[entity.p]
predefined = "prise"
[entity.d]
predefined = "date"
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		classes []string
		want    []string
	}{
		{"no store", nil, []string{`b.toml:9:1: [entity.p]: unknown predefined recognizer "prise" (did you mean "price"?)`}},
		{"class present", []string{"author", "title"}, []string{`b.toml:9:1: [entity.p]`}},
		{"class missing", []string{"titles"}, []string{`b.toml:7:1: [entity.t]: no dictionary class "title" in the store; did you mean "titles"? (classes: titles)`, `b.toml:9:1: [entity.p]`}},
		{"empty store", []string{}, []string{`no dictionary class "title" in the store (the store is empty`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Check(s, tc.classes)
			var list sod.ErrorList
			if !errors.As(err, &list) || len(list) != len(tc.want) && tc.name != "empty store" {
				t.Fatalf("Check = %v, want %d positioned errors", err, len(tc.want))
			}
			for i, w := range tc.want {
				if !strings.Contains(list[i].Error(), w) {
					t.Errorf("error %d = %q, want it to contain %q", i, list[i], w)
				}
			}
		})
	}
	ok, _ := sod.Parse("ok.toml", []byte("object = \"d\"\n[entity.d]\npredefined = \"date\"\n"))
	if err := Check(ok, []string{}); err != nil {
		t.Errorf("Check(valid) = %v", err)
	}
}
