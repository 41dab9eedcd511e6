package sod

import (
	"strings"
	"testing"
)

const walkSrc = `object = "book"
[tuple.book]
title = "1"
credits = { type = "credit", mult = "*" }
place = "?"
[tuple.credit]
name = "1"
role = "?"
[disjunction.place]
alternatives = ["venue", "address"]
[entity.address]
predefined = "address"
[entity.role]
dictionary = "role"
[entity.name]
dictionary = "person"
[entity.venue]
dictionary = "venue"
[entity.title]
dictionary = "title"
[entity.unused]
regex = 'x'
`

func mustParse(t *testing.T, src string) *SOD {
	t.Helper()
	s, err := Parse("t.toml", []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return s
}

func TestWalk(t *testing.T) {
	s := mustParse(t, walkSrc)
	var got []string
	s.Walk(func(path []string, f *Field) bool {
		got = append(got, strings.Join(path, ".")+" "+f.Mult.String())
		return true
	})
	want := []string{"title 1", "credits *", "credits.name 1", "credits.role ?",
		"place ?", "place.venue ?", "place.address ?"}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("Walk visited %v, want %v", got, want)
	}

	got = nil
	s.Walk(func(path []string, f *Field) bool {
		got = append(got, strings.Join(path, "."))
		return f.Name != "credits"
	})
	if want := "title credits place place.venue place.address"; strings.Join(got, " ") != want {
		t.Errorf("Walk with pruning visited %v, want %s", got, want)
	}
}

func TestField(t *testing.T) {
	s := mustParse(t, walkSrc)
	tests := []struct {
		path []string
		want string // the field's type name, "" for no field
	}{
		{[]string{"title"}, "title"},
		{[]string{"credits"}, "credit"},
		{[]string{"credits", "role"}, "role"},
		{[]string{"place", "address"}, "address"},
		{[]string{"credits", "nope"}, ""},
		{[]string{"title", "x"}, ""},
		{nil, ""},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.path, "."), func(t *testing.T) {
			f := s.Field(tc.path...)
			got := ""
			if f != nil {
				got = f.Type.Name
			}
			if got != tc.want {
				t.Errorf("Field(%q) has type %q, want %q", tc.path, got, tc.want)
			}
		})
	}
}

func TestEntities(t *testing.T) {
	s := mustParse(t, walkSrc)
	var got []string
	for _, e := range s.Entities() {
		got = append(got, e.Name)
	}
	// Declaration order; "unused" is not reachable from the root.
	if want := "address role name venue title"; strings.Join(got, " ") != want {
		t.Errorf("Entities() = %v, want %s", got, want)
	}

	// A shared type is listed once.
	s = mustParse(t, `object = "t"
[tuple.t]
a = { type = "x" }
b = { type = "x", mult = "*" }
[entity.x]
regex = 'x'
`)
	if es := s.Entities(); len(es) != 1 || es[0].Name != "x" {
		t.Errorf("Entities() = %v, want [x]", es)
	}
}

func TestTypeString(t *testing.T) {
	s := mustParse(t, walkSrc)
	tests := map[string]string{
		"title":  "entity title [dictionary title]",
		"book":   "tuple book (3 fields)",
		"place":  "disjunction place (venue | address)",
		"unused": "entity unused [regex 'x']",
	}
	for name, want := range tests {
		if got := s.Types[name].String(); got != want {
			t.Errorf("Types[%q].String() = %q, want %q", name, got, want)
		}
	}
}
