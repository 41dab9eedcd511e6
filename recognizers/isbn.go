package recognizers

import (
	"strings"
)

// ISBN lengths the isbn recognizers accept.
const (
	isbn10 = 1 << iota
	isbn13
)

// newISBN returns an ISBN recognizer named name that accepts the lengths in
// kinds (isbn10, isbn13 or both). An ISBN is a run of digit groups joined by
// single hyphens or spaces ("978-0-316-12558-1", "0 316 12558 1",
// "9780316125581", "031612558X") whose digits pass the ISBN-10 or ISBN-13
// checksum; an ISBN-13 starts with 978 or 979. A group is never split: a
// 12- or 14-digit number contains no ISBN. Normalized is the digits, with an
// upper-case X check digit. Confidence is higher after an "ISBN" label.
func newISBN(name string, kinds int) Recognizer {
	return &predefined{name: name, find: func(text string, add func(Match)) { findISBNs(text, kinds, add) }}
}

// digitGroup is a maximal run of digits (the last may end with X) in text.
type digitGroup struct{ start, end int }

func findISBNs(text string, kinds int, add func(Match)) {
	i := 0
	for i < len(text) {
		if !isDigit(text[i]) {
			i++
			continue
		}
		// a chain of groups joined by single '-' or ' '
		var groups []digitGroup
		j := i
		for {
			k := j
			for k < len(text) && isDigit(text[k]) {
				k++
			}
			if k < len(text) && (text[k] == 'X' || text[k] == 'x') {
				k++
			}
			groups = append(groups, digitGroup{j, k})
			if k+1 < len(text) && (text[k] == '-' || text[k] == ' ') && text[k-1] != 'X' && text[k-1] != 'x' &&
				(isDigit(text[k+1]) || isLoneX(text, k+1)) {
				j = k + 1
				continue
			}
			break
		}
		chainEnd := groups[len(groups)-1].end
		if r, n := runeBefore(text, i); n > 0 && (isWordRune(r) || (r == '.' || r == ',') && i >= 2 && isDigit(text[i-2])) {
			i = chainEnd
			continue
		}
		isbnChain(text, groups, kinds, add)
		i = chainEnd
	}
}

// isbnChain adds the ISBNs found in a chain of digit groups: starting at
// each group, the longest run of whole groups that is a valid ISBN.
func isbnChain(text string, groups []digitGroup, kinds int, add func(Match)) {
	for a := 0; a < len(groups); a++ {
		best := -1
		var bestDigits string
		var digits strings.Builder
		for b := a; b < len(groups); b++ {
			g := text[groups[b].start:groups[b].end]
			if strings.ContainsAny(g[:len(g)-1], "Xx") {
				break
			}
			if b > a && text[groups[b].start-1] != text[groups[a+1].start-1] {
				break // mixed separators
			}
			digits.WriteString(g)
			d := digits.String()
			if len(d) > 13 {
				break
			}
			// the run must end the chain or be followed by a space (a hyphen
			// means it continues)
			if b+1 < len(groups) && text[groups[b].end] == '-' {
				continue
			}
			if r, n := runeAt(text, groups[b].end); n > 0 && isWordRune(r) {
				continue
			}
			if (len(d) == 10 && kinds&isbn10 != 0 && validISBN10(d)) ||
				(len(d) == 13 && kinds&isbn13 != 0 && validISBN13(d)) {
				best, bestDigits = b, d
			}
		}
		if best < 0 {
			continue
		}
		s, e := groups[a].start, groups[best].end
		if s >= 2 && text[s-1] == '-' && isDigit(text[s-2]) {
			continue // inside a hyphenated run
		}
		conf := 0.9
		if len(bestDigits) == 10 {
			conf = 0.7
		}
		if hasISBNLabel(text, s) {
			conf = 1
		}
		add(Match{Start: s, End: e, Confidence: conf, Normalized: strings.ToUpper(bestDigits)})
		a = best
	}
}

// isLoneX reports whether text[i] is an X check digit standing alone as the
// last group of a hyphenated ISBN-10 ("0-316-12558-X").
func isLoneX(text string, i int) bool {
	if text[i] != 'X' && text[i] != 'x' {
		return false
	}
	r, n := runeAt(text, i+1)
	return n == 0 || !isWordRune(r)
}

// hasISBNLabel reports whether "ISBN" appears in the 24 bytes before s.
func hasISBNLabel(text string, s int) bool {
	from := max(0, s-24)
	return strings.Contains(strings.ToUpper(text[from:s]), "ISBN")
}

func validISBN10(d string) bool {
	if len(d) != 10 {
		return false
	}
	sum := 0
	for i := 0; i < 10; i++ {
		c := d[i]
		var v int
		switch {
		case isDigit(c):
			v = int(c - '0')
		case (c == 'X' || c == 'x') && i == 9:
			v = 10
		default:
			return false
		}
		sum += (10 - i) * v
	}
	return sum%11 == 0
}

func validISBN13(d string) bool {
	if len(d) != 13 || !(strings.HasPrefix(d, "978") || strings.HasPrefix(d, "979")) {
		return false
	}
	sum := 0
	for i := 0; i < 13; i++ {
		if !isDigit(d[i]) {
			return false
		}
		v := int(d[i] - '0')
		if i%2 == 1 {
			v *= 3
		}
		sum += v
	}
	return sum%10 == 0
}
