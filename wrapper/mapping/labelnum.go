package mapping

import (
	"strings"
	"unicode"
)

// Numbers written into a label's word tell kinds apart as numbers written
// apart do: "ISBN10" does not name a field isbn_13, as "ISBN-10" does not
// (labelAffinity). digitSplit cuts words at the boundaries between letters
// and digits ("isbn10" -> "isbn", "10"; "ean13" -> "ean", "13") so that
// numbersDiffer sees the numbers.

// DigitSplit returns words with every word cut where letters and digits
// meet.
func DigitSplit(words []string) []string {
	var out []string
	for _, w := range words {
		start := 0
		rs := []rune(w)
		for i := 1; i < len(rs); i++ {
			if unicode.IsDigit(rs[i]) != unicode.IsDigit(rs[i-1]) {
				out = append(out, string(rs[start:i]))
				start = i
			}
		}
		out = append(out, string(rs[start:]))
	}
	return out
}

// OtherNumber reports whether the template label run names a kind of f's
// values other than f's by its number: the field's name or one of its
// types holds a number and the label holds another one ("ISBN10" before a
// slot a field isbn_13 might take). Such a label is evidence against the
// slot, as one naming another field is (mapSlots).
func OtherNumber(run []string, f FieldSpec) bool {
	if len(run) == 0 {
		return false
	}
	words := make([]string, len(run))
	for i, w := range run {
		words[i] = singular(w)
	}
	words = DigitSplit(words)
	for _, n := range append([]string{f.Name}, f.Types...) {
		if numbersDiffer(DigitSplit(strings.Fields(normName(n))), words) {
			return true
		}
	}
	return false
}
