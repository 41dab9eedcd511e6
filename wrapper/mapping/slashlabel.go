package mapping

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// LabelSlash reports whether the "/"s of a row label's text (trimmed,
// without its colon) join two names of one row ("College/Univ.",
// "ISBN/EAN", "Ht/Wt"): each has a letter right before and right after
// it. A "/" elsewhere ("12/03", "Home / News", "a/"), or a "/" in a text
// holding "://", reads as a value, a path or a breadcrumb, and the text
// is no label. A text without "/" passes.
func LabelSlash(t string) bool {
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

// colonValues reports whether element k, of the tag of a row's label
// element whose text first ends with ":", is one more value of that
// label rather than the next label of a list: its own text does not
// end with ":" ("<span>No.:</span> <span>41</span> | <span>Point
// Guard</span>": one row, the number and the position its values).
func colonValues(first, k *html.Node) bool {
	if first == nil || !strings.HasSuffix(strings.TrimSpace(first.Data), ":") {
		return false
	}
	t := onlyText(k)
	return t == nil || !strings.HasSuffix(strings.TrimSpace(t.Data), ":")
}
