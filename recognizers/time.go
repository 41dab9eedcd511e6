package recognizers

import (
	"fmt"
	"strings"
	"unicode"
)

// newTime returns the "time" recognizer: clock times such as "8:00p",
// "8:00pm", "20:30", "7 PM", "10:30 a.m.", "20h30". Normalized is 24-hour
// "HH:MM" (or "HH:MM:SS"). A bare "20:30" without am/pm gets a lower
// confidence (it may be a score or a ratio).
func newTime() Recognizer {
	return &predefined{name: "predefined:time", find: findTimes}
}

func findTimes(text string, add func(Match)) {
	for i := 0; i < len(text); i++ {
		if !isDigit(text[i]) || (i > 0 && isDigit(text[i-1])) {
			continue
		}
		// not glued to a word or continuing a number ("1.8:30", "v2")
		if r, n := runeBefore(text, i); n > 0 && isWordRune(r) {
			continue
		}
		if i >= 2 && isNumSep(text[i-1]) && text[i-1] != '-' && isDigit(text[i-2]) {
			continue // a dash is allowed: "7:30-9:30pm"
		}
		end, norm, conf, ok := parseTimeAt(text, i)
		if !ok {
			continue
		}
		add(Match{Start: i, End: end, Confidence: conf, Normalized: norm})
		i = end - 1
	}
}

// ampm suffixes, longest first. The single letters are accepted only right
// after the minutes ("8:00p"), never after a space ("at 8:00 a band…").
var ampmSuffixes = []string{"a.m.", "p.m.", "a. m.", "p. m.", "am", "pm", "a", "p"}

// parseTimeAt parses a clock time that starts at byte i of text. It returns
// the end of the time, its 24-hour normalized form and a confidence.
func parseTimeAt(text string, i int) (end int, norm string, conf float64, ok bool) {
	j := i
	hour, nd := readDigits(text, j, 2)
	if nd == 0 || (j+nd < len(text) && isDigit(text[j+nd])) {
		return 0, "", 0, false
	}
	j += nd
	minute, second := 0, -1
	hasMinutes := false
	if j+2 < len(text) && (text[j] == ':' || text[j] == 'h' || text[j] == 'H') {
		if m, n := readDigits(text, j+1, 2); n == 2 && !(j+3 < len(text) && isDigit(text[j+3])) {
			minute, hasMinutes = m, true
			j += 3
			if text[j-3] == ':' && j+2 < len(text) && text[j] == ':' {
				if s, n := readDigits(text, j+1, 2); n == 2 && !(j+3 < len(text) && isDigit(text[j+3])) {
					second = s
					j += 3
				}
			}
		}
	}
	// am/pm suffix
	pm, am := false, false
	k := j
	space := 0
	if k < len(text) && text[k] == ' ' {
		space = 1
	} else if strings.HasPrefix(text[k:], "\u00a0") {
		space = 2
	}
	for _, suf := range ampmSuffixes {
		if len(suf) == 1 && (space > 0 || !hasMinutes) {
			continue
		}
		p := k + space
		if len(text)-p < len(suf) || !strings.EqualFold(text[p:p+len(suf)], suf) {
			continue
		}
		if r, n := runeAt(text, p+len(suf)); n > 0 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			continue
		}
		if c := suf[0] | 0x20; c == 'p' {
			pm = true
		} else {
			am = true
		}
		j = p + len(suf)
		break
	}
	switch {
	case !hasMinutes && !am && !pm:
		return 0, "", 0, false
	case am || pm:
		if hour < 1 || hour > 12 {
			return 0, "", 0, false
		}
		if pm && hour != 12 {
			hour += 12
		} else if am && hour == 12 {
			hour = 0
		}
		conf = 0.95
	default:
		if hour > 23 {
			return 0, "", 0, false
		}
		conf = 0.7
		// "12:30" must stand alone: not "12:30:4", "12:30.5", "12:30pm3", "12:30x"
		if r, n := runeAt(text, j); n > 0 && isWordRune(r) {
			return 0, "", 0, false
		}
		if j+1 < len(text) && isNumSep(text[j]) && text[j] != '-' && isDigit(text[j+1]) {
			return 0, "", 0, false
		}
	}
	if minute > 59 || second > 59 {
		return 0, "", 0, false
	}
	norm = fmt.Sprintf("%02d:%02d", hour, minute)
	if second >= 0 {
		norm += fmt.Sprintf(":%02d", second)
	}
	return j, norm, conf, true
}

// readDigits reads up to max ASCII digits at text[i:] and returns their value
// and count.
func readDigits(text string, i, max int) (v, n int) {
	for n < max && i+n < len(text) && isDigit(text[i+n]) {
		v = v*10 + int(text[i+n]-'0')
		n++
	}
	return v, n
}
