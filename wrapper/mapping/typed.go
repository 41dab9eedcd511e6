package mapping

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/objectrunner/objectrunner/recognizers"
)

// Rejection is a value the wrapper read for a field and did not write
// because it fails the field's own type (issue 20: values agree with their
// types): Object.Rejected lists them, the run report counts them.
type Rejection struct {
	// Field is the dotted field path ("where.phone" for a nested field).
	Field string `json:"field"`
	// Text is the value as it was read.
	Text string `json:"text"`
	// Reason says why it was not written.
	Reason string `json:"reason"`
}

// Recognized reports whether r finds an instance in txt. A search that
// cannot complete (a regex timeout) keeps the value, as validate does.
func Recognized(r recognizers.Recognizer, txt string) bool {
	_, ok := validateValue(r, txt) // a regex's "value" group is an instance too
	return ok
}

// mostlyValid is the least share of a candidate slot's sample values in
// which a delimited field's recognizer must find an instance for the slot
// to be the field's (typedCands).
const mostlyValid = 0.5

// typedShare is the share of a slot's sample values that are instances of
// r, as a value extracted from the slot is judged (validateValue: a
// regex's "value" group is an instance too).
func typedShare(st *slotStats, r recognizers.Recognizer) float64 {
	return shareBy(st, r, validateValue)
}

// agree removes from o the values of fields typed by a regex or a
// predefined recognizer in which that recognizer finds no instance, and
// records each in o.Rejected: a value that fails its field's type is never
// written as that field's value (a row of another kind that took the
// slot's place, a sidebar's text). Whatever mechanism read the value
// (slot, label, item, part, joined lines), it passes this one check.
//
// Partial recognizers (recognizers.Info.Partial: postal addresses, whose
// unit or second line the recognizer may not cover) are exempt: their
// values legitimately hold text outside any instance, and a value in
// which the fuzzy recognizer finds nothing is too often right to drop.
//
// A field left without value is then missing like any other (Object.Missing
// is computed after agree).
func (w *State) agree(o *Object) {
	if len(w.Valid) == 0 {
		return
	}
	o.Fields = w.agreeFields(o, "", o.Fields)
	w.otherTyped(o)
}

// otherTyped gives a value of an optional single root field without a
// recognizer of its own (a dictionary's publisher) that is wholly an
// instance of another single root field's delimiting recognizer (a date)
// to that field when the object has no value for it: the record lacks the first field, and
// its row's first element, which the first field reads on the other
// records ("Imprint: <b>Keller &amp; Co.</b>; <b>12 Sep 2005</b>"), holds
// the second's value ("Imprint: <b>12 Sep 2005</b>"). Left where it was,
// the date would be a wrong publisher and a missing date. A mandatory
// field is never lacking, so its value stays (a book titled "2010").
func (w *State) otherTyped(o *Object) {
	for i := 0; i < len(o.Fields); i++ {
		f := o.Fields[i]
		spec := w.fieldSpec(f.Name)
		if f.Many || f.Tuple || len(f.Values) != 1 || spec == nil || !spec.Optional || spec.Parent != "" || w.Valid[f.Name] != nil {
			continue
		}
		txt := strings.TrimSpace(f.Values[0].Text)
		for _, g := range w.FieldSpecs {
			if g.Parent != "" || g.Many || g.Tuple || g.Path == f.Name || o.Field(g.Path) != nil {
				continue
			}
			r, _ := w.typeCheck(g.Path)
			if r == nil || !wholeInstance(r, txt) {
				continue
			}
			v := f.Values[0]
			v.Normalized, _ = validateValue(r, txt)
			o.Fields = slices.Delete(o.Fields, i, i+1)
			at := len(o.Fields)
			gi := IndexOf(w.FieldSpecs, g.Path)
			for k, h := range o.Fields {
				if IndexOf(w.FieldSpecs, h.Name) > gi {
					at = k
					break
				}
			}
			o.Fields = slices.Insert(o.Fields, at, Field{Name: g.Path, Values: []Value{v}})
			i = -1 // the fields moved: look again from the start
			break
		}
	}
}

