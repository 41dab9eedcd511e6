package mapping

import (
	"github.com/objectrunner/objectrunner/recognizers"
)

// LongerInstance reports whether recognizer r finds, in the text of
// tokens [a, e), an instance that starts inside [a, b) and is longer than
// the longest it finds in [a, b).
func LongerInstance(r recognizers.Recognizer, toks []Token, a, b, e int) bool {
	if e <= b {
		return false
	}
	own, _, _ := ValueText(toks, a, b)
	ext, _, _ := ValueText(toks, a, e)
	m0, ok0 := LongestMatch(r, own)
	m1, ok1 := LongestMatch(r, ext)
	return ok1 && m1[0] < len(own) && (!ok0 || m1[1]-m1[0] > m0[1]-m0[0])
}
