package mapping

import (
	"slices"

	"github.com/objectrunner/objectrunner/annotate"
)

// Notes read from the explicit score of the chosen slots, from the
// template and from the values extracted on the sample (issue 20:
// diagnostics that catch failures). Measured on fresh zoo seeds
// (12000-12199), fields that scored badly with no diagnostic were mostly
// of these kinds, which the sample statistics of notes.go and doubt.go do
// not see:
//
//   - lead-item: a set field's list whose first item ExAlg kept as a slot
//     of its own before the set (the same markup around it as around the
//     set's items, only template text between them) that another field
//     reads (a venue reading the first act); leaditem.go gives the set
//     field that slot when no field took it.
//   - weak-slot (detail pages): a single field's chosen slot carries
//     factors of the score (score.go) against it and won for want of a
//     better candidate: OneText with Variation below 1 (its annotations
//     fall on one text and its values repeat among a few texts: a
//     heading that rotates among "Details", "Specifications", …, one of
//     which a dictionary knows), or Locality (outside the object's
//     region); or the winner has no label while a candidate after a label
//     that is the field's whole name (Label namedBoost, not a stem: "list
//     price" for a price field is another price's) lost to it. A low
//     Annotation count alone is no sign: measured, most fields of sparse
//     dictionaries have it and are right.
//   - same-as-field for nested fields: the note of doubt.go counts root
//     fields only; a nested single field (location.venue_name) reading
//     the place of another single field (the band) is the same failure.
//   - close-rival: the ambiguous note of abstain.go for nested fields (it
//     weighs root fields only): an untaken rival within closeScore of the
//     chosen slot's total holds other values.
//   - records-elsewhere (list pages): column headers outside the records'
//     list name two fields or more: the records may be a look-alike list.
//   - no-letter and lead-number: a name field's values without a letter
//     ("2013"), or opening with a number outside its instance ("60
//     Catcher").
//   - missed-values on list records: doubt.go's note, there for detail
//     pages only.
//   - merged-values: a field cut to its recognizer's instance gives values
//     holding several instances ("May 3, Feb 17").
//
// Each names its field and lowers the confidence of the field's values
// (doubtKinds, doubt.go).

// Kinds of the notes of this file.
const (
	NoteLeadItem   = "lead-item"
	NoteWeakSlot   = "weak-slot"
	NoteCloseRival = "close-rival"
)

// LeadPeer returns the number of the slot right before the set
// holding the slot at flat[i] when it is the set's first slot and the two
// slots have the same markup around them (the token before and the token
// after), with only template tokens between that slot and the set; -1
// otherwise.
func LeadPeer(flat []FlatEl, i int) int {
	open := -1
	for j := i - 1; j >= 0; j-- {
		if flat[j].Slot >= 0 || (flat[j].Mark != "" && flat[j].Mark != "{") {
			return -1
		}
		if flat[j].Mark == "{" {
			open = j
			break
		}
	}
	if open < 0 || i+1 >= len(flat) || i == 0 {
		return -1
	}
	for j := open - 1; j >= 1; j-- {
		if flat[j].Mark != "" {
			return -1
		}
		if flat[j].Slot < 0 {
			continue
		}
		if j+1 < len(flat) && sameTok(flat[j-1], flat[i-1]) && sameTok(flat[j+1], flat[i+1]) {
			return flat[j].Slot
		}
		return -1
	}
	return -1
}

// sameTok reports whether two template elements are tokens of one kind
// and text.
func sameTok(a, b FlatEl) bool {
	return a.Slot < 0 && b.Slot < 0 && a.Mark == "" && b.Mark == "" && a.Tok.Kind == b.Tok.Kind && a.Tok.Text == b.Tok.Text
}

// CompareSamples compares two candidates' sample values page by page
// (their first values): common is the number of sample pages where both
// have one, differ those where they differ.
func CompareSamples(a, b []CandidateSample) (common, differ int) {
	first := map[int]string{}
	for _, s := range a {
		if len(s.Values) > 0 {
			first[s.Index] = s.Values[0]
		}
	}
	for _, s := range b {
		v, ok := first[s.Index]
		if !ok || len(s.Values) == 0 {
			continue
		}
		common++
		if v != s.Values[0] {
			differ++
		}
	}
	return common, differ
}

// NoteRecordsElsewhere: on list pages, the records are read from a list
// outside a table whose column headers name fields of the SOD: the
// records may be a sidebar's look-alike list, the table the objects'.
const NoteRecordsElsewhere = "records-elsewhere"

// NoteNoLetter: values of a name field (not patterned) without a letter
// ("2013", "1"): a name has letters, so the slot holds another kind of
// value on those objects.
const NoteNoLetter = "no-letter"

// LeadNumber reports whether the word tokens [a, b) open with a number
// (digits only) not annotated with types, followed by a token that is.
func LeadNumber(toks []Token, a, b int, types []string) bool {
	first := -1
	for x := a; x < b; x++ {
		if toks[x].Kind == KindWord {
			first = x
			break
		}
	}
	if first < 0 || !allDigits(toks[first].Text) || TypedAs(toks[first], types) {
		return false
	}
	for x := first + 1; x < b; x++ {
		if toks[x].Kind == KindWord && TypedAs(toks[x], types) {
			return true
		}
	}
	return false
}

// TypedAs reports whether token t holds an annotation of one of types.
func TypedAs(t Token, types []string) bool {
	return slices.ContainsFunc(t.Ann, func(an *annotate.Annotation) bool { return slices.Contains(types, an.Type) })
}

// allDigits reports whether s is a run of ASCII digits.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// NoteMerged: a single field whose values are cut to its recognizer's
// instance (FieldSpec.Delimited) gives values holding two instances of it
// or more ("May 3, Feb 17"): two values merged, or a value and another
// field's.
const NoteMerged = "merged-values"
