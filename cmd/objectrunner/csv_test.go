package main

import (
	"bytes"
	"encoding/csv"
	"slices"
	"testing"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// TestCSVColumns: --format csv writes the page's URL and, after every
// field typed by a predefined recognizer (all of which normalise), a
// FIELD.normalized column; sets keep their values' places.
func TestCSVColumns(t *testing.T) {
	s, err := sod.Parse("show.toml", []byte(`object = "show"
objects = "+"

[entity.name]
dictionary = "artist"

[entity.day]
predefined = "date"

[entity.cost]
predefined = "price"

[entity.code]
regex = '[A-Z]{3}'

[tuple.show]
name = "1"
day = "+"
cost = "?"
code = "?"
`))
	if err != nil {
		t.Fatal(err)
	}
	objs := []*wrapper.Object{
		{Page: "a.html", URL: "https://example.com/a", Index: 0, Fields: []wrapper.Field{
			{Name: "name", Values: []wrapper.Value{{Text: "The Owls", Normalized: "the owls"}}},
			{Name: "day", Many: true, Values: []wrapper.Value{{Text: "July 13, 2010", Normalized: "2010-07-13"}, {Text: "7/14", Normalized: "--07-14"}}},
			{Name: "code", Values: []wrapper.Value{{Text: "ABC"}}},
		}},
		{Page: "b.html", Index: 1, Fields: []wrapper.Field{
			{Name: "name", Values: []wrapper.Value{{Text: "Kites"}}},
			{Name: "cost", Values: []wrapper.Value{{Text: "$12.99", Normalized: "12.99 USD"}}},
		}},
	}
	var buf bytes.Buffer
	ow, err := newObjectWriter(&buf, "csv", objectrunner.Config{SOD: s})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range objs {
		if err := ow.write(o); err != nil {
			t.Fatal(err)
		}
	}
	if err := ow.close(); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"page", "url", "index", "name", "day", "day.normalized", "cost", "cost.normalized", "code"},
		{"a.html", "https://example.com/a", "0", "The Owls", "July 13, 2010 | 7/14", "2010-07-13 | --07-14", "", "", "ABC"},
		{"b.html", "", "1", "Kites", "", "", "$12.99", "12.99 USD", ""},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d: %q", len(rows), len(want), rows)
	}
	for i := range want {
		if !slices.Equal(rows[i], want[i]) {
			t.Errorf("row %d = %q\n want %q", i, rows[i], want[i])
		}
	}
}
