package mapping

// Field-name matching for labels: a label's words against a field's name
// (normName, labelAffinity, wholeName, sameStem, compound), split from
// mapping_explainedaway.go.

import (
	"strings"

	"github.com/objectrunner/objectrunner/recognizers"
)

// normName normalises a field, type or class name for comparison with a
// label: lower case, '_' and '-' as spaces, letters and digits only, a
// plural "s" dropped from every word.
func normName(s string) string {
	s = nameSeps.Replace(strings.ToLower(s))
	var words []string
	for _, w := range strings.Fields(s) {
		if w = alnum(w); w != "" {
			words = append(words, singular(w))
		}
	}
	return strings.Join(words, " ")
}

// nameSeps turns the separators of SOD names into spaces (normName).
var nameSeps = strings.NewReplacer("_", " ", "-", " ")

func singular(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

// Affinities of a label with a field (labelAffinity).
const (
	affinityNone  = 0
	affinityKind  = 1 // a word of the label is the stem of the field's dictionary class or recognizer
	affinityName  = 2 // a word of the label is the stem of a word of the field's or type's name
	affinityWhole = 3 // the label, as a whole, is the field's or type's name
)

// labelAffinity grades how well a label (lower-cased words) names field f:
// affinityWhole when it is, as a whole, the field's name or one of its
// type names (compared lower-cased, '_' and '-' as spaces, plural "s"
// dropped: "Publisher" for publisher, "Publication date" for
// publication_date); affinityName when one of its words shares a stem with
// a word of those names ("Published by" for publisher_name, "Date first
// available" for release_date, "Tel" for telephone); affinityKind when one
// shares a stem with the field's dictionary class or predefined recognizer
// ("Brand" for a field make whose class is brand, "Date" for a field born
// recognised as a date).
func labelAffinity(run []string, f FieldSpec) int {
	if len(run) == 0 {
		return affinityNone
	}
	if wholeName(f)(run) {
		return affinityWhole
	}
	words := make([]string, len(run))
	for i, w := range run {
		words[i] = singular(w)
	}
	names := append([]string{f.Name}, f.Types...)
	// Numbers tell kinds apart: "ISBN-10" does not name isbn_13.
	for _, n := range names {
		if numbersDiffer(digitSplit(strings.Fields(normName(n))), digitSplit(words)) {
			return affinityNone
		}
	}
	share := func(ns []string) bool {
		for _, n := range ns {
			for _, a := range strings.Fields(normName(n)) {
				for _, b := range words {
					if sameStem(a, b) {
						return true
					}
				}
			}
		}
		return false
	}
	if share(names) {
		return affinityName
	}
	if share([]string{f.Class, f.Predefined}) || share(recognizers.LabelWords(f.Predefined)) {
		return affinityKind
	}
	return affinityNone
}

// wholeName returns whether a label run, as a whole, is f's name or one
// of its types' names (labelAffinity's affinityWhole): "Birthdate" names
// birth_date as "Birth date" does. The names are normalized once, so the
// test is cheap enough to run on every text node of a page.
func wholeName(f FieldSpec) func(run []string) bool {
	var names, joined []string
	for _, n := range append([]string{f.Name}, f.Types...) {
		nn := normName(n)
		names = append(names, nn)
		joined = append(joined, strings.ReplaceAll(nn, " ", ""))
	}
	var b strings.Builder
	return func(run []string) bool {
		if len(run) == 0 {
			return false
		}
		b.Reset()
		for i, w := range run {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(singular(w))
		}
		label := b.String()
		flat := strings.ReplaceAll(label, " ", "")
		for i, nn := range names {
			if nn == label || joined[i] == flat {
				return true
			}
		}
		return false
	}
}

// numbersDiffer reports whether both word lists hold numbers and none of
// a's is among b's.
func numbersDiffer(a, b []string) bool {
	num := func(w string) bool { return w != "" && strings.Trim(w, "0123456789") == "" }
	var na []string
	nb := map[string]bool{}
	for _, w := range a {
		if num(w) {
			na = append(na, w)
		}
	}
	for _, w := range b {
		if num(w) {
			nb[w] = true
		}
	}
	if len(na) == 0 || len(nb) == 0 {
		return false
	}
	for _, w := range na {
		if nb[w] {
			return false
		}
	}
	return true
}

// labelStop are label words too common to name a field.
var labelStop = map[string]bool{"by": true, "of": true, "the": true, "and": true, "in": true, "on": true, "at": true, "for": true, "a": true, "to": true, "our": true, "your": true, "new": true, "name": true, "no": true}

// sameStem reports whether a word of a name and a word of a label
// (lower-case) share a stem: equal, or one a prefix of the other of at
// least 3 letters ("pub", "publication"), or sharing a prefix of at least
// 6 letters ("publisher", "published"), or one ending the other and of at
// least 5 letters ("phone", "telephone"). A label word that goes on past a
// whole name word by a word of its own is a compound naming something else
// ("teammates" is not a team, "birthplace" no birth date; compound).
func sameStem(name, label string) bool {
	a, b := name, label
	if a == "" || b == "" || labelStop[a] || labelStop[b] {
		return false
	}
	if a == b {
		return true
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) >= 3 && strings.HasPrefix(b, a) {
		return !compound(name, label)
	}
	if len(a) >= 5 && strings.HasSuffix(b, a) {
		return true
	}
	n := 0
	for n < len(a) && a[n] == b[n] {
		n++
	}
	return n >= 6
}

// compoundRest is the least number of letters a label word must go on
// past a name word it starts with to be a compound rather than the name
// inflected ("teams", "published", "schooling").
const compoundRest = 4

// compound reports whether label starts with the whole word name (not an
// abbreviation: 4 letters or more) and goes on by compoundRest letters or
// more: "teammates" after "team", "birthplace" after "birth".
func compound(name, label string) bool {
	return len(name) >= 4 && strings.HasPrefix(label, name) && len(label)-len(name) >= compoundRest
}
