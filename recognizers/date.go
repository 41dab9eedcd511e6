package recognizers

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// newDate returns the "date" recognizer. It finds
//
//   - numeric dates: "2010-04-16", "2010/04/16", "4/16/2010" (month first
//     unless impossible), "16.04.2010" (day first unless impossible), "4/16/10";
//
//   - written dates in English or French: "July 13, 2010", "Jul 13 2010",
//     "13 July 2010", "13 juillet 2010", "Tuesday, July 13", "June 2010";
//
//   - a weekday and a numeric day and month: "Thu 3/25" (month first
//     unless impossible), "Sat. 14.6" (day first);
//
//   - a written date followed by a clock time: "Tuesday, July 13 8:00p",
//     "Monday May 11, 8:00pm" give the date alone ("Tuesday, July 13"),
//     at a higher confidence (a time after it says it is a date, not a
//     name); the time is the "time" recognizer's;
//
//   - partial dates, at lower confidence: a numeric month and year
//     ("06/2010"), and a year that stands alone as the text's value ("2004",
//     "(2004)", "Published: 2004"; not "in 2010" or "© 2010 Acme").
//
//   - date ranges, as one match: "Fri, Apr 30 - Mon, May 3, 2010",
//     "May 1-3, 2010", "1–3 May 2010" (daterange.go).
//
// Normalized is ISO 8601: "2010-07-13", "2010-06" for a month and year,
// "2004" for a year,
// "--07-13" for a day and month without year, an interval
// "2010-04-30/2010-05-03" for a range. It describes the matched
// text only: one text node holding a date and a time holds two facts, two
// values of two fields (a date field's value is the date, a time field's
// the time), so neither the match nor Normalized takes in a following
// time; an ISO date-time ("2010-04-16T08:00:00Z") gives its date. Impossible dates ("13/45/2010", "February 30, 2010") and
// dotted numbers that are not dates ("1.2.3", "192.168.1.1") are rejected.
func newDate() Recognizer {
	return &predefined{name: "predefined:date", find: findDates}
}

var months = map[string]int{
	"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6,
	"july": 7, "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8,
	"sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
	// French (written in lower case, so they are not subject to the
	// capitalisation rule of English month names).
	"janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "mai": 5,
	"juin": 6, "juillet": 7, "août": 8, "aout": 8, "septembre": 9, "octobre": 10,
	"novembre": 11, "décembre": 12, "decembre": 12,
}

// frenchMonth reports whether a month word is French (it may be lower case).
func frenchMonth(w string) bool {
	switch strings.ToLower(w) {
	case "janvier", "février", "fevrier", "mars", "avril", "mai", "juin", "juillet",
		"août", "aout", "septembre", "octobre", "novembre", "décembre", "decembre":
		return true
	}
	return false
}

var weekdays = []string{
	"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
	"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
	"lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche",
}

// alternation returns a regexp alternation of words, longest first.
func alternation(words []string) string {
	ws := append([]string(nil), words...)
	sort.Slice(ws, func(i, j int) bool {
		if len(ws[i]) != len(ws[j]) {
			return len(ws[i]) > len(ws[j])
		}
		return ws[i] < ws[j]
	})
	for i, w := range ws {
		ws[i] = regexp.QuoteMeta(w)
	}
	return strings.Join(ws, "|")
}

func monthWords() []string {
	ws := make([]string, 0, len(months))
	for w := range months {
		ws = append(ws, w)
	}
	return ws
}

