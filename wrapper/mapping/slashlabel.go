package mapping

import (
	"strings"

	"golang.org/x/net/html"
)

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
