package wrapper

import "strings"

// A page that has no value for an optional field often says so where the
// value would be: "N/A", "Not available", "Unknown", "TBD". A dictionary
// field's value is the slot's text, so the marker would become the
// field's value (a college "N/A"). A text that is, as a whole, such a
// marker is no value of a dictionary field, unless the field's own
// dictionary knows it there (the user asked for it). Patterned fields
// need no list: the marker is no instance of their pattern.

// noValueMarkers are the lower-cased texts that say a value is missing.
var noValueMarkers = map[string]bool{
	"n/a": true, "n.a.": true, "na": true, "not available": true, "not applicable": true,
	"unknown": true, "none": true, "tbd": true, "tba": true, "not listed": true,
	"not specified": true, "unavailable": true,
}

// noValue reports whether text is, as a whole, a missing-value marker.
func noValue(text string) bool {
	return noValueMarkers[strings.ToLower(strings.Trim(strings.TrimSpace(text), "()[]"))]
}

// annotatedAs reports whether some token of [a, b) carries an annotation
// of one of types.
func annotatedAs(toks []token, a, b int, types []string) bool {
	for x := a; x < b && x < len(toks); x++ {
		for _, an := range toks[x].ann {
			if contains(types, an.Type) {
				return true
			}
		}
	}
	return false
}
