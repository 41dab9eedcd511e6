package sod

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// validCases are SOD files that load, with the Format output they must give.
var validCases = []struct {
	name, src, want string
}{
	{
		name: "attribute values",
		src: `object = "book"
objects = "+"
[tuple.book]
title = "1"
link = "1"
cover = "?"
[entity.title]
dictionary = "title"
[entity.link]
regex = '/book/\d+'
attr = "href"
[entity.cover]
regex = '\.jpg$'
attr = " SRC "
whole_node = true
`,
		want: "book: tuple  (objects per page: +)\n" +
			"├── title: entity [dictionary title]  1\n" +
			"├── link: entity [regex '/book/\\d+', attr href]  1\n" +
			"└── cover: entity [regex '\\.jpg$', attr src, whole node]  ?\n",
	},
	{
		name: "entity root",
		src: `object = "price"
objects = "+"
[entity.price]
regex = '\$\s?\d+(?:\.\d\d)?'
`,
		want: "price: entity [regex '\\$\\s?\\d+(?:\\.\\d\\d)?']  (objects per page: +)\n",
	},
	{
		name: "flat tuple keeps declaration order",
		src: `object = "book"
[tuple.book]
title = "1"
author = "+"
price = "1"
date = "?"
[entity.title]
dictionary = "title"
whole_node = true
[entity.author]
dictionary = "author"
[entity.price]
regex = '\$\d+'
ignore_case = true
timeout = "500ms"
[entity.date]
predefined = "date"
`,
		want: `book: tuple  (objects per page: 1)
├── title: entity [dictionary title, whole node]  1
├── author: entity [dictionary author]  +
├── price: entity [regex '\$\d+', ignore case, timeout 500ms]  1
└── date: entity [predefined date]  ?
`,
	},
	{
		name: "nesting, renamed fields and a shared type",
		src: `name = "books"
object = "book"
objects = "*"
[tuple.book]
title = "1"
credits = { type = "credit", mult = "*" }
editor = { type = "person" }
[tuple.credit]
who = { type = "person", mult = "1" }
role = "?"
[tuple.person]
name = "1"
born = { type = "year", mult = "0-1" }
[entity.title]
dictionary = "title"
[entity.role]
dictionary = "role"
[entity.name]
dictionary = "person"
[entity.year]
predefined = "year"
`,
		want: `book: tuple  (sod "books", objects per page: *)
├── title: entity [dictionary title]  1
├── credits: tuple credit  *
│   ├── who: tuple person  1
│   │   ├── name: entity [dictionary person]  1
│   │   └── born: entity year [predefined year]  ?
│   └── role: entity [dictionary role]  ?
└── editor: tuple person  1
    ├── name: entity [dictionary person]  1
    └── born: entity year [predefined year]  ?
`,
	},
	{
		name: "disjunction",
		src: `object = "concert"
[tuple.concert]
artist = "1"
place = "1"
[disjunction.place]
alternatives = ["address", "venue"]
[entity.artist]
dictionary = "artist"
[entity.address]
predefined = "address"
[entity.venue]
dictionary = "venue"
`,
		want: `concert: tuple  (objects per page: 1)
├── artist: entity [dictionary artist]  1
└── place: disjunction  1
    ├── address: entity [predefined address]
    └── venue: entity [dictionary venue]
`,
	},
	{
		name: "order restrictions and ranges",
		src: `object = "event"
objects = "2-"
[tuple.event]
start = "1"
end = "1"
tags = "1-5"
[entity.start]
predefined = "date"
[entity.end]
predefined = "date"
[entity.tags]
dictionary = "tag"
[[order]]
before = "start"
after = "end"
[[order]]
before = "start"
after = "end"
strict = true
`,
		want: `event: tuple  (objects per page: 2-)
├── start: entity [predefined date]  1
├── end: entity [predefined date]  1
└── tags: entity [dictionary tag]  1-5
order: start <= end
order: start < end
`,
	},
	{
		name: "page-scope field of a list SOD",
		src: `object = "player"
objects = "+"
[tuple.player]
name = "1"
team = { type = "team", mult = "?", scope = "page" }
pos = { type = "position", scope = "record" }
[entity.name]
dictionary = "person"
[entity.team]
dictionary = "team"
[entity.position]
regex = 'Guard|Forward|Center'
`,
		want: `player: tuple  (objects per page: +)
├── name: entity [dictionary person]  1
├── team: entity [dictionary team]  ?  (per page)
└── pos: entity position [regex 'Guard|Forward|Center']  1
`,
	},
	{
		name: "dotted keys, quoted keys, comments and a multi-line regex",
		src: `# leading comment
object = "isbn" # trailing comment
entity.isbn.regex = '''
97[89]\d{10}'''
"entity".'isbn'.whole_node = true
`,
		// TOML drops the newline that follows an opening triple quote.
		want: "isbn: entity [regex '97[89]\\d{10}', whole node]  (objects per page: 1)\n",
	},
}

