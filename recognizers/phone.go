package recognizers

import (
	"regexp"
	"strings"
)

var (
	// North American numbers: "(212) 555-1234", "212-555-1234",
	// "212.555.1234", "212 555 1234", "+1 212 555 1234", "1-800-555-1234".
	phoneNANP = regexp.MustCompile(`^(?:\+?1[-. ]?)?(?:\(([2-9]\d{2})\)[ ]?|([2-9]\d{2})([-. ]))([2-9]\d{2})([-. ])(\d{4})`)
	// International numbers: "+33 1 42 68 53 00", "+44 20 7946 0958",
	// "+44 (0)20 7946 0958", "+49-30-1234567".
	phoneIntl = regexp.MustCompile(`^\+([1-9]\d{0,2})(?:[ .-]?\(0\))?(?:[ .-]?\(?\d{1,5}\)?){2,7}`)
)

// newPhone returns the "phone" recognizer: North American numbers written
// with separators ("(212) 555-1234", "212-555-1234", "212.555.1234",
// "+1 212 555 1234") and international numbers starting with "+" and a
// country code ("+33 1 42 68 53 00", "+44 20 7946 0958"). Runs of digits
// without separators, ISBNs, dates and zip codes are not phone numbers.
// Normalized is E.164: "+12125551234", "+33142685300".
func newPhone() Recognizer {
	return &predefined{name: "predefined:phone", find: findPhones}
}

// findPhones tries the patterns where a number can start: "+", "(" and a
// digit, "1" and a separator, or three digits and a separator.
func findPhones(text string, add func(Match)) {
	for i := 0; i+1 < len(text); {
		c := text[i]
		next := i + 1
		switch {
		case (c == '+' || c == '(') && isDigit(text[i+1]):
			if idx := matchAt(phoneNANP, text, i, 32); idx != nil && nanp(text, idx, add) {
				next = idx[1]
			} else if c == '+' {
				if idx := matchAt(phoneIntl, text, i, 48); idx != nil && intl(text, idx, add) {
					next = idx[1]
				}
			}
		case isDigit(c):
			e := digitRunEnd(text, i)
			next = e
			if (i > 0 && isDigit(text[i-1])) || e >= len(text) || !(text[e] == '-' || text[e] == '.' || text[e] == ' ') {
				break
			}
			if e-i == 3 || (e-i == 1 && c == '1') {
				if idx := matchAt(phoneNANP, text, i, 32); idx != nil && nanp(text, idx, add) {
					next = idx[1]
				}
			}
		}
		i = next
	}
}

func nanp(text string, idx []int, add func(Match)) bool {
	s, e := idx[0], idx[1]
	if !phoneBounded(text, s, e) {
		return false
	}
	// "212-555-1234" and "212.555.1234" use one separator throughout
	if sep1, sep2 := group(text, idx, 3), group(text, idx, 5); sep1 != "" && sep1 != sep2 {
		return false
	}
	d := digitsOf(text[s:e])
	if len(d) == 11 {
		d = d[1:]
	}
	conf := 0.9
	if text[s] == '+' || text[s] == '(' {
		conf = 0.95
	}
	add(Match{Start: s, End: e, Confidence: conf, Normalized: "+1" + d})
	return true
}

func intl(text string, idx []int, add func(Match)) bool {
	s, e := idx[0], idx[1]
	// trim a trailing ")" or separator the group pattern may leave
	for e > s && !isDigit(text[e-1]) {
		e--
	}
	if !phoneBounded(text, s, e) || strings.Count(text[s:e], "(") != strings.Count(text[s:e], ")") {
		return false
	}
	body := strings.Replace(text[s:e], "(0)", "", 1)
	d := digitsOf(body)
	if len(d) < 8 || len(d) > 15 {
		return false
	}
	add(Match{Start: s, End: e, Confidence: 0.9, Normalized: "+" + d})
	return true
}

// phoneBounded reports whether a phone candidate stands alone: not glued to
// a word, and not continuing a number through a separator.
func phoneBounded(text string, s, e int) bool {
	if r, n := runeBefore(text, s); n > 0 && (isWordRune(r) || r == '+') {
		return false
	}
	if s >= 2 && isNumSep(text[s-1]) && isDigit(text[s-2]) {
		return false
	}
	if r, n := runeAt(text, e); n > 0 && isWordRune(r) {
		return false
	}
	if e+1 < len(text) && (isNumSep(text[e]) || text[e] == ' ') && isDigit(text[e+1]) {
		return false
	}
	return true
}

func digitsOf(s string) string {
	return strings.Map(func(r rune) rune {
		if '0' <= r && r <= '9' {
			return r
		}
		return -1
	}, s)
}
