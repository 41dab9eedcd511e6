package mapping

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Field is the values of one SOD field of an object.
type Field struct {
	Name string
	// Many marks a set field (printed as an array); Tuple a nested tuple
	// (values are objects).
	Many  bool
	Tuple bool
	// Values holds one value for single fields.
	Values []Value
}

// Value is one extracted value.
type Value struct {
	// Text is the value as it appears on the page, trimmed of template
	// punctuation (entity fields).
	Text string
	// Normalized is a canonical form from the recognizer (ISO date, …), if any.
	Normalized string
	// Confidence in [0,1] is derived from Evidence (Evidence.Confidence).
	Confidence float64
	// Evidence is what the confidence was derived from (not written out).
	Evidence Evidence
	// Path is the DOM path of the element holding the value.
	Path string
	// Unrecognized marks a value of a field with a predefined or regex
	// recognizer in which that recognizer finds no instance: its slot
	// does not validate (SlotMap.Validate) and kept it. Not written out;
	// the run report counts them (a slot that mostly holds something
	// else).
	Unrecognized bool
	// otherSlot marks an Unrecognized value read from a slot whose sample
	// values the recognizer mostly fails (SlotMap.Valid below
	// mostlyValid): agree leaves it out even when the recognizer is
	// partial (typed.go).
	otherSlot bool
	// Fields are the fields of a nested tuple value.
	Fields []Field
}

// Object is one extracted instance of the SOD's root type.
type Object struct {
	// Page is the page's path; Index the object's position on the page.
	Page  string
	Index int
	// URL is the page's address when known (annotate.Page.URL, from its
	// <base href>); it is set by the caller of Extract.
	URL string
	// Fields holds the fields that have values, in SOD order.
	Fields []Field
	// Missing lists the mandatory fields of the SOD's root that got no
	// value: the object is incomplete (see MismatchError).
	Missing []string
	// Rejected lists the values read for fields typed by a regex or a
	// predefined recognizer that fail it and were therefore not written
	// (see Rejection). Not part of the JSON line; the run report counts
	// them.
	Rejected []Rejection
}

func (o *Object) Field(name string) *Field {
	for i := range o.Fields {
		if o.Fields[i].Name == name {
			return &o.Fields[i]
		}
	}
	return nil
}

// Get returns the texts of a field ("credits.name" reaches into nested
// tuples).
func (o *Object) Get(path string) []string {
	return getPath(o.Fields, path)
}

func getPath(fs []Field, path string) []string {
	name, rest, nested := path, "", false
	for i := 0; i < len(path); i++ {
		if path[i] == '.' {
			name, rest, nested = path[:i], path[i+1:], true
			break
		}
	}
	var out []string
	for _, f := range fs {
		if f.Name != name {
			continue
		}
		for _, v := range f.Values {
			if nested {
				out = append(out, getPath(v.Fields, rest)...)
			} else if v.Text != "" {
				out = append(out, v.Text)
			}
		}
	}
	return out
}

type facet int

const (
	facetText facet = iota
	facetConf
	facetPath
	facetNorm
)

func writeFields(b *bytes.Buffer, fs []Field, fc facet) bool {
	b.WriteByte('{')
	n := 0
	for _, f := range fs {
		if fc == facetNorm && !hasNorm(f) {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		writeString(b, f.Name)
		b.WriteByte(':')
		if f.Many {
			b.WriteByte('[')
		}
		k := 0
		for i, v := range f.Values {
			if !f.Many && i > 0 {
				break
			}
			if fc == facetNorm && !f.Tuple && v.Normalized == "" {
				continue
			}
			if k > 0 {
				b.WriteByte(',')
			}
			k++
			if f.Tuple {
				writeFields(b, v.Fields, fc)
				continue
			}
			switch fc {
			case facetText:
				writeString(b, v.Text)
			case facetConf:
				b.WriteString(strconv.FormatFloat(v.Confidence, 'f', -1, 64))
			case facetPath:
				writeString(b, v.Path)
			case facetNorm:
				writeString(b, v.Normalized)
			}
		}
		if f.Many {
			b.WriteByte(']')
		}
	}
	b.WriteByte('}')
	return n > 0
}

func hasNorm(f Field) bool {
	for _, v := range f.Values {
		if v.Normalized != "" {
			return true
		}
		for _, g := range v.Fields {
			if hasNorm(g) {
				return true
			}
		}
	}
	return false
}

func writeString(b *bytes.Buffer, s string) {
	q, _ := json.Marshal(s)
	b.Write(q)
}

// MarshalJSON writes the object as one JSON line body:
//
//	{"page":"0001.htm","url":"http://…","index":0,"object":{…},"confidence":{…},"path":{…},"normalized":{…}}
//
// "url" is written when the page's address is known (Object.URL).
// Field names are SOD field names; single fields are strings (absent when
// missing), set fields arrays, nested tuples objects. "confidence" and
// "path" have the same shape with floats and DOM paths; "normalized" holds
// only the fields that have a normalised form, and is omitted when empty;
// "missing" lists the mandatory fields without value of an incomplete
// object, and is omitted when there are none.
func (o *Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"page":`)
	writeString(&b, o.Page)
	if o.URL != "" {
		b.WriteString(`,"url":`)
		writeString(&b, o.URL)
	}
	b.WriteString(`,"index":`)
	b.WriteString(strconv.Itoa(o.Index))
	b.WriteString(`,"object":`)
	writeFields(&b, o.Fields, facetText)
	b.WriteString(`,"confidence":`)
	writeFields(&b, o.Fields, facetConf)
	b.WriteString(`,"path":`)
	writeFields(&b, o.Fields, facetPath)
	var nb bytes.Buffer
	if writeFields(&nb, o.Fields, facetNorm) {
		b.WriteString(`,"normalized":`)
		b.Write(nb.Bytes())
	}
	if len(o.Missing) > 0 {
		b.WriteString(`,"missing":[`)
		for i, m := range o.Missing {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(&b, m)
		}
		b.WriteByte(']')
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