func TestParseValid(t *testing.T) {
	for _, tc := range validCases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse("t.toml", []byte(tc.src))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if got := s.String(); got != tc.want {
				t.Errorf("String() =\n%s\nwant\n%s", got, tc.want)
			}
			if s.File != "t.toml" || len(s.Hash) != 64 {
				t.Errorf("File=%q Hash=%q, want t.toml and 64 hex digits", s.File, s.Hash)
			}
		})
	}
}

// errorCases are invalid SOD files, one per kind of error, with the position
// ("line:col") and a substring of the message of the error they must give.
var errorCases = []struct {
	name, src, pos, msg string
}{
	{"malformed TOML", "object = \"x\"\n[entity.x\nregex = 'a'\n", "2:10", "invalid TOML"},
	{"unterminated string", "object = \"x\n", "1:12", "invalid TOML: strings cannot contain newlines"},
	{"regex in a double-quoted string", "object = \"x\"\n[entity.x]\nregex = \"\\d+\"\n", "3:10", `invalid escape in string '\d'; in a "…" string a backslash starts an escape: write a regular expression as a literal string in single quotes, regex = '\d+'`},
	{"quote inside a literal regex", "object = \"x\"\n[entity.x]\nregex = '[a'' ]+'\n", "3:13", `; a '…' literal string ends at its second ': write a ' inside a regular expression as \x27`},
	{"missing object", "[entity.x]\nregex = 'a'\n", "1:1", `missing object: name the root type, e.g. object = "x"`},
	{"object not a string", "object = 3\n[entity.x]\nregex = 'a'\n", "1:1", "object: expected a string, got the integer 3"},
	{"undefined root", "object = \"bok\"\n[entity.book]\nregex = 'a'\n", "1:1", `object: undefined type "bok"; did you mean "book"?`},
	{"unknown top-level key", "object = \"x\"\nobjcts = \"+\"\n[entity.x]\nregex = 'a'\n", "2:1", `unknown key "objcts" at the top level; did you mean "objects"?`},
	{"unknown entity key", "object = \"x\"\n[entity.x]\n  dictonary = \"x\"\n", "3:3", `unknown key "dictonary" in [entity.x]; did you mean "dictionary"?`},
	{"unknown entity key whole_node", "object = \"x\"\n[entity.x]\nregex = 'a'\nwholenode = true\n", "4:1", `did you mean "whole_node"?`},
	{"no recognizer", "object = \"x\"\n[entity.x]\nwhole_node = true\n", "2:1", "no recognizer: set exactly one of regex, predefined or dictionary"},
	{"two recognizers", "object = \"x\"\n[entity.x]\nregex = 'a'\ndictionary = \"x\"\n", "4:1", "2 recognizers (regex, dictionary)"},
	{"empty recognizer", "object = \"x\"\n[entity.x]\ndictionary = \"  \"\n", "3:1", "entity.x.dictionary: must not be empty"},
	{"recognizer not a string", "object = \"x\"\n[entity.x]\npredefined = [\"date\"]\n", "3:1", "entity.x.predefined: expected a string, got an array"},
	{"invalid regex", "object = \"x\"\n[entity.x]\nregex = '(a'\n", "3:1", "invalid regex: error parsing regexp: missing closing )"},
	{"regex matches empty", "object = \"x\"\n[entity.x]\nregex = '\\d*'\n", "3:1", "matches the empty string"},
	{"bad timeout", "object = \"x\"\n[entity.x]\nregex = 'a'\ntimeout = \"soon\"\n", "4:1", `invalid timeout "soon": expected a positive duration`},
	{"negative timeout", "object = \"x\"\n[entity.x]\nregex = 'a'\ntimeout = \"-1s\"\n", "4:1", "invalid timeout"},
	{"timeout without regex", "object = \"x\"\n[entity.x]\npredefined = 'date'\ntimeout = \"1s\"\n", "4:1", "timeout applies only to a regex recognizer, not predefined"},
	{"ignore_case without regex", "object = \"x\"\n[entity.x]\ndictionary = 'x'\nignore_case = true\n", "4:1", "ignore_case applies only to a regex recognizer"},
	{"whole_node not a bool", "object = \"x\"\n[entity.x]\nregex = 'a'\nwhole_node = \"yes\"\n", "4:1", `entity.x.whole_node: expected true or false, got the string "yes"`},
	{"entity not a table", "object = \"x\"\n[entity]\nx = \"date\"\n", "3:1", "entity.x: expected a table [entity.x], got the string \"date\""},
	{"section not a table", "object = \"x\"\ntuple = 1\n", "2:1", "tuple: expected tables such as [tuple.NAME]"},
	{"bad multiplicity", "object = \"t\"\n[tuple.t]\nx = \"0\"\n[entity.x]\nregex = 'a'\n", "3:1", `invalid multiplicity "0": it allows no instance`},
	{"multiplicity lists forms", "object = \"t\"\n[tuple.t]\nx = \"many\"\n[entity.x]\nregex = 'a'\n", "3:1", `expected one of "1" (exactly one), "?" (zero or one), "*" (zero or more), "+" (one or more), "n"`},
	{"reversed range", "object = \"t\"\n[tuple.t]\nx = { type = \"x\", mult = \"3-2\" }\n[entity.x]\nregex = 'a'\n", "3:19", "the maximum 2 is below the minimum 3"},
	{"bad objects", "object = \"x\"\nobjects = \"-1\"\n[entity.x]\nregex = 'a'\n", "2:1", `objects: invalid multiplicity "-1"`},
	{"multiplicity not a string", "object = \"t\"\n[tuple.t]\nx = 1\n[entity.x]\nregex = 'a'\n", "3:1", `field "x": expected a multiplicity string such as "1"`},
	{"undefined field type", "object = \"t\"\n[tuple.t]\nauthor = \"+\"\n[entity.auther]\nregex = 'a'\n", "3:1", `field "author": undefined type "author"; did you mean "auther"?`},
	{"undefined inline type", "object = \"t\"\n[tuple.t]\nx = { type = \"credt\" }\n[tuple.credit]\ny = \"1\"\n[entity.y]\nregex = 'a'\n", "3:7", `undefined type "credt"; did you mean "credit"?`},
	{"inline field without type", "object = \"t\"\n[tuple.t]\nx = { mult = \"1\" }\n", "3:1", `field "x": missing type`},
	{"unknown inline key", "object = \"t\"\n[tuple.t]\nx = { type = \"x\", mlt = \"1\" }\n[entity.x]\nregex = 'a'\n", "3:19", `unknown key "mlt" in field "x" of [tuple.t]; did you mean "mult"?`},
	{"tuple without fields", "object = \"t\"\n[tuple.t]\n", "2:1", "[tuple.t]: no fields"},
	{"recursive type", "object = \"a\"\n[tuple.a]\nb = \"1\"\n[tuple.b]\nx = \"1\"\nback = { type = \"a\" }\n[entity.x]\nregex = 'a'\n", "6:1", "recursive type: a -> b -> a"},
	{"self-recursive disjunction", "object = \"d\"\n[disjunction.d]\nalternatives = [\"x\", \"d\"]\n[entity.x]\nregex = 'a'\n", "3:22", "recursive type: d -> d"},
	{"disjunction of one", "object = \"d\"\n[disjunction.d]\nalternatives = [\"x\"]\n[entity.x]\nregex = 'a'\n", "3:1", "only 1 alternative(s): a disjunction needs at least 2"},
	{"disjunction without alternatives", "object = \"d\"\n[disjunction.d]\n", "2:1", "missing alternatives"},
	{"disjunction undefined alternative", "object = \"d\"\n[disjunction.d]\nalternatives = [\"x\",\n  \"yy\"]\n[entity.x]\nregex = 'a'\n[entity.y]\nregex = 'b'\n", "4:3", `undefined type "yy"; did you mean "y"?`},
	{"disjunction duplicate alternative", "object = \"d\"\n[disjunction.d]\nalternatives = [\"x\", \"x\"]\n[entity.x]\nregex = 'a'\n", "3:22", `alternative "x" is listed twice`},
	{"disjunction unknown key", "object = \"d\"\n[disjunction.d]\nalternatives = [\"x\", \"y\"]\nalts = 1\n[entity.x]\nregex = 'a'\n[entity.y]\nregex = 'b'\n", "4:1", `unknown key "alts" in [disjunction.d]`},
	{"duplicate type name", "object = \"x\"\n[entity.x]\nregex = 'a'\n[tuple.x]\ny = \"1\"\n", "4:1", `type "x" is already declared as [entity.x] at t.toml:2:1`},
	{"invalid type name", "object = \"x\"\n[entity.\"a b\"]\nregex = 'a'\n", "2:1", `invalid type name "a b"`},
	{"order unknown field", "object = \"e\"\n[tuple.e]\nstart = \"1\"\nend = \"1\"\n[entity.start]\npredefined = \"date\"\n[entity.end]\npredefined = \"date\"\n[[order]]\nbefore = \"strat\"\nafter = \"end\"\n", "10:1", `tuple "e" has no field "strat"; did you mean "start"?`},
	{"order second element", "object = \"e\"\n[tuple.e]\nstart = \"1\"\nend = \"1\"\n[entity.start]\npredefined = \"date\"\n[entity.end]\npredefined = \"date\"\n[[order]]\nbefore = \"start\"\nafter = \"end\"\n[[order]]\nbefore = \"start\"\n after = \"ned\"\n", "14:2", `has no field "ned"; did you mean "end"?`},
	{"order unknown key", "object = \"e\"\n[tuple.e]\nstart = \"1\"\nend = \"1\"\n[entity.start]\npredefined = \"date\"\n[entity.end]\npredefined = \"date\"\n[[order]]\nbefore = \"start\"\nafter = \"end\"\nstrikt = true\n", "12:1", `unknown key "strikt" in [[order]]; did you mean "strict"?`},
	{"order missing after", "object = \"e\"\n[tuple.e]\nstart = \"1\"\n[entity.start]\npredefined = \"date\"\n[[order]]\nbefore = \"start\"\n", "6:1", "[[order]]: missing after"},
	{"order same field", "object = \"e\"\n[tuple.e]\nstart = \"1\"\n[entity.start]\npredefined = \"date\"\n[[order]]\nbefore = \"start\"\nafter = \"start\"\n", "6:1", "must be two different fields"},
	{"order on a tuple field", "object = \"e\"\n[tuple.e]\nstart = \"1\"\nsub = \"1\"\n[tuple.sub]\nstart = \"1\"\n[entity.start]\npredefined = \"date\"\n[[order]]\nbefore = \"sub\"\nafter = \"start\"\n", "10:1", `field "sub" is a tuple; order restrictions compare entity fields`},
	{"order with entity root", "object = \"x\"\n[entity.x]\nregex = 'a'\n[[order]]\nbefore = \"x\"\nafter = \"y\"\n", "4:1", `the root type "x" is not a tuple (it is an entity)`},
	{"scope unknown value", "object = \"p\"\nobjects = \"+\"\n[tuple.p]\nname = \"1\"\nteam = { type = \"team\", scope = \"site\" }\n[entity.name]\nregex = 'a'\n[entity.team]\nregex = 'b'\n", "5:25", `field "team": invalid scope "site": expected "record" (the default) or "page"`},
	{"scope not a string", "object = \"p\"\nobjects = \"+\"\n[tuple.p]\nname = \"1\"\nteam = { type = \"team\", scope = true }\n[entity.name]\nregex = 'a'\n[entity.team]\nregex = 'b'\n", "5:25", `tuple.p.team.scope: expected a string, got the boolean true`},
	{"scope page on a detail SOD", "object = \"p\"\n[tuple.p]\nname = \"1\"\nteam = { type = \"team\", scope = \"page\" }\n[entity.name]\nregex = 'a'\n[entity.team]\nregex = 'b'\n", "4:25", `scope = "page" needs objects to allow more than one object per page (objects = "1")`},
	{"scope page on a set field", "object = \"p\"\nobjects = \"+\"\n[tuple.p]\nname = \"1\"\nteam = { type = \"team\", mult = \"*\", scope = \"page\" }\n[entity.name]\nregex = 'a'\n[entity.team]\nregex = 'b'\n", "5:37", `scope = "page" takes one value per page: use mult "1" or "?", not "*"`},
	{"scope page on a tuple field", "object = \"p\"\nobjects = \"+\"\n[tuple.p]\nname = \"1\"\nclub = { type = \"club\", scope = \"page\" }\n[tuple.club]\nteam = \"1\"\n[entity.name]\nregex = 'a'\n[entity.team]\nregex = 'b'\n", "5:25", `scope = "page" applies to entity or disjunction fields, not to the tuple "club"`},
	{"scope page below the root", "object = \"p\"\nobjects = \"+\"\n[tuple.p]\nname = \"1\"\nclub = \"1\"\n[tuple.club]\nteam = { type = \"team\", scope = \"page\" }\n[entity.name]\nregex = 'a'\n[entity.team]\nregex = 'b'\n", "7:25", `scope = "page" is allowed only on fields of the root tuple "p"`},
	{"unknown attribute", "object = \"x\"\n[entity.x]\nregex = 'a'\nattr = \"herf\"\n", "4:1", `[entity.x]: attr "herf" is not an attribute ObjectRunner reads; did you mean "href"? (expected one of href, src, alt, title, content, datetime)`},
	{"attribute not a string", "object = \"x\"\n[entity.x]\nregex = 'a'\nattr = [\"href\"]\n", "4:1", "entity.x.attr: expected a string, got an array"},
	{"order as a table", "object = \"x\"\n[entity.x]\nregex = 'a'\n[order]\nbefore = \"x\"\n", "4:1", "order: expected an array of tables, written [[order]]"},
}

