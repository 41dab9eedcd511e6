package mapping

import (
	"slices"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// Note is a warning the wrapper can give about its own mapping: a field
// it abstained on, a multiplicity the pages contradict. The run's
// diagnostics (objectrunner.Diagnose) carry them.
type Note struct {
	// Kind is one of the Note… constants.
	Kind string
	// Field is the field's path ("" for the SOD's objects).
	Field string
	// Message says what was seen, readably.
	Message string
}

// Kinds of Note.
const (
	// NoteMultiplicity: a field declared single whose values hold several
	// instances of its type (or whose slot holds several values) on many
	// sample pages: its multiplicity is likely "+" or "*".
	NoteMultiplicity = "multiplicity"
	// NoteObjects: the SOD wants one object per page, and most of its
	// mandatory single fields show several values per page.
	NoteObjects = "objects-multiplicity"
	// NoteAbstained: no candidate slot was clearly best for a field,
	// which was left empty (abstain.go).
	NoteAbstained = "abstained"
	// NoteAmbiguous: a field's slot won over a close rival holding other
	// values; the winner is kept (abstain.go).
	NoteAmbiguous = "ambiguous"
	// NoteOtherType: most of a field's sample values are recognised as
	// another field's type and not as its own.
	NoteOtherType = "other-type"
	// NoteBeside: elements like a set field's items, beside them, are
	// not extracted on many sample objects: items may be missing.
	NoteBeside = "items-beside"
)

// Thresholds of Notes.
const (
	// MultiShare: a single field shows several instances on at least
	// this share of the sample pages where it has a value (and on two
	// pages or more).
	MultiShare = 0.3
)

// MostOther returns the most counted type of m (ties: the first by name).
func MostOther(m map[string]int) (string, int) {
	best, n := "", 0
	for t, c := range m {
		if c > n || (c == n && t < best) {
			best, n = t, c
		}
	}
	return best, n
}

// LikeSiblings reports whether element e has a sibling element of its tag.
func LikeSiblings(e *html.Node) bool {
	if e.Type != html.ElementNode || e.Parent == nil {
		return false
	}
	for k := e.Parent.FirstChild; k != nil; k = k.NextSibling {
		if k != e && k.Type == html.ElementNode && k.Data == e.Data {
			return true
		}
	}
	return false
}

// Instances counts the distinct annotations of types over tokens [a, b).
func Instances(toks []Token, a, b int, types []string) int {
	seen := map[*annotate.Annotation]bool{}
	for x := a; x < b; x++ {
		for _, an := range toks[x].Ann {
			if slices.Contains(types, an.Type) {
				seen[an] = true
			}
		}
	}
	return len(seen)
}

// AnnotatedUnder reports whether a text node under n is annotated with
// one of types.
func AnnotatedUnder(n *html.Node, typed map[*html.Node][]string, types []string) bool {
	if n.Type == html.TextNode {
		for _, t := range typed[n] {
			if slices.Contains(types, t) {
				return true
			}
		}
		return false
	}
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		if AnnotatedUnder(k, typed, types) {
			return true
		}
	}
	return false
}

// OtherTyped returns the types, other than types, annotated over tokens
// [a, b): a type of a name field wherever it falls, a patterned type
// (patterned) only when its instance is its text node's whole text (a
// model number's regex finds one in many product names).
func OtherTyped(toks []Token, a, b int, types []string, patterned map[string]bool) []string {
	var out []string
	for x := a; x < b; x++ {
		for _, an := range toks[x].Ann {
			if (an.Whole || !patterned[an.Type]) && !slices.Contains(types, an.Type) && !slices.Contains(out, an.Type) {
				out = append(out, an.Type)
			}
		}
	}
	return out
}

// TagShape is the sequence of element tags below n, in document order.
func TagShape(n *html.Node) string {
	var b strings.Builder
	var walk func(x *html.Node)
	walk = func(x *html.Node) {
		for k := x.FirstChild; k != nil; k = k.NextSibling {
			if k.Type == html.ElementNode {
				b.WriteString(k.Data)
				b.WriteByte(' ')
				walk(k)
			}
		}
	}
	walk(n)
	return b.String()
}
