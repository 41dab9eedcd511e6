package mapping

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// labelKey is a row label's key: its words lower-cased and joined by
// "_", a "/" between two names written "_" too, since keys become steps
// of paths ("div.@college_univ").
func labelKey(t string) string {
	// ASCII text in one pass and one copy: the words between white space
	// and "/", lower-cased, joined by "_".
	buf := make([]byte, 0, len(t))
	sep := false
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= utf8.RuneSelf:
			return strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(t, "/", " ")), "_"))
		case c == ' ' || c == '/' || '\t' <= c && c <= '\r':
			sep = len(buf) > 0
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		if sep {
			buf = append(buf, '_')
			sep = false
		}
		buf = append(buf, c)
	}
	return string(buf)
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
