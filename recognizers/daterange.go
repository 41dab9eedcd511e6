package recognizers

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Date ranges. "Fri, Apr 30 - Mon, May 3, 2010", "April 30 to May 3, 2010",
// "May 1-3, 2010", "1–3 May 2010" and "2010-04-30 – 2010-05-03" are one
// value of a date field: one match spanning both ends, normalised to an
// ISO 8601 interval, "2010-04-30/2010-05-03". An end without year takes
// the other end's ("Apr 30" before "May 3, 2010" is 2010-04-30; "Dec 30"
// before "Jan 2, 2011" is 2010-12-30); when neither has one the interval
// is of days without year ("--04-30/--05-03"). The longer match wins over
// the two dates it covers (resolve), so a field reads the whole range.

// rangeSep is what may stand between the two ends of a range: a dash
// (hyphen, en or em dash, maybe spaced) or a spaced word "to", "through",
// "thru", "until", "till".
var rangeSep = regexp.MustCompile(`^(?:\s*[-–—]\s*|\s+(?i:to|through|thru|until|till)\s+)$`)

// Day ranges within one month: "May 1-3, 2010", "Fri May 1 – Sun 3 2010"
// is not one; "1-3 May 2010", "1st to 3rd May".
var (
	dayRangeMDY = regexp.MustCompile(`^(?i:` + reWeekday + reMonth + `\s+(\d{1,2})` + reOrd + `\s*(?:[-–—]|\s(?:to|through|thru|until|till)\s)\s*(\d{1,2})` + reOrd + `(?:,?\s+(\d{4}))?)`)
	dayRangeDMY = regexp.MustCompile(`^(?i:(\d{1,2})` + reOrd + `\s*(?:[-–—]|\s(?:to|through|thru|until|till)\s)\s*(\d{1,2})` + reOrd + `\s+(?:of\s+)?` + reMonth + `(?:,?\s+(\d{4}))?)`)
)

// Confidence of a range: with a year, that of a full written date; without,
// that of a date with its weekday.
const (
	confRange       = 0.95
	confRangeNoYear = 0.85
)

// day is a calendar day, year 0 when unknown.
type day struct{ y, m, d int }

// parseDay reads a normalised date with a day: "2010-04-30" or "--04-30".
func parseDay(norm string) (day, bool) {
	var x day
	var err error
	switch {
	case len(norm) == 10 && norm[4] == '-' && norm[7] == '-':
		if x.y, err = strconv.Atoi(norm[:4]); err != nil {
			return x, false
		}
		norm = norm[5:]
	case len(norm) == 7 && strings.HasPrefix(norm, "--"):
		norm = norm[2:]
	default:
		return x, false
	}
	if len(norm) != 5 || norm[2] != '-' {
		return x, false
	}
	m, err1 := strconv.Atoi(norm[:2])
	d, err2 := strconv.Atoi(norm[3:])
	if err1 != nil || err2 != nil {
		return x, false
	}
	x.m, x.d = m, d
	return x, true
}

func (x day) before(y day) bool { return x.m < y.m || (x.m == y.m && x.d < y.d) }

func (x day) String() string {
	if x.y == 0 {
		return fmt.Sprintf("--%02d-%02d", x.m, x.d)
	}
	return fmt.Sprintf("%04d-%02d-%02d", x.y, x.m, x.d)
}

// interval returns the ISO interval from a to b, filling a missing year
// from the other end; ok is false when the days are impossible or the
// range runs backwards.
func interval(a, b day) (string, bool) {
	switch {
	case a.y == 0 && b.y != 0:
		a.y = b.y
		if b.before(a) { // "Dec 30 - Jan 2, 2011"
			a.y--
		}
	case b.y == 0 && a.y != 0:
		b.y = a.y
		if b.before(a) {
			b.y++
		}
	}
	if !validDate(max(a.y, 2000), a.m, a.d) || !validDate(max(b.y, 2000), b.m, b.d) {
		return "", false
	}
	if a.y != 0 && (b.y < a.y || b.y == a.y && b.before(a)) {
		return "", false
	}
	if a == b {
		return "", false
	}
	return a.String() + "/" + b.String(), true
}

// maxRangeDates bounds the dates of one text paired into ranges (the
// pairing is quadratic).
const maxRangeDates = 64

// dateRanges adds a range for every two dates of found (the matches of one
// text) that only a range separator parts.
func dateRanges(text string, found []Match, add func(Match)) {
	if len(found) < 2 || len(found) > maxRangeDates {
		return
	}
	for _, a := range found {
		da, ok := parseDay(a.Normalized)
		if !ok {
			continue
		}
		for _, b := range found {
			if b.Start < a.End || b.Start-a.End > 12 || !rangeSep.MatchString(text[a.End:b.Start]) {
				continue
			}
			db, ok := parseDay(b.Normalized)
			if !ok {
				continue
			}
			if norm, ok := interval(da, db); ok {
				conf := confRange
				if strings.HasPrefix(norm, "--") {
					conf = confRangeNoYear
				}
				add(Match{Start: a.Start, End: b.End, Confidence: conf, Normalized: norm})
			}
		}
	}
}

// dayRange adds a range of days within one month matched by re at idx:
// groups weekday, month, first day, last day, year for dayRangeMDY (dmy
// false); first day, last day, month, year for dayRangeDMY.
func dayRange(text string, idx []int, dmy bool, add func(Match)) {
	s, e := idx[0], idx[1]
	var month, d1, d2, year string
	if dmy {
		d1, d2, month, year = group(text, idx, 1), group(text, idx, 2), group(text, idx, 3), group(text, idx, 4)
	} else {
		if wd := group(text, idx, 1); wd != "" && !monthCaseOK(wd) {
			return
		}
		month, d1, d2, year = group(text, idx, 2), group(text, idx, 3), group(text, idx, 4), group(text, idx, 5)
	}
	if !monthCaseOK(month) || !wordBounded(text, s, e) || !numberBounded(text, s, e) {
		return
	}
	m := months[strings.ToLower(month)]
	a, _ := strconv.Atoi(d1)
	b, _ := strconv.Atoi(d2)
	y := 0
	if year != "" {
		var ok bool
		if y, ok = year4(year); !ok {
			return
		}
	}
	if a >= b {
		return // "May 3-1": no range; "May 1-1": one day
	}
	norm, ok := interval(day{y, m, a}, day{y, m, b})
	if !ok {
		return
	}
	conf := confRangeNoYear
	if y != 0 {
		conf = confRange
	}
	add(Match{Start: s, End: e, Confidence: conf, Normalized: norm})
}

// dashFollows reports whether, after the digit run ending at e and an
// ordinal suffix, a dash or a spaced range word follows: a cheap test
// before dayRangeDMY.
func dashFollows(text string, e int) bool {
	j := e
	for j < len(text) && j-e < 2 && 'a' <= text[j] && text[j] <= 'z' {
		j++ // "1st", "2nd"
	}
	k := j
	for k < len(text) && text[k] == ' ' {
		k++
	}
	rest := text[k:]
	if strings.HasPrefix(rest, "-") || strings.HasPrefix(rest, "–") || strings.HasPrefix(rest, "—") {
		return true
	}
	if k == j {
		return false
	}
	for _, w := range []string{"to ", "through ", "thru ", "until ", "till "} {
		if strings.HasPrefix(rest, w) {
			return true
		}
	}
	return false
}
