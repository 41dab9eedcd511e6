package recognizers

import (
	"regexp"
	"strings"
)

var reURL = regexp.MustCompile(`^(?i)(?:https?://|ftp://|www\.)[^\s<>"'` + "`" + `{}|\\^]+`)

// newURL returns the "url" recognizer: web addresses starting with
// "http://", "https://", "ftp://" or "www." ("https://example.com/a?b=1",
// "www.example.org/books"). Trailing punctuation that ends a sentence
// (".", ",", ";", ":", "!", "?", quotes) and unbalanced closing brackets are
// not part of the URL. Normalized lower-cases the scheme and host and adds
// "http://" before "www.".
func newURL() Recognizer {
	return &predefined{name: "predefined:url", find: findURLs}
}

// findURLs tries the pattern at each scheme ("http://", "https://", "ftp://")
// and each "www.".
func findURLs(text string, add func(Match)) {
	for i := 0; i+4 <= len(text); {
		s := -1
		switch c := text[i] | 0x20; {
		case c == 'h' || c == 'f':
			if hasPrefixFold(text[i:], "http://") || hasPrefixFold(text[i:], "https://") || hasPrefixFold(text[i:], "ftp://") {
				s = i
			}
		case c == 'w':
			if hasPrefixFold(text[i:], "www.") {
				s = i
			}
		}
		if s < 0 {
			i++
			continue
		}
		i++
		idx := matchAt(reURL, text, s, 4096)
		if idx == nil {
			continue
		}
		i = idx[1]
		url(text, idx, add)
	}
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

func url(text string, idx []int, add func(Match)) bool {
	s, e := idx[0], idx[1]
	if r, n := runeBefore(text, s); n > 0 && (isWordRune(r) || r == '.' || r == '/' || r == '@') {
		return false
	}
	e = s + trimURL(text[s:e])
	v := text[s:e]
	scheme := ""
	rest := v
	if i := strings.Index(v, "://"); i >= 0 {
		scheme, rest = strings.ToLower(v[:i+3]), v[i+3:]
	} else {
		scheme = "http://"
	}
	hostEnd := strings.IndexAny(rest, "/?#")
	if hostEnd < 0 {
		hostEnd = len(rest)
	}
	host := rest[:hostEnd]
	if host == "" || (!strings.Contains(strings.Trim(host, "."), ".") && !strings.HasPrefix(strings.ToLower(host), "localhost")) {
		return false
	}
	add(Match{Start: s, End: e, Confidence: 0.95, Normalized: scheme + strings.ToLower(host) + rest[hostEnd:]})
	return true
}

// trimURL returns the length of u without trailing sentence punctuation and
// unbalanced closing brackets ("(see http://x.org/a)." keeps
// "http://x.org/a"; "http://en.wikipedia.org/wiki/Go_(game)" is kept whole).
func trimURL(u string) int {
	n := len(u)
	for n > 0 {
		c := u[n-1]
		switch c {
		case '.', ',', ';', ':', '!', '?', '\'', '"', '*':
			n--
			continue
		case ')', ']':
			open := byte('(')
			if c == ']' {
				open = '['
			}
			if strings.Count(u[:n], string(open)) < strings.Count(u[:n], string(c)) {
				n--
				continue
			}
		}
		break
	}
	return n
}
