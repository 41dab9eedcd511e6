package recognizers

import (
	"regexp"
	"strings"
)

var reEmail = regexp.MustCompile(`^[A-Za-z0-9!#$%&'*+/=?^_{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}`)

// newEmail returns the "email" recognizer: addresses such as
// "jane.doe@example.com" or "sales+books@mail.example.co.uk" (ASCII local
// part and domain, a top-level domain of letters). Normalized lower-cases
// the domain.
func newEmail() Recognizer {
	return &predefined{name: "predefined:email", find: findEmails}
}

// findEmails looks for "@" and tries the pattern from the start of the local
// part before it.
func findEmails(text string, add func(Match)) {
	pos := 0
	for {
		at := strings.IndexByte(text[pos:], '@')
		if at < 0 {
			return
		}
		at += pos
		s := at
		for s > 0 && at-s < 64 && isLocalChar(text[s-1]) {
			s--
		}
		for s < at && text[s] == '.' {
			s++
		}
		pos = at + 1
		if s == at {
			continue
		}
		idx := matchAt(reEmail, text, s, 64+256)
		if idx == nil || idx[1] <= at {
			continue
		}
		e := idx[1]
		pos = e
		// a local part may not be glued to a preceding word character or dot
		if r, n := runeBefore(text, s); n > 0 && (isWordRune(r) || r == '.') {
			continue
		}
		if r, n := runeAt(text, e); n > 0 && (isWordRune(r) || r == '@' || r == '-') {
			continue
		}
		v := text[s:e]
		add(Match{Start: s, End: e, Confidence: 0.95, Normalized: v[:at-s+1] + strings.ToLower(v[at-s+1:])})
	}
}

func isLocalChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || isDigit(c) || c == '.' || strings.IndexByte("!#$%&'*+/=?^_{|}~-", c) >= 0
}
