package mapping

import (
	"reflect"
	"testing"
)

func TestAgree(t *testing.T) {
	fields := []FieldSpec{
		{Path: "height", Name: "height", Mult: "1", Regex: &RegexSpec{Pattern: `\d' ?\d{1,2}"`}},
		{Path: "date", Name: "date", Mult: "?", Optional: true, Predefined: "date"},
		{Path: "addr", Name: "addr", Mult: "1", Predefined: "address"},
		{Path: "name", Name: "name", Mult: "1"},
		{Path: "imprint", Name: "imprint", Mult: "?", Optional: true},
		{Path: "where", Name: "where", Mult: "1", Tuple: true},
		{Path: "where.phone", Name: "phone", Parent: "where", Mult: "?", Optional: true, Predefined: "phone"},
		{Path: "dates", Name: "dates", Mult: "*", Many: true, Optional: true, Predefined: "date"},
	}
	w := &State{FieldSpecs: fields, Valid: predefinedRecognizers(fields)}
	vals := func(ts ...string) []Value {
		var out []Value
		for _, t := range ts {
			out = append(out, Value{Text: t})
		}
		return out
	}
	tests := []struct {
		name     string
		in       []Field
		want     []Field
		rejected []Rejection
	}{
		{
			name: "values of their type are kept",
			in:   []Field{{Name: "height", Values: vals(`6' 2"`)}, {Name: "date", Values: vals("July 13, 2010")}},
			want: []Field{{Name: "height", Values: vals(`6' 2"`)}, {Name: "date", Values: vals("July 13, 2010")}},
		},
		{
			name:     "a regex field's value that fails it is rejected, the field left out",
			in:       []Field{{Name: "height", Values: vals("DOB: Dallas, TX")}, {Name: "name", Values: vals("Product details")}},
			want:     []Field{{Name: "name", Values: vals("Product details")}},
			rejected: []Rejection{{Field: "height", Text: "DOB: Dallas, TX", Reason: `not recognised as its regex \d' ?\d{1,2}"`}},
		},
		{
			name:     "a predefined recognizer's failure is rejected",
			in:       []Field{{Name: "date", Values: vals("Product details")}},
			rejected: []Rejection{{Field: "date", Text: "Product details", Reason: "not recognised as date"}},
		},
		{
			name: "a partial recognizer (address) is exempt",
			in:   []Field{{Name: "addr", Values: vals("Floor 2")}},
			want: []Field{{Name: "addr", Values: vals("Floor 2")}},
		},
		{
			name:     "a set field keeps the items of its type only",
			in:       []Field{{Name: "dates", Many: true, Values: vals("July 13, 2010", "Sold out", "2010-07-14")}},
			want:     []Field{{Name: "dates", Many: true, Values: vals("July 13, 2010", "2010-07-14")}},
			rejected: []Rejection{{Field: "dates", Text: "Sold out", Reason: "not recognised as date"}},
		},
		{
			name: "a nested field is checked by its path",
			in: []Field{{Name: "where", Tuple: true, Values: []Value{{Fields: []Field{
				{Name: "phone", Values: vals("Reservations")}}}}}},
			want:     []Field{{Name: "where", Tuple: true, Values: []Value{{Fields: []Field{}}}}},
			rejected: []Rejection{{Field: "where.phone", Text: "Reservations", Reason: "not recognised as phone"}},
		},
		{
			name: "an optional field without recognizer whose value is wholly another's type gives it to that field when empty",
			in:   []Field{{Name: "height", Values: vals(`6' 2"`)}, {Name: "imprint", Values: vals("12 Sep 2005")}},
			want: []Field{{Name: "height", Values: vals(`6' 2"`)}, {Name: "date", Values: []Value{{Text: "12 Sep 2005", Normalized: "2005-09-12"}}}},
		},
		{
			name: "it stays when that field has a value",
			in:   []Field{{Name: "date", Values: vals("July 13, 2010")}, {Name: "imprint", Values: vals("12 Sep 2005")}},
			want: []Field{{Name: "date", Values: vals("July 13, 2010")}, {Name: "imprint", Values: vals("12 Sep 2005")}},
		},
		{
			name: "a value holding an instance among other words stays",
			in:   []Field{{Name: "imprint", Values: vals("Live on 12 Sep 2005")}},
			want: []Field{{Name: "imprint", Values: vals("Live on 12 Sep 2005")}},
		},
		{
			name: "a mandatory field's value stays (a book titled 2010)",
			in:   []Field{{Name: "name", Values: vals("12 Sep 2005")}},
			want: []Field{{Name: "name", Values: vals("12 Sep 2005")}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := &Object{Fields: tc.in}
			w.agree(o)
			if len(o.Fields) == 0 && len(tc.want) == 0 {
				o.Fields = nil
			}
			if !reflect.DeepEqual(o.Fields, tc.want) {
				t.Errorf("fields = %+v, want %+v", o.Fields, tc.want)
			}
			if !reflect.DeepEqual(o.Rejected, tc.rejected) {
				t.Errorf("rejected = %+v, want %+v", o.Rejected, tc.rejected)
			}
		})
	}
}

