package wrapper

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// labelSlash reports whether the "/"s of a row label's text (trimmed,
// without its colon) join two names of one row ("College/Univ.",
// "ISBN/EAN", "Ht/Wt"): each has a letter right before and right after
// it. A "/" elsewhere ("12/03", "Home / News", "a/"), or a "/" in a text
// holding "://", reads as a value, a path or a breadcrumb, and the text
// is no label. A text without "/" passes.
func labelSlash(t string) bool {
	if strings.Contains(t, "://") {
		return false
	}
	for i := strings.IndexByte(t, '/'); i >= 0; {
		b, _ := utf8.DecodeLastRuneInString(t[:i])
		a, _ := utf8.DecodeRuneInString(t[i+1:])
		if !unicode.IsLetter(b) || !unicode.IsLetter(a) {
			return false
		}
		j := strings.IndexByte(t[i+1:], '/')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return true
}

// labelKey is a row label's key: its words lower-cased and joined by
// "_", a "/" between two names written "_" too, since keys become steps
// of paths ("div.@college_univ").
func labelKey(t string) string {
	return strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(t, "/", " ")), "_"))
}