func TestParseErrors(t *testing.T) {
	for _, tc := range errorCases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse("t.toml", []byte(tc.src))
			if err == nil {
				t.Fatalf("Parse succeeded, want an error:\n%s", s)
			}
			var list ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("error %T is not an ErrorList: %v", err, err)
			}
			for _, e := range list {
				if e.Pos.File != "t.toml" || e.Pos.Line == 0 {
					t.Errorf("error without a file:line position: %v", e)
				}
				if got := fmt.Sprintf("%d:%d", e.Pos.Line, e.Pos.Col); got == tc.pos && strings.Contains(e.Msg, tc.msg) {
					return
				}
			}
			t.Errorf("no error at %s containing %q; got:\n%v", tc.pos, tc.msg, err)
		})
	}
}

func TestParseCollectsAllErrors(t *testing.T) {
	src := `object = "book"
[tuple.book]
title = "1"
author = "many"
[entity.title]
dictonary = "title"
[entity.price]
regex = '('
`
	_, err := Parse("t.toml", []byte(src))
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("Parse error = %v, want an ErrorList", err)
	}
	var got []string
	for _, e := range list {
		got = append(got, e.Pos.String())
	}
	// Sorted by position: the bad multiplicity, then both problems of
	// [entity.title] (no recognizer at its header, the typo), then the regex.
	want := []string{"t.toml:4:1", "t.toml:5:1", "t.toml:6:1", "t.toml:8:1"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("error positions = %v, want %v\n%v", got, want, err)
	}
	var first *Error
	if !errors.As(err, &first) || first != list[0] {
		t.Errorf("errors.As(err, *Error) = %v, want the first error of the list", first)
	}
	if n := strings.Count(err.Error(), "\n") + 1; n != len(want) {
		t.Errorf("Error() has %d lines, want one per error (%d)", n, len(want))
	}
}