var (
	reMonth   = `(` + alternation(monthWords()) + `)\.?`
	reWeekday = `(?:(` + alternation(weekdays) + `)\.?,?\s+)?`
	reOrd     = `(?:st|nd|rd|th|er)?`
	// The patterns are anchored: findDates tries them only where a date can
	// start (a digit run, a month or weekday word).

	// July 13, 2010 / Tuesday, July 13 / Jul 13 2010
	dateMDY = regexp.MustCompile(`^(?i:` + reWeekday + reMonth + `\s+(\d{1,2})` + reOrd + `(?:,?\s+(\d{4}))?)`)
	// 13 July 2010 / Tuesday 13 July / 13 juillet 2010 / 13th of July, 2010
	dateDMY = regexp.MustCompile(`^(?i:` + reWeekday + `(\d{1,2})` + reOrd + `\s+(?:of\s+)?` + reMonth + `(?:,?\s+(\d{4}))?)`)
	// June 2010 / June, 2010
	dateMY = regexp.MustCompile(`^(?i:` + reMonth + `,?\s+(\d{4}))`)
	// 2010-04-16, 4/16/2010, 16.04.2010, 4/16/10
	dateNum = regexp.MustCompile(`^(\d{1,4})([-/.])(\d{1,2})([-/.])(\d{4}|\d{2})`)
	// Thu 3/25 / Thu, 25/3: a weekday and a numeric day and month
	dateWDNum = regexp.MustCompile(`^(?i:(` + alternation(weekdays) + `)\.?,?\s+(\d{1,2})([/.])(\d{1,2}))`)
	// separator between a date and a following time: ", ", " at ", " @ ", " - "
	dateTimeSep = regexp.MustCompile(`^(?:,?\s{1,3}(?:at\s+|@\s*|-\s+)?)`)
)

// dateWords holds the lower-case month and weekday words.
var dateWords = func() map[string]bool {
	m := map[string]bool{}
	for w := range months {
		m[w] = true
	}
	for _, w := range weekdays {
		m[w] = true
	}
	return m
}()

// datePrefixes marks the lower-case ASCII first three letters of the date
// words: a cheap filter before the map lookup of every word ("the" and
// "this" stop here; "thu" goes on).
var datePrefixes = func() (t [26 * 26 * 26]bool) {
	for w := range dateWords {
		if k, ok := prefix3(w); ok {
			t[k] = true
		}
	}
	return t
}()

// prefix3 returns the index of w's first three letters, lower-cased, when
// they are ASCII letters.
func prefix3(w string) (int, bool) {
	if len(w) < 3 {
		return 0, false
	}
	k := 0
	for i := 0; i < 3; i++ {
		c := w[i] | 0x20
		if c < 'a' || c > 'z' || w[i] >= utf8.RuneSelf {
			return 0, false
		}
		k = k*26 + int(c-'a')
	}
	return k, true
}

// mayBeDateWord reports whether w can be a month or weekday word.
func mayBeDateWord(w string) bool {
	if len(w) < 3 || len(w) > 10 {
		return false
	}
	if k, ok := prefix3(w); ok {
		return datePrefixes[k]
	}
	return true // non-ASCII: let the map decide
}

// maxDateLen bounds the bytes a date pattern may span.
const maxDateLen = 64

func findDates(text string, emit func(Match)) {
	var found []Match // for the ranges (daterange.go)
	add := func(m Match) {
		found = append(found, m)
		emit(m)
	}
	defer func() { dateRanges(text, found, emit) }()
	mdy := func(idx []int) bool {
		return writtenDate(text, idx, group(text, idx, 1), group(text, idx, 2), group(text, idx, 3), group(text, idx, 4), add)
	}
	dmy := func(idx []int) bool {
		return writtenDate(text, idx, group(text, idx, 1), group(text, idx, 3), group(text, idx, 2), group(text, idx, 4), add)
	}
	for i := 0; i < len(text); {
		c := text[i]
		if isDigit(c) {
			e := digitRunEnd(text, i)
			if i > 0 && isDigit(text[i-1]) {
				i = e
				continue
			}
			if e-i <= 4 && numericDateFollows(text, e) {
				if idx := matchAt(dateNum, text, i, maxDateLen); idx != nil {
					numericDate(text, idx, add)
				}
			}
			if e-i <= 2 && dashFollows(text, e) {
				if idx := matchAt(dayRangeDMY, text, i, maxDateLen); idx != nil {
					dayRange(text, idx, true, emit)
				}
			}
			if e-i <= 2 && monthFollows(text, e) {
				if idx := matchAt(dateDMY, text, i, maxDateLen); idx != nil {
					dmy(idx)
				}
			}
			if e-i <= 2 {
				numericMonthYear(text, i, e, add)
			}
			if e-i == 4 {
				bareYear(text, i, e, add)
			}
			i = e
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) {
			i += n
			continue
		}
		e := letterRunEnd(text, i)
		if w := text[i:e]; mayBeDateWord(w) && isDateWord(w) {
			if idx := matchAt(dateMDY, text, i, maxDateLen); idx != nil {
				mdy(idx)
			}
			if idx := matchAt(dayRangeMDY, text, i, maxDateLen); idx != nil {
				dayRange(text, idx, false, emit)
			}
			if idx := matchAt(dateDMY, text, i, maxDateLen); idx != nil {
				dmy(idx)
			}
			if idx := matchAt(dateMY, text, i, maxDateLen); idx != nil {
				monthYear(text, idx, add)
			}
			if idx := matchAt(dateWDNum, text, i, maxDateLen); idx != nil {
				weekdayNumeric(text, idx, add)
			}
		}
		i = max(e, i+n)
	}
}

