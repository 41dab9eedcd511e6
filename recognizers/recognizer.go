package recognizers

// Match is one instance of an entity type found in a text.
type Match struct {
	// Start and End are byte offsets into the text given to Find; text[Start:End]
	// is the matched value.
	Start, End int
	// Recognizer names what matched, e.g. "regex", "predefined:date",
	// "dictionary:author".
	Recognizer string
	// Confidence in (0,1]: how sure the recognizer is that this is an instance.
	Confidence float64
	// Normalized is an optional canonical form (ISO date, numeric price, ISBN digits).
	Normalized string
}

// Recognizer finds the instances of one entity type in a text.
type Recognizer interface {
	// Name identifies the recognizer in matches and messages.
	Name() string
	// Find returns the matches in text, in order of Start, non-overlapping.
	// It fails only when the search itself cannot complete (a regex timeout).
	Find(text string) ([]Match, error)
}

// ValueChecker is implemented by recognizers whose instances, once taken
// out of the text they were found in, are not recognised again by Find: a
// Regex whose group "value" is the instance (`(?<value>\d+) pages` gives
// "320", in which the whole pattern finds nothing). CheckValue reports
// whether an extracted value is an instance of the type.
type ValueChecker interface {
	CheckValue(value string) (bool, error)
}

// Recognizes reports whether value is an instance of r's type: Find finds
// an instance in it, or, for a ValueChecker, CheckValue accepts it. It
// fails only when the search cannot complete.
func Recognizes(r Recognizer, value string) (bool, error) {
	ms, err := r.Find(value)
	if err == nil && len(ms) > 0 {
		return true, nil
	}
	if vc, ok := r.(ValueChecker); ok {
		return vc.CheckValue(value)
	}
	return false, err
}

// Dictionaries serves isInstanceOf recognizers, one per dictionary class.
// The dictionaries package implements it over its Bleve store.
type Dictionaries interface {
	// Recognizer returns a recognizer for the entries of class.
	Recognizer(class string) (Recognizer, error)
}
