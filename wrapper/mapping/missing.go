package mapping

import (
	"strings"
	"unicode/utf8"
	"unsafe"
)

// Placeholders: templates write a marker where a value is missing ("N/A",
// "Not available", "—", "TBA") rather than dropping the row. Such a text
// says the value is absent; it is no value of any field. A value that is,
// as a whole, one of the universal missing-value markers below is no
// value (Wrapper.value), unless the field's own types annotate it (a
// dictionary that knows a band called "Unknown"). Slot statistics leave
// such a sample value out, unless some type annotates it, as they leave
// out an empty one (placeholderText): a row that says "N/A" on most pages
// is not "mostly one constant" to the label that names its field.
//
// The markers are a fixed list rather than learned from the sample (a
// text that repeats verbatim across pages while the field's other values
// vary and the recognizer does not know it): a learned rule needs the
// placeholder to recur in the sample (a template draws among several
// markers, each on a few pages), and it would also take a field's
// legitimately frequent value (a format "Paperback", "In stock") for a
// marker. The markers are few and the same from site to site; a text made
// only of punctuation ("-", "—", "?") is no value already (onlyPunct).

// missingMarkers are the normalised (missingKey) texts that stand for an
// absent value.
var missingMarkers = map[string]bool{
	"n/a": true, "n / a": true, "n.a": true, "n. a": true, "n/d": true, "n.d": true,
	"not available": true, "unavailable": true, "not applicable": true,
	"none": true, "unknown": true, "not known": true,
	"tba": true, "tbd": true, "tbc": true,
	"to be announced": true, "to be determined": true, "to be confirmed": true,
	"not specified": true, "unspecified": true, "not provided": true, "not given": true,
	"not listed": true, "not stated": true, "not set": true,
	"no data": true, "no information": true, "no info": true,
	"null": true, "nil": true,
}

// missingKey lower-cases s, collapses its white space and trims brackets,
// dots, colons and the like at its edges ("(Not available)", "N.A.").
func missingKey(s string) string {
	s = strings.Join(strings.Fields(strings.ToLower(s)), " ")
	return strings.Trim(s, missingTrim)
}

// missingMarker reports whether a value text is, as a whole, a marker of
// an absent value ("N/A", "Not available").
func missingMarker(s string) bool {
	// ASCII text is keyed in a buffer on the stack (no strings built):
	// missingKey's words, lower-cased, joined by single spaces, trimmed.
	var arr [64]byte
	buf := arr[:0]
	sep := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf || len(buf) >= len(arr)-1:
			return missingMarkers[missingKey(s)]
		case c == ' ' || '\t' <= c && c <= '\r':
			sep = len(buf) > 0
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		if sep {
			buf = append(buf, ' ')
			sep = false
		}
		buf = append(buf, c)
	}
	return missingMarkers[strings.Trim(unsafe.String(unsafe.SliceData(buf), len(buf)), missingTrim)]
}

// missingTrim are the characters missingKey trims from a key's ends.
const missingTrim = " .:;,()[]{}*_\"'"

// placeholderValue reports whether value tokens [a, b) with text txt are a
// missing-value marker for field f: a marker none of f's types annotates.
func placeholderValue(toks []Token, a, b int, txt string, f FieldSpec) bool {
	if !missingMarker(txt) {
		return false
	}
	for x := a; x < b; x++ {
		for _, t := range f.Types {
			if toks[x].HasType(t) {
				return false
			}
		}
	}
	return true
}

// placeholderText reports whether sample value tokens [a, b) with text
// txt are a missing-value marker that no type annotates: slot statistics
// leave it out as they leave out an empty value.
func placeholderText(toks []Token, a, b int, txt string) bool {
	if !missingMarker(txt) {
		return false
	}
	for x := a; x < b; x++ {
		if len(toks[x].Ann()) > 0 {
			return false
		}
	}
	return true
}