// weekdayNumeric adds a weekday followed by a numeric day and month
// without year ("Thu 3/25", "Sat. 14.6"): month first unless impossible.
// The weekday is what makes "3/25" a date (alone it may be a fraction or a
// score); a year after it makes it a full numeric date, found elsewhere.
func weekdayNumeric(text string, idx []int, add func(Match)) {
	s, e := idx[0], idx[1]
	if !monthCaseOK(group(text, idx, 1)) || !wordBounded(text, s, e) {
		return
	}
	if e < len(text) && (isDigit(text[e]) || (isNumSep(text[e]) && e+1 < len(text) && isDigit(text[e+1]))) {
		return // "Thu 3/25/2010" (a numeric date), "Fri 1/2/3"
	}
	a, _ := strconv.Atoi(group(text, idx, 2))
	b, _ := strconv.Atoi(group(text, idx, 4))
	m, d := a, b
	if group(text, idx, 3) == "." || !validDate(2000, m, d) {
		m, d = b, a // day first: "14.6", "25/3"
	}
	if !validDate(2000, m, d) {
		return
	}
	add(Match{Start: s, End: e, Confidence: 0.8, Normalized: fmt.Sprintf("--%02d-%02d", m, d)})
}

// numericDateFollows reports whether the digit run ending at e is followed
// by a separator, one or two digits, the same separator and a digit: a cheap
// test before the dateNum pattern.
func numericDateFollows(text string, e int) bool {
	if e+1 >= len(text) || !(text[e] == '-' || text[e] == '/' || text[e] == '.') {
		return false
	}
	j := digitRunEnd(text, e+1)
	return j-(e+1) >= 1 && j-(e+1) <= 2 && j+1 < len(text) && text[j] == text[e] && isDigit(text[j+1])
}

// monthFollows reports whether a month word follows the day number ending at
// e, after an optional ordinal suffix, spaces and "of": a cheap test before
// the dateDMY pattern.
func monthFollows(text string, e int) bool {
	j := e
	for j < len(text) && j-e < 2 && 'a' <= text[j] && text[j] <= 'z' {
		j++ // "th", "er"
	}
	k := j
	for k < len(text) && (text[k] == ' ' || text[k] == '\t' || text[k] == '\n' || text[k] == '\r') {
		k++
	}
	if k == j {
		return false
	}
	if strings.HasPrefix(text[k:], "of ") {
		k += 3
		for k < len(text) && text[k] == ' ' {
			k++
		}
	}
	w := text[k:letterRunEnd(text, k)]
	w = strings.TrimSuffix(w, ".")
	_, ok := lookupWord(months, w)
	return ok
}

func monthYear(text string, idx []int, add func(Match)) {
	s, e := idx[0], idx[1]
	if !monthCaseOK(group(text, idx, 1)) || !numberBounded(text, s, e) {
		return
	}
	m := months[strings.ToLower(group(text, idx, 1))]
	y, ok := year4(group(text, idx, 2))
	if !ok {
		return
	}
	add(Match{Start: s, End: e, Confidence: 0.85, Normalized: fmt.Sprintf("%04d-%02d", y, m)})
}

