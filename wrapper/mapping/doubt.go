package mapping

import (
	"slices"
	"strings"
	"unicode"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"golang.org/x/net/html"
)

// Doubts: signals, measured on the annotated sample when a wrapper is
// learned, that a field's values are often wrong though its slot is well
// annotated. Each gives a Note (and so a diagnostic naming the field) and
// lowers the confidence of every value of the field (Evidence.Doubt,
// Confidence): measured on zoo seeds, fields with one of these notes are
// wrong far more often than the others (docs/trust.md).
//
//   - constant-value: the field has the same text on every sample object
//     (ConstantMin or more): template text such as a link label
//     ("Tickets", "Overview"), not data.
//   - ragged-value: on RaggedShare of the sample values or more (two at
//     least), a value ends on an opening bracket or holds more opening
//     than closing ones ("Harbor Light Group ("): the value is cut in the
//     wrong place.
//   - run-on (single fields whose values are not cut to a recognizer's
//     instance, FieldSpec.Delimited, and whose slot no other field
//     shares: a set's items follow one another, a shared slot holds the
//     other field's value after the field's): on RaggedShare of the sample values or more (two at least),
//     a value holding an instance of the field's type goes on, after a
//     comma, semicolon or dash, with words outside it ("…, WI 53790,
//     Reservations"), or holds an instance of another field's type after
//     its own: the value runs into the next text.
//   - in-link-text: on half of the sample values or more (two at least),
//     the value is a part of a link's text two words longer at least
//     ("Compare the 2011 BMW Z4 against similar models"): a link that
//     mentions a value is navigation, and may not hold the field's own.
//   - lead-number: a dictionary field's slot drops a number that opens its
//     values (SlotMap.LeadNum, leadnum.go): whether it belongs to the
//     value ("2011 BMW Z4") is a guess.
//   - outside-object: on a detail page, a set field's items (or a
//     patterned single field's values) lie outside the smallest element
//     holding the other single fields' values on at least half of the
//     sample pages (three at least): they may be a sidebar's. Single name
//     fields are left out: outside the others' element they are mostly
//     the object's name in a header.
//   - same-as-field: two single fields have the same first value, from
//     different text nodes, on at least half of the sample objects where
//     both have one (two at least): one reads the other's place. Both are
//     named.
//   - missed-values: on a detail page, a field not cut to a recognizer's
//     instance has no value on MissedShare of the sample pages (two at
//     least) though a text node wholly of its type, no other field's
//     value, lies in the object's element.

// Thresholds of the doubt notes.
const (
	// ConstantMin: a constant-value note needs this many sample objects
	// with a value.
	ConstantMin = 3
	// RaggedShare: ragged-value and run-on notes need this share of the
	// field's sample values.
	RaggedShare = 0.3
	// MissedShare: a missed-values note needs this share of the sample
	// objects with a region.
	MissedShare = 0.25
	// DoubtConfidence caps the confidence of the values of a field with a
	// doubt note (Evidence.Confidence): on zoo seeds 6000-6199, 903 of the
	// 2,052 values of such fields were right (docs/trust.md).
	DoubtConfidence = 0.5
	// WeakDoubtConfidence caps it instead for the notes whose fields'
	// values were mostly right (weakDoubts): 205 of 243 (missed-values)
	// and 510 of 542 (other-type) on seeds 6000-6199, all on seeds 1-100.
	WeakDoubtConfidence = 0.8
)

// weakDoubts are the doubt kinds capped at WeakDoubtConfidence.
var weakDoubts = []string{NoteMissed, NoteOtherType}

// doubtCap returns the highest confidence a value of a field with the
// doubt kinds may have (1 without any).
func doubtCap(kinds []string) float64 {
	c := 1.0
	for _, k := range kinds {
		if slices.Contains(weakDoubts, k) {
			c = min(c, WeakDoubtConfidence)
		} else {
			c = min(c, DoubtConfidence)
		}
	}
	return c
}

// Kinds of the doubt notes (besides those of notes.go).
const (
	NoteConstant     = "constant-value"
	NoteRagged       = "ragged-value"
	NoteRunOn        = "run-on"
	NoteLeadNumber   = "lead-number"
	NoteSetElsewhere = "outside-object"
	NoteMissed       = "missed-values"
	NoteSameAs       = "same-as-field"
	NoteInLink       = "in-link-text"
)

// doubtKinds are the note kinds that lower the confidence of their
// field's values (Evidence.Doubt).
var doubtKinds = []string{NoteConstant, NoteRagged, NoteRunOn, NoteLeadNumber, NoteSetElsewhere, NoteMissed, NoteSameAs, NoteInLink, NoteOtherType, NoteMultiplicity, NoteAbstained,
	NoteLeadItem, NoteWeakSlot, NoteCloseRival, NoteRecordsElsewhere, NoteNoLetter, NoteMerged}