func TestParseFields(t *testing.T) {
	src := `object = "e"
objects = "+"
[tuple.e]
start = "1"
end = "?"
[entity.start]
regex = 'a+'
ignore_case = true
timeout = "2s"
[entity.end]
predefined = " date "
[[order]]
before = "start"
after = "end"
strict = true
`
	s, err := Parse("f.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.Name, "e"; got != want {
		t.Errorf("Name = %q, want %q (defaults to the root type)", got, want)
	}
	if got, want := s.Mult, (Multiplicity{1, Unbounded}); got != want {
		t.Errorf("Mult = %v, want %v", got, want)
	}
	r := s.Types["start"].Recognizer
	if r.Kind != Regex || r.Pattern != "a+" || !r.IgnoreCase || r.Timeout != 2*time.Second {
		t.Errorf("start recognizer = %+v", r)
	}
	if got, want := r.Pos.String(), "f.toml:7:1"; got != want {
		t.Errorf("recognizer Pos = %s, want %s", got, want)
	}
	if got, want := s.Types["end"].Recognizer.Name, "date"; got != want {
		t.Errorf("predefined name = %q, want %q (trimmed)", got, want)
	}
	if got, want := s.Root.Fields[1].Pos.String(), "f.toml:5:1"; got != want {
		t.Errorf("field Pos = %s, want %s", got, want)
	}
	if got, want := s.Types["end"].Pos.String(), "f.toml:10:1"; got != want {
		t.Errorf("type Pos = %s, want %s", got, want)
	}
	want := []Order{{Before: "start", After: "end", Strict: true, Pos: Pos{"f.toml", 12, 1}}}
	if fmt.Sprint(s.Orders) != fmt.Sprint(want) {
		t.Errorf("Orders = %+v, want %+v", s.Orders, want)
	}
	re, err := r.Regexp()
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := re.MatchString("AAA"); !ok {
		t.Errorf("Regexp() ignores IgnoreCase")
	}
	if re.MatchTimeout != 2*time.Second {
		t.Errorf("Regexp().MatchTimeout = %v, want 2s", re.MatchTimeout)
	}
	if _, err := s.Types["end"].Recognizer.Regexp(); err == nil {
		t.Errorf("Regexp() of a predefined recognizer succeeded")
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sod.toml")
	src := "object = \"x\"\n[entity.x]\nregex = 'a'\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.File != path {
		t.Errorf("File = %q, want %q", s.File, path)
	}
	// The SHA-256 of src, computed with sha256sum.
	if got, want := s.Hash, "7134cc3f032a06788f62a797ef743b27ee16ead0d5de7dd219581e2cc84d460c"; got != want {
		t.Errorf("Hash = %q, want %q", got, want)
	}
	other, err := Parse(path, []byte(src+"# comment\n"))
	if err != nil {
		t.Fatal(err)
	}
	if other.Hash == s.Hash {
		t.Errorf("Hash does not change with the source bytes")
	}

	_, err = Load(filepath.Join(dir, "missing.toml"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load(missing) error = %v, want fs.ErrNotExist", err)
	}
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("object = \"x\"\n"), 0o644)
	_, err = Load(bad)
	if err == nil || !strings.HasPrefix(err.Error(), bad+":1:1: ") {
		t.Errorf("Load(bad) error = %v, want it positioned in %s", err, bad)
	}
}