// Confidence of partial dates: a month and year written with digits
// ("06/2010"), and a year standing alone as a value ("2004", "(2004)",
// "Published: 2004"). They are dates, but weaker evidence than a full one.
const (
	confNumericMonthYear = 0.6
	confBareYear         = 0.5
)

// numericMonthYear adds "06/2010" or "6-2010" (month, separator, four-digit
// year) starting at the digit run text[i:e].
func numericMonthYear(text string, i, e int, add func(Match)) {
	if e+5 > len(text) || (text[e] != '/' && text[e] != '-') {
		return
	}
	ye := digitRunEnd(text, e+1)
	if ye-(e+1) != 4 || !numberBounded(text, i, ye) || (ye < len(text) && (text[ye] == '/' || text[ye] == '-')) {
		return
	}
	m, _ := strconv.Atoi(text[i:e])
	y, ok := year4(text[e+1 : ye])
	if !ok || m < 1 || m > 12 {
		return
	}
	add(Match{Start: i, End: ye, Confidence: confNumericMonthYear, Normalized: fmt.Sprintf("%04d-%02d", y, m)})
}

// bareYear adds the four-digit run text[i:e] as a year when it stands
// alone as the value of the text: nothing but white space and punctuation
// after it, and before it nothing, or a label or separator ending in ":",
// "(", "[", "|", "-", "–" or "·" ("Published: 2004", "Paperback | 2004";
// not a dash right after a digit: "364-1506" is a phone's last group),
// or a name and a comma ("Redcliff Books, 2011": nameComma).
// A year inside prose ("in 2010", "© 2010 Acme") is not a date.
func bareYear(text string, i, e int, add func(Match)) {
	y, ok := year4(text[i:e])
	if !ok || y < 1500 || y > 2100 {
		return
	}
	for _, r := range text[e:] {
		if !unicode.IsSpace(r) && !unicode.IsPunct(r) {
			return
		}
	}
	before := strings.TrimRightFunc(text[:i], unicode.IsSpace)
	if before != "" {
		last, _ := utf8.DecodeLastRuneInString(before)
		switch last {
		case '-', '–':
			// A dash joining digits ("(700) 364-1506", "90210-1506",
			// "1999-2004") makes the year one group of a longer number
			// or the end of a range, not a date of its own.
			if d, _ := utf8.DecodeLastRuneInString(before[:len(before)-utf8.RuneLen(last)]); len(before) == i && unicode.IsDigit(d) {
				return
			}
		case ':', '(', '[', '|', '·':
		case ',':
			if !nameComma(before) {
				return
			}
		default:
			return
		}
	}
	add(Match{Start: i, End: e, Confidence: confBareYear, Normalized: fmt.Sprintf("%04d", y)})
}

// nameComma reports whether before, the text before a year, ends in a
// name and a comma, as an imprint before its year ("Redcliff Books, 2011",
// "Mercer & Co., 1996"): a word of letters, maybe abbreviated, that is no
// month ("February 30, 2010" is no date, "June, 2009" is the month's).
func nameComma(before string) bool {
	b := strings.TrimSuffix(strings.TrimSuffix(before, ","), ".")
	s := len(b)
	for s > 0 {
		r, n := utf8.DecodeLastRuneInString(b[:s])
		if !unicode.IsLetter(r) {
			break
		}
		s -= n
	}
	w := b[s:]
	if w == "" {
		return false
	}
	_, month := lookupWord(months, w)
	return !month
}