// Delimited reports whether the field's values are cut to its
// recognizer's instance at extraction: a regex, or a predefined
// recognizer that delimits its instances (not a partial one, such as
// addresses).
func (f FieldSpec) Delimited() bool {
	return f.Regex != nil || f.Predefined != "" && recognizers.Delimits(f.Predefined)
}

// RaggedText reports whether a value's text ends on an opening bracket
// or opens more brackets than it closes.
func RaggedText(txt string) bool {
	t := strings.TrimSpace(txt)
	if t == "" {
		return false
	}
	if strings.ContainsRune("([{", rune(t[len(t)-1])) {
		return true
	}
	open := strings.Count(t, "(") + strings.Count(t, "[")
	return open > strings.Count(t, ")")+strings.Count(t, "]")
}

// RunOn reports whether the tokens [a, b), holding an instance of types,
// go on after its last one with a separator and then a word outside every
// instance, or with an instance of another type (a name type anywhere, a
// patterned one as its node's whole text).
func RunOn(toks []Token, a, b int, types []string, patterned map[string]bool) bool {
	own := func(x int) bool {
		return slices.ContainsFunc(toks[x].Ann, func(an *annotate.Annotation) bool { return slices.Contains(types, an.Type) })
	}
	last := -1
	for x := a; x < b; x++ {
		if own(x) {
			last = x
		}
	}
	if last < 0 {
		return false
	}
	sep := false
	for x := last + 1; x < b; x++ {
		t := &toks[x]
		if t.Kind != KindWord || own(x) {
			continue
		}
		for _, an := range t.Ann {
			if !slices.Contains(types, an.Type) && (an.Whole || !patterned[an.Type]) {
				return true
			}
		}
		switch {
		case strings.ContainsAny(t.Text, ",;\u2013\u2014|") && !HasLetter(t.Text):
			sep = true
		case sep && HasLetter(t.Text):
			return true
		}
	}
	return false
}

// ObjectTally is what placeTally needs of one sample object: each
// field's values' text nodes and its first value's text.
type ObjectTally struct {
	At    map[string][]*html.Node
	First map[string]string
}

// Add records a value of field path, tokens [a, b).
func (ob *ObjectTally) Add(path string, toks []Token, a, b int) {
	if n := toks[a].Node; n != nil {
		ob.At[path] = append(ob.At[path], n)
	}
	if _, ok := ob.First[path]; !ok {
		ob.First[path] = WordsText(toks, a, b)
	}
}

// RegionOf returns the smallest element holding the values of the single
// fields of ob other than skip, when two fields at least have values and
// it is not the page's body; nil otherwise.
func RegionOf(fields []FieldSpec, ob *ObjectTally, skip string) *html.Node {
	var region *html.Node
	singles := 0
	for _, f := range fields {
		if f.Many || f.Path == skip || len(ob.At[f.Path]) == 0 {
			continue
		}
		for _, n := range ob.At[f.Path] {
			if region == nil {
				region = n.Parent
			} else if c := CommonAncestor(region, n); c != nil {
				region = c
			}
		}
		singles++
	}
	if singles < 2 || region == nil || region.Type != html.ElementNode || region.Data == "body" || region.Data == "html" {
		return nil
	}
	return region
}

// Under reports whether n is region or below it.
func Under(n, region *html.Node) bool {
	for x := n; x != nil; x = x.Parent {
		if x == region {
			return true
		}
	}
	return false
}

// WordsText is the text of the word tokens [a, b), space-separated.
func WordsText(toks []Token, a, b int) string {
	var ws []string
	for x := a; x < b; x++ {
		if toks[x].Kind == KindWord {
			ws = append(ws, toks[x].Text)
		}
	}
	return strings.Join(ws, " ")
}

// HasLetter reports whether s holds a letter.
func HasLetter(s string) bool {
	return strings.ContainsFunc(s, unicode.IsLetter)
}

// DoubtsOf maps each field of notes to the kinds of its doubt notes.
func DoubtsOf(notes []Note) map[string][]string {
	var m map[string][]string
	for _, n := range notes {
		if n.Field == "" || !slices.Contains(doubtKinds, n.Kind) {
			continue
		}
		if m == nil {
			m = map[string][]string{}
		}
		if !slices.Contains(m[n.Field], n.Kind) {
			m[n.Field] = append(m[n.Field], n.Kind)
		}
	}
	for _, ks := range m {
		slices.Sort(ks)
	}
	return m
}
