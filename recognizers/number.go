package recognizers

import (
	"regexp"
	"strings"
)

// reNumber matches an integer or decimal, with optional sign and thousands
// separators: "42", "-3.5", "1,234,567.89", "1 234".
var reNumber = regexp.MustCompile(`^[-+]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)`)

// eachNumberStart calls fn at the start of each run of digits that may start
// a number (not glued to a letter or continuing a number), or at its sign.
// fn returns where to continue.
func eachNumberStart(text string, fn func(i int) int) {
	for i := 0; i < len(text); {
		if !isDigit(text[i]) {
			i++
			continue
		}
		e := digitRunEnd(text, i)
		s := i
		if s > 0 && (text[s-1] == '-' || text[s-1] == '+') {
			s--
		}
		if !numberStarts(text, s) {
			i = e
			continue
		}
		i = max(fn(s), e)
	}
}

// newNumber returns the "number" recognizer: integers and decimals with
// optional sign and "," thousands separators ("42", "-3.5", "1,234,567.89").
// Parts of dotted or dashed runs ("1.2.3", "192.168.1.1", "978-0-316"),
// numbers glued to letters ("MP3", "4th") and numbers followed by "%" are not
// numbers. Normalized drops the thousands separators and a leading "+".
func newNumber() Recognizer {
	return &predefined{name: "predefined:number", find: findNumbers}
}

func findNumbers(text string, add func(Match)) {
	eachNumberStart(text, func(i int) int {
		idx := matchAt(reNumber, text, i, 64)
		if idx == nil {
			return i
		}
		s, e := idx[0], idx[1]
		if !numberEnds(text, e) || (e < len(text) && text[e] == '%') {
			return e
		}
		norm := strings.TrimPrefix(strings.ReplaceAll(text[s:e], ",", ""), "+")
		add(Match{Start: s, End: e, Confidence: 0.9, Normalized: norm})
		return e
	})
}

// newYear returns the "year" recognizer: a standalone four-digit year from
// 1000 to 2099 ("1998", "© 2010"), not part of a longer number, a date, a
// price, a decimal or a dotted/dashed run. "1990-2000" is two years. Years
// are ambiguous with other numbers, hence a moderate confidence.
func newYear() Recognizer {
	return &predefined{name: "predefined:year", find: findYears}
}

func findYears(text string, add func(Match)) {
	for i := 0; i < len(text); {
		if !isDigit(text[i]) {
			i++
			continue
		}
		s, e := i, digitRunEnd(text, i)
		i = e
		if e-s != 4 || (s > 0 && isDigit(text[s-1])) {
			continue
		}
		if y := text[s:e]; !(y[0] == '1' || y[0] == '2' && y[1] == '0') {
			continue
		}
		if !wordBounded(text, s, e) || !yearSide(text, s-1, -1) || !yearSide(text, e, +1) {
			continue
		}
		add(Match{Start: s, End: e, Confidence: 0.6, Normalized: text[s:e]})
	}
}

// yearSide checks the separator at text[i] beside a year (dir is -1 before,
// +1 after). A separator glued to another number disqualifies the year, except
// a dash or slash between two four-digit years ("1990-2000", "2009/2010").
func yearSide(text string, i, dir int) bool {
	if i < 0 || i >= len(text) {
		return true
	}
	c := text[i]
	if c == '$' || c == '#' || (c == '%' && dir > 0) {
		return false
	}
	if !isNumSep(c) {
		return true
	}
	// count the digits on the far side of the separator
	n := 0
	for j := i + dir; j >= 0 && j < len(text) && isDigit(text[j]); j += dir {
		n++
	}
	if n == 0 {
		return true
	}
	if (c == '-' || c == '/') && n == 4 {
		// the other number must itself be a whole four-digit run
		far := i + dir*(n+1)
		return far < 0 || far >= len(text) || !isNumSep(text[far])
	}
	return false
}

var rePercent = regexp.MustCompile(`^(?i)[-+]?\d+(?:[.,]\d+)?(?: ?%| ?(?:per ?cent|pct)\b)`)

// newPercent returns the "percent" recognizer: "46%", "12.5 %", "10 percent",
// "3 per cent", "-2 pct". Normalized is the number followed by "%" with a
// decimal point ("12,5 %" gives "12.5%").
func newPercent() Recognizer {
	return &predefined{name: "predefined:percent", find: findPercents}
}

func findPercents(text string, add func(Match)) {
	eachNumberStart(text, func(i int) int {
		// quick check: a "%" or "p" must follow the number
		j := i + 1
		for j < len(text) && (isDigit(text[j]) || text[j] == '.' || text[j] == ',') {
			j++
		}
		if j < len(text) && text[j] == ' ' {
			j++
		}
		if j >= len(text) || (text[j] != '%' && text[j]|0x20 != 'p') {
			return i
		}
		idx := matchAt(rePercent, text, i, 64)
		if idx == nil {
			return i
		}
		s, e := idx[0], idx[1]
		if s > 0 && (text[s-1] == '.' || text[s-1] == ',') {
			return e
		}
		num := text[s:e]
		cut := strings.IndexFunc(num, func(r rune) bool { return !(r == '-' || r == '+' || r == '.' || r == ',' || ('0' <= r && r <= '9')) })
		if cut >= 0 {
			num = num[:cut]
		}
		num = strings.TrimPrefix(strings.ReplaceAll(num, ",", "."), "+")
		add(Match{Start: s, End: e, Confidence: 0.95, Normalized: num + "%"})
		return e
	})
}
