package eval

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// trimSet is what Normalize strips from both ends of a value, besides
// white space: SWDE truth keeps separators such as ": 9780316125581".
const trimSet = ":;,.-|"

// Normalize returns s in the form values are compared in: Unicode NFKC,
// every run of white space collapsed to one space, and surrounding spaces
// and the characters : ; , . - | trimmed. A value that normalises to ""
// is no value.
func Normalize(s string) string {
	s = norm.NFKC.String(s)
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return strings.TrimFunc(b.String(), func(r rune) bool {
		return r == ' ' || strings.ContainsRune(trimSet, r)
	})
}

// words splits a normalised value into its words: maximal runs of
// letters, digits and marks. Containment between values (merged and split
// values) is judged on words, so that "a" is not found inside "Bay".
func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r)
	})
}

// wordIndex returns the position of the first occurrence of the word
// sequence sub in w, or -1. An empty sub is never found.
func wordIndex(w, sub []string) int {
	if len(sub) == 0 || len(sub) > len(w) {
		return -1
	}
outer:
	for i := 0; i+len(sub) <= len(w); i++ {
		for j := range sub {
			if w[i+j] != sub[j] {
				continue outer
			}
		}
		return i
	}
	return -1
}

// cover marks in covered every word of w that is part of an occurrence
// of sub, and reports whether there was one.
func cover(w, sub []string, covered []bool) bool {
	found := false
	if len(sub) == 0 {
		return false
	}
outer:
	for i := 0; i+len(sub) <= len(w); i++ {
		for j := range sub {
			if w[i+j] != sub[j] {
				continue outer
			}
		}
		found = true
		for j := range sub {
			covered[i+j] = true
		}
	}
	return found
}

// maxLabelWords bounds the words of a label that labelFree removes.
const maxLabelWords = 3

// labelFree returns the normalised value n without a leading label — one
// to maxLabelWords words of letters before a colon ("MSRP: $61,550",
// "Date Posted: 05/20/2011") — or "" when n has none. SWDE copies a
// value's whole text node, label included, while an extractor returns the
// value: a predicted value equal to a true value's label-free text is
// that true value (alignLabels, Truth.Judge).
func labelFree(n string) string {
	i := strings.IndexByte(n, ':')
	if i <= 0 {
		return ""
	}
	label := strings.Fields(n[:i])
	if len(label) == 0 || len(label) > maxLabelWords {
		return ""
	}
	for _, w := range label {
		for _, r := range w {
			if !unicode.IsLetter(r) {
				return ""
			}
		}
	}
	return Normalize(n[i+1:])
}

// alignLabels returns truth with each true value that pred misses but
// whose label-free text pred holds replaced by that text (see labelFree);
// truth itself is not changed.
func alignLabels(pred, truth []value) []value {
	var out []value
	for i, t := range truth {
		if hasNorm(pred, t.norm) {
			continue
		}
		s := labelFree(t.norm)
		if s == "" || !hasNorm(pred, s) {
			continue
		}
		if out == nil {
			out = slices.Clone(truth)
		}
		out[i] = value{s, words(s)}
	}
	if out == nil {
		return truth
	}
	return out
}

// hasNorm reports whether vs holds the normalised value n.
func hasNorm(vs []value, n string) bool {
	return slices.ContainsFunc(vs, func(v value) bool { return v.norm == n })
}