func TestParseMultiplicity(t *testing.T) {
	tests := []struct {
		in      string
		want    Multiplicity
		wantErr string
	}{
		{"1", One, ""},
		{"?", Multiplicity{0, 1}, ""},
		{"*", Multiplicity{0, Unbounded}, ""},
		{"+", Multiplicity{1, Unbounded}, ""},
		{" + ", Multiplicity{1, Unbounded}, ""},
		{"3", Multiplicity{3, 3}, ""},
		{"2-5", Multiplicity{2, 5}, ""},
		{"0-1", Multiplicity{0, 1}, ""},
		{"2-", Multiplicity{2, Unbounded}, ""},
		{"0-", Multiplicity{0, Unbounded}, ""},
		{"4-4", Multiplicity{4, 4}, ""},
		{"", Multiplicity{}, "empty multiplicity"},
		{"0", Multiplicity{}, "allows no instance"},
		{"0-0", Multiplicity{}, "allows no instance"},
		{"5-2", Multiplicity{}, "below the minimum"},
		{"-1", Multiplicity{}, "missing number"},
		{"-", Multiplicity{}, "missing number"},
		{"+1", Multiplicity{}, "not a non-negative whole number"},
		{"1.5", Multiplicity{}, "not a non-negative whole number"},
		{"many", Multiplicity{}, `"many" is not`},
		{"1-2-3", Multiplicity{}, "not a non-negative whole number"},
		{"99999999999999999999", Multiplicity{}, "too large"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseMultiplicity(tc.in)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseMultiplicity(%q) error = %v, want one containing %q", tc.in, err, tc.wantErr)
				}
				if !strings.Contains(err.Error(), `"n-m"`) {
					t.Errorf("error %q does not list the valid forms", err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("ParseMultiplicity(%q) = %v, %v, want %v", tc.in, got, err, tc.want)
			}
			if got.Allows(got.Min-1) || !got.Allows(got.Min) || got.Allows(got.Max+1) && got.Max != Unbounded {
				t.Errorf("%v.Allows is wrong at its bounds", got)
			}
			// String prints a form that parses back to the same value.
			if back, err := ParseMultiplicity(got.String()); err != nil || back != got {
				t.Errorf("round trip of %v via %q = %v, %v", got, got.String(), back, err)
			}
		})
	}
}

// TestTOMLHintOnlyForRegexMistakes: the hint on a regex written in a "…"
// string or with a ' inside a '…' string is not added to other TOML errors.
func TestTOMLHintOnlyForRegexMistakes(t *testing.T) {
	for _, src := range []string{
		"object = \"x\"\n[entity.x\nregex = 'a'\n",
		"object = \"x\n",
		"object = 'x' y\n",
	} {
		_, err := Parse("t.toml", []byte(src))
		if err == nil {
			t.Fatalf("Parse(%q) succeeded, want an error", src)
		}
		if strings.Contains(err.Error(), "regular expression") {
			t.Errorf("Parse(%q): %v: a regex hint on an error that is not a regex mistake", src, err)
		}
	}
}