// TestAddressRunOn: an address field's value that ran over other rows is
// cut to the address where punctuation separates them, and a value
// without an address read from a slot that mostly holds something else
// is left out (typed.go: leadOut, otherSlotOut).
func TestAddressRunOn(t *testing.T) {
	fields := []FieldSpec{{Path: "addr", Name: "addr", Mult: "1", Predefined: "address"}}
	w := &State{FieldSpecs: fields, Valid: predefinedRecognizers(fields)}
	tests := []struct {
		in, want  string
		otherSlot bool
	}{
		{"Location, The Old Town Hall, Doors open, 5:30p, Location, 10823 E 37th Way, San Francisco, CA 94115", "10823 E 37th Way, San Francisco, CA 94115", false},
		{"1858 Market Blvd, St. Louis, MO 63156, Doors open, 8:30p", "1858 Market Blvd, St. Louis, MO 63156", false},
		{"11146 Lamar Rd, Austin, TX 78736, Location, Thunderbird Hall", "11146 Lamar Rd, Austin, TX 78736", false},
		// A unit before the street, a country after it, a unit after a
		// street without its city: part of the address.
		{"Suite 200, 12 Main St, Austin, TX 78701", "Suite 200, 12 Main St, Austin, TX 78701", false},
		{"12 Main St, Austin, TX 78701, USA", "12 Main St, Austin, TX 78701, USA", false},
		{"12 Main St, Suite 200", "12 Main St, Suite 200", false},
		// A street the recognizer does not take in before a city line.
		{"8182 Lakeshore, Seattle, WA 98120", "8182 Lakeshore, Seattle, WA 98120", false},
		// Text before the street not ended by punctuation stays.
		{"Venue 12 Main St, Austin, TX 78701", "Venue 12 Main St, Austin, TX 78701", false},
		// No address: kept from a slot that validates mostly, left out
		// from one that mostly holds something else.
		{"9364 Tchoupitoulas", "9364 Tchoupitoulas", false},
		{"Doors open, 5:00p", "", true},
	}
	for _, tc := range tests {
		o := &Object{Fields: []Field{{Name: "addr", Values: []Value{{Text: tc.in, otherSlot: tc.otherSlot}}}}}
		w.agree(o)
		got := ""
		if f := o.Field("addr"); f != nil && len(f.Values) == 1 {
			got = f.Values[0].Text
		}
		if got != tc.want {
			t.Errorf("%q -> %q, want %q", tc.in, got, tc.want)
		}
		if (got == "") != (len(o.Rejected) == 1) {
			t.Errorf("%q: rejected %+v", tc.in, o.Rejected)
		}
	}
}
