package mapping

import "unicode"

// Numbers written into a label's word tell kinds apart as numbers written
// apart do: "ISBN10" does not name a field isbn_13, as "ISBN-10" does not
// (labelAffinity). digitSplit cuts words at the boundaries between letters
// and digits ("isbn10" -> "isbn", "10"; "ean13" -> "ean", "13") so that
// numbersDiffer sees the numbers.

// digitSplit returns words with every word cut where letters and digits
// meet.
func digitSplit(words []string) []string {
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