func (w *State) agreeFields(o *Object, prefix string, fs []Field) []Field {
	out := fs[:0]
	for _, f := range fs {
		path := prefix + f.Name
		if f.Tuple {
			for i := range f.Values {
				f.Values[i].Fields = w.agreeFields(o, path+".", f.Values[i].Fields)
			}
			out = append(out, f)
			continue
		}
		w.leadOut(path, f.Values)
		w.complete(path, f.Values)
		r, name := w.typeCheck(path)
		if r == nil {
			if f = w.otherSlotOut(o, path, f); len(f.Values) > 0 {
				out = append(out, f)
			}
			continue
		}
		kept := f.Values[:0]
		for _, v := range f.Values {
			if Recognized(r, v.Text) {
				kept = append(kept, v)
				continue
			}
			o.Rejected = append(o.Rejected, Rejection{Field: path, Text: v.Text, Reason: "not recognised as " + name})
		}
		f.Values = kept
		if len(f.Values) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// otherSlotOut leaves out, for a field whose recognizer is partial
// (addresses, exempt from the check below), the values in which the
// recognizer finds no instance when they were read from a slot whose
// sample values the recognizer mostly fails (Value.otherSlot): a street
// line without its suffix is often right, but in a slot that mostly
// holds something else ("Doors open, 5:00p", "Location, Thunderbird
// Hall" in the address's place) it is not the field's value. Each is
// recorded in o.Rejected, as agree does.
func (w *State) otherSlotOut(o *Object, path string, f Field) Field {
	kept := f.Values[:0]
	for _, v := range f.Values {
		if !v.otherSlot || f.Tuple {
			kept = append(kept, v)
			continue
		}
		name := "its type"
		if s := w.fieldSpec(path); s != nil && s.Predefined != "" {
			name = s.Predefined
		}
		o.Rejected = append(o.Rejected, Rejection{Field: path, Text: v.Text, Reason: "not recognised as " + name + ", in a slot whose sample values mostly are not"})
	}
	f.Values = kept
	return f
}

// leadOut cuts, from the values of field path when its predefined
// recognizer is partial (addresses, exempt from agree), the text around
// the recognizer's longest instance that the value ran over into other
// rows or pieces ("Location, The Old Town Hall, Doors open, 5:30p,
// Location, 10823 E 37th Way, San Francisco, CA 94115, Doors open, 8:30p":
// labels, the venue and other rows joined into one text):
//   - the text before the instance when separator punctuation ends it, it
//     is not a unit ("Suite 200, ") and the instance starts with its
//     street number (before a city line alone, "8182 Lakeshore, Seattle,
//     WA 98120", the text is the street);
//   - the text after the instance when the recognizer finds the instance
//     complete (confidence >= completeAddr: a street with its city line),
//     separator punctuation starts it and it is more than one piece or
//     holds a digit (other rows: "Doors open, 8:30p"; a country, ", USA",
//     stays).
//
// Text not cut off by punctuation is left, as is text after an instance
// the recognizer finds incomplete (a unit or a second line may follow a
// street). complete then measures the cut value.
func (w *State) leadOut(path string, vs []Value) {
	f := w.fieldSpec(path)
	r := w.Valid[path]
	if f == nil || f.Predefined == "" || recognizers.Delimits(f.Predefined) || r == nil {
		return
	}
	for i := range vs {
		txt := vs[i].Text
		ms, err := r.Find(txt)
		if err != nil || len(ms) == 0 {
			continue
		}
		best := ms[0]
		for _, m := range ms[1:] {
			if m.End-m.Start > best.End-best.Start {
				best = m
			}
		}
		a, b := 0, len(txt)
		if lead := strings.TrimSpace(txt[:best.Start]); lead != "" && !unitLead.MatchString(lead) && startsDigit(txt[best.Start:]) {
			if c, _ := utf8.DecodeLastRuneInString(lead); strings.ContainsRune(separators, c) {
				a = best.Start
			}
		}
		if tail := strings.TrimSpace(txt[best.End:]); tail != "" && best.Confidence >= completeAddr {
			c, n := utf8.DecodeRuneInString(tail)
			if strings.ContainsRune(separators, c) && (strings.ContainsAny(tail[n:], separators) || strings.ContainsAny(tail, "0123456789")) {
				b = best.End
			}
		}
		vs[i].Text = strings.TrimSpace(txt[a:b])
	}
}

// completeAddr is the least confidence of a partial recognizer's instance
// after which leadOut cuts the text that follows: the address recognizer
// gives 0.9 to a street with its city, state and zip code, less to a
// street alone or with a unit.
const completeAddr = 0.9

// startsDigit reports whether s starts with a digit: an instance that
// starts with its street number holds the street, one that starts with a
// word may be a city line whose street (one without a suffix, "8182
// Lakeshore") the recognizer did not take in, and then the text before it
// is the street.
func startsDigit(s string) bool {
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// separators are the punctuation that ends one piece of text joined to
// another (leadOut).
const separators = ",;|·—–:"

// unitLead is a unit or a place in a building written before the street
// ("Suite 200,", "Floor 3 —"), which belongs to the address.
var unitLead = regexp.MustCompile(`^(?i:suite|ste|apt|unit|floor|fl|room|rm|#|building|bldg)\.?\s*#?[A-Za-z0-9-]*\s*[,;|·—–:]?$`)

// complete sets the Complete evidence of the values of field path when
// its predefined recognizer is partial (addresses), on the value's final
// text (lines joined), and their confidence again (confidence.go).
func (w *State) complete(path string, vs []Value) {
	f := w.fieldSpec(path)
	if f == nil || f.Predefined == "" || recognizers.Delimits(f.Predefined) || w.Valid[path] == nil {
		return
	}
	for i := range vs {
		if _, c, ok := longestInstance(w.Valid[path], vs[i].Text); ok && c > 0 {
			vs[i].Evidence.Complete = c
			vs[i].Confidence = vs[i].Evidence.Confidence()
		}
	}
}

// typeCheck returns the recognizer that field path's values must agree
// with and its name for messages ("date", "its regex"); nil when the field
// has none or a partial one.
func (w *State) typeCheck(path string) (recognizers.Recognizer, string) {
	r := w.Valid[path]
	if r == nil {
		return nil, ""
	}
	f := w.fieldSpec(path) // join.go
	if f == nil {
		return nil, ""
	}
	switch {
	case f.Regex != nil:
		return r, "its regex " + f.Regex.Pattern
	case f.Predefined != "" && recognizers.Delimits(f.Predefined):
		return r, f.Predefined
	}
	return nil, ""
}

// typedCands drops the candidates of fields typed by a delimiting regex or
// predefined recognizer whose slot's sample values (those after the
// candidate's label, if any) mostly fail that recognizer: such a slot is
// not the field's, whatever nominated it (a label, a few annotations in
// longer text), and the field chooses among its other candidates. An
// optional field whose annotated values are its own and whose other
// values are rows of another kind (absentAsOther) keeps its slot: those
// pages lack the field. Part and lead candidates are left alone: their
// values are carved out of the slot's text.
func (w *State) typedCands(cands []cand, stats []*slotStats, valid map[string]recognizers.Recognizer) []cand {
	out := cands[:0]
	for _, c := range cands {
		f := w.FieldSpecs[c.Field]
		r := valid[f.Path]
		if r == nil || c.Part || c.Lead || !f.WholeByPattern() {
			out = append(out, c)
			continue
		}
		st := stats[c.Slot]
		if c.Label != "" {
			st = labelled(st, c.Label)
		}
		if st.Occ == 0 {
			out = append(out, c)
			continue
		}
		if v := typedShare(st, r); v < mostlyValid && !absentAsOther(f, c, v, w.Options.GeneraliseThres) {
			continue
		}
		out = append(out, c)
	}
	return out
}