func numericDate(text string, idx []int, add func(Match)) bool {
	s, e := idx[0], idx[1]
	a, sep1, b, sep2, c := group(text, idx, 1), group(text, idx, 2), group(text, idx, 3), group(text, idx, 4), group(text, idx, 5)
	if sep1 != sep2 || len(a) == 3 {
		return false
	}
	if !numberBounded(text, s, e) && !isoTimeFollows(text, e) {
		return false
	}
	ai, _ := strconv.Atoi(a)
	bi, _ := strconv.Atoi(b)
	ci, _ := strconv.Atoi(c)
	var y, m, d int
	conf := 0.9
	switch {
	case len(a) == 4: // year first: 2010-04-16
		if len(c) > 2 {
			return false
		}
		y, m, d = ai, bi, ci
		if sep1 == "-" {
			conf = 0.95
		}
	case len(c) == 4 || sep1 == "/":
		y = ci
		if len(c) == 2 { // 4/16/10
			y = 2000 + ci
			if ci >= 50 {
				y = 1900 + ci
			}
			conf = 0.7
		}
		// month first for "/" and "-" (US), day first for "." (Europe),
		// each unless impossible.
		m, d = ai, bi
		if sep1 == "." {
			m, d = bi, ai
		}
		if !validDate(y, m, d) {
			m, d = d, m
		}
	default:
		return false
	}
	if y < 1000 || y > 2199 || !validDate(y, m, d) {
		return false
	}
	add(Match{Start: s, End: e, Confidence: conf, Normalized: fmt.Sprintf("%04d-%02d-%02d", y, m, d)})
	return true
}

// isoTimeFollows reports whether text[e:] is "T" and a digit, as in
// "2010-04-16T08:00:00Z".
func isoTimeFollows(text string, e int) bool {
	return e+1 < len(text) && text[e] == 'T' && isDigit(text[e+1])
}

// writtenDate validates a written date whose parts are weekday (optional),
// month word, day and year (optional), and adds it with a following clock
// time when there is one.
func writtenDate(text string, idx []int, weekday, month, day, year string, add func(Match)) bool {
	s, e := idx[0], idx[1]
	if !monthCaseOK(month) || (weekday != "" && !monthCaseOK(weekday)) {
		return false
	}
	if !wordBounded(text, s, e) {
		return false
	}
	m := months[strings.ToLower(month)]
	d, _ := strconv.Atoi(day)
	var norm string
	conf := 0.95
	if year != "" {
		y, ok := year4(year)
		if !ok || !validDate(y, m, d) || !numberBounded(text, s, e) {
			return false
		}
		norm = fmt.Sprintf("%04d-%02d-%02d", y, m, d)
	} else {
		if !validDate(2000, m, d) { // a leap year: February 29 is possible
			return false
		}
		// "May 5" is weaker evidence than "May 5, 2010"; a weekday helps.
		conf = 0.7
		if weekday != "" {
			conf = 0.85
		}
		if e+1 < len(text) && isNumSep(text[e]) && isDigit(text[e+1]) {
			return false // "July 13.5", "May 1-3"
		}
		norm = fmt.Sprintf("--%02d-%02d", m, d)
	}
	if sepEnd := dateTimeSep.FindStringIndex(text[e:min(len(text), e+16)]); sepEnd != nil {
		if _, _, _, ok := parseTimeAt(text, e+sepEnd[1]); ok && isDigit(text[e+sepEnd[1]]) {
			conf = min(1, conf+0.05) // a clock time after it: a date, not a name
		}
	}
	add(Match{Start: s, End: e, Confidence: conf, Normalized: norm})
	return true
}

// monthCaseOK applies the capitalisation rule to a month or weekday word:
// English words must start with an upper-case letter ("May", "MAY", not
// "may", which is a verb); French month names may be lower case.
func monthCaseOK(w string) bool {
	if frenchMonth(w) {
		return true
	}
	switch strings.ToLower(w) {
	case "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche":
		return true
	}
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

func year4(s string) (int, bool) {
	y, err := strconv.Atoi(s)
	return y, err == nil && len(s) == 4 && y >= 1000 && y <= 2199
}

func validDate(y, m, d int) bool {
	if m < 1 || m > 12 || d < 1 {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && (y%4 == 0 && (y%100 != 0 || y%400 == 0)) {
		days = 29
	}
	return d <= days
}

// isDateWord reports whether w is a month or weekday word, in any case.
func isDateWord(w string) bool {
	_, ok := lookupWord(dateWords, w)
	return ok
}
