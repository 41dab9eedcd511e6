package mapping

// Kept by the issue 21 ablation (zoo seeds 1-100, 15000-15149): part of
// the annotation factor (which matches count as a type's instances when
// slots are weighed); off, s15034 price_range falls from 1.00 to 0.16.

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// Matches glued to a longer word. A regular expression without word
// boundaries finds its instances inside other words: the "$" of a price
// range's '\${1,4}' in an advert's "from $138". Such a match ends (or
// begins) with punctuation stuck to a letter or a digit: the start of
// another word, not a value of its own. It still marks the words, but
// when slots are weighed it counts for nothing (ownTypes), so that a
// slot of prices does not pass for the price range's place. A match
// ending in a letter or digit is left alone ("240" of "240lbs"), and so is
// a match in an attribute's value: a URL's "/b/11.html" is glued to its
// host by design.

// glued reports whether regex annotation a is glued to a longer word (see
// above).
func glued(a *annotate.Annotation) bool {
	if !gluedMatches || a.Recognizer != "regex" || a.Node == nil || a.End <= a.Start || a.End > len(a.Node.Data) {
		return false
	}
	if p := a.Node.Parent; p != nil && p.Type == html.ElementNode && strings.HasPrefix(p.Data, "@") {
		return false // an attribute's value (annotate.Page.AttrNode)
	}
	s := a.Node.Data
	last, _ := utf8.DecodeLastRuneInString(s[a.Start:a.End])
	if a.End < len(s) && !alnumRune(last) {
		if next, _ := utf8.DecodeRuneInString(s[a.End:]); alnumRune(next) {
			return true
		}
	}
	first, _ := utf8.DecodeRuneInString(s[a.Start:a.End])
	if a.Start > 0 && !alnumRune(first) {
		if prev, _ := utf8.DecodeLastRuneInString(s[:a.Start]); alnumRune(prev) {
			return true
		}
	}
	return false
}

func alnumRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// gluedMatches turns glued on (a switch for the test that shows what it
// does).
var gluedMatches = true
