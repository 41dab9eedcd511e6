package recognizers

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

var usStates = []string{
	"AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA",
	"KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM",
	"NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA",
	"WV", "WI", "WY", "PR",
	"Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
	"District of Columbia", "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa",
	"Kansas", "Kentucky", "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota",
	"Mississippi", "Missouri", "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey",
	"New Mexico", "New York", "North Carolina", "North Dakota", "Ohio", "Oklahoma", "Oregon",
	"Pennsylvania", "Rhode Island", "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah",
	"Vermont", "Virginia", "Washington", "West Virginia", "Wisconsin", "Wyoming", "Puerto Rico",
}

var streetSuffixes = []string{
	"Street", "St", "Avenue", "Ave", "Av", "Road", "Rd", "Boulevard", "Blvd", "Drive", "Dr",
	"Lane", "Ln", "Place", "Pl", "Plaza", "Way", "Court", "Ct", "Parkway", "Pkwy", "Square", "Sq",
	"Terrace", "Ter", "Highway", "Hwy", "Circle", "Cir", "Trail", "Trl", "Alley",
	"Crescent", "Gardens", "Expressway", "Expy", "Turnpike", "Pike", "Mews",
}

const (
	// sp separates the words of a street: spaces, never a line break (a
	// number at the end of one line and words on the next are not a street).
	sp        = `[ \t\x{a0}]+`
	reCity    = `((?:[A-Z][a-z]+\.?\s+){0,2}[A-Z][a-z]+)`
	reZip     = `(\d{5}(?:-\d{4})?)`
	reUKPost  = `([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})`
	reFrWord  = `[A-ZÀ-Ý][\p{L}'’-]*`
	reFrCity  = `(` + reFrWord + `(?:[ -]` + reFrWord + `)*)`
	reFrJoins = `(?:de\s+la|de\s+l'|de|du|des|d'|la|le|les|l'|et|aux|sur|en)`
	// reDir is a directional before a street name.
	reDir = `(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)`
	// reNameWord is one word of a street name: capitalised or an ordinal.
	reNameWord = `(?:[A-Z][A-Za-z'’.-]*|\d{1,4}(?i:st|nd|rd|th))`
	// reNameJoin is a lower-case word inside a street name ("Ponce de Leon").
	reNameJoin = `de|del|de la|la|le|los|las|of|the|van|von|du|da|di`
	// reUnit is a unit after a street: ", Suite 200", " #116".
	reUnit = `,?\s+(?:Suite|Ste|Apt|Unit|Floor|Fl|Room|Rm|#)\.?\s*#?[A-Za-z0-9-]+`
)

var (
	reState = `(` + alternation(usStates) + `)\b`
	// "237 West 42nd Street", "131 W 55th St", "4 Penn Plaza", "1619 Broadway",
	// "1 Avenue of the Americas"
	// "169 Ponce de Leon Ave NE", "495 Music Square East": lower-case
	// joining words between the name's words, a directional after the suffix.
	addrStreet = regexp.MustCompile(`^[1-9]\d{0,5}[A-Z]?(?:-\d{1,5})?` + sp + `(?:` + reDir + `\.?` + sp + `)?` +
		`(?:(?:` + reNameWord + sp + `(?:(?:` + reNameJoin + `)` + sp + `)?){1,4}(?:` + alternation(streetSuffixes) + `)\b\.?` +
		`(?:` + sp + `(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)\b\.?)?` +
		`|Broadway|(?:Avenue|Ave\.?)` + sp + `(?:of` + sp + `the` + sp + `)?[A-Z][A-Za-z]*)`)
	// "570 Bowery", "12 Harbour View", "5999 Martin Luther King Jr.": a
	// street line without a suffix (a number and one to four name
	// words), only accepted when a full ", City, ST 12345" or a UK
	// postcode line follows, after a comma or on the next line (see
	// bareStreet). Group 1 is the street.
	addrBareStreet = regexp.MustCompile(`^([1-9]\d{0,5}[A-Z]?` + sp + `(?:` + reDir + `\.?` + sp + `)?[A-Z][a-z]+\.?` +
		`(?:` + sp + `(?:(?:` + reNameJoin + `)` + sp + `)?` + reNameWord + `){0,3})(?:,|[ \t]*\r?\n)`)
	// "12270 Inwood", "1336 North Galloway": a street line without a
	// suffix, only accepted as the whole text (see wholeBareStreet).
	// A unit may follow it: "8387 Wythe, Floor 2".
	addrWholeBareStreet = regexp.MustCompile(`^([1-9]\d{0,5})[A-Z]?` + sp + `(` + reDir + `\.?` + sp + `)?` +
		`([A-Z][a-z]+(?:` + sp + `[A-Z][a-z]+){0,2})(?:` + reUnit + `)?$`)
	addrUnit = regexp.MustCompile(`^` + reUnit)
	// ", New York, NY 10036", " New York City New York 10001"
	addrTailUS = regexp.MustCompile(`^,?\s+` + reCity + `,?\s+` + reState + `(?:,?\s+` + reZip + `)?`)
	// ", London SW1A 2AA"
	addrTailUK = regexp.MustCompile(`^,?\s+(?:` + reCity + `,?\s+)?` + reUKPost)
	// "New York, NY 10019"
	addrCityStateZip = regexp.MustCompile(reCity + `,\s+` + reState + `,?\s+` + reZip + `$`)
	// "8 rue de Rivoli, 75001 Paris", "10 avenue des Champs-Élysées 75008 Paris"
	addrFrench = regexp.MustCompile(`^\d{1,4}(?:\s?(?:bis|ter))?,?\s+(?i:rue|avenue|av\.|boulevard|bd|place|quai|allée|impasse|chemin|cours|route)\s+` +
		`(?:` + reFrJoins + `\s*)?` + reFrWord + `(?:\s+(?:` + reFrJoins + `\s*)?` + reFrWord + `)*` +
		`(?:,?\s+(\d{5})\s+` + reFrCity + `(?:\s+(?i:cedex))?)?`)
	// "75008 Paris, France"
	addrFrenchCity = regexp.MustCompile(`^(\d{5})\s+` + reFrCity + `,?\s+France`)
)

// newAddress returns the "address" recognizer: postal addresses in running
// text.
//   - US street addresses, optionally with unit, city, state and zip:
//     "237 West 42nd Street, New York, NY 10036",
//     "4 Penn Plaza New York City New York 10001", "131 W 55th St";
//     street names with lower-case joining words and a directional after
//     the suffix: "169 Ponce de Leon Ave NE, Atlanta GA 30308",
//     "495 Music Square East, Nashville TN 37203"; a street without a
//     suffix only with a full ", City, ST 12345" after it:
//     "570 Bowery, New York, NY 10036"; or standing alone as the whole
//     text, the first line of an address written over two lines
//     ("12270 Inwood", "1336 North Galloway"; see wholeBareStreet);
//   - US city, state and zip alone: "New York, NY 10019";
//   - UK street addresses with postcode: "10 Downing Street, London SW1A 2AA";
//   - French street addresses "8 rue de Rivoli, 75001 Paris" and
//     "75008 Paris, France". A bare "75008 Paris" is not matched: it reads
//     like "10000 Titles".
//
// Confidence reflects completeness: 0.95 with street, city, state and zip;
// 0.75 for a street alone; 0.6 for a city, state and zip alone; 0.5 for a
// street line without a suffix.
// Normalized is the address with its whitespace collapsed.
func newAddress() Recognizer {
	return &predefined{name: "predefined:address", find: findAddresses}
}

// findAddresses tries the street patterns at each number that may start an
// address, and the city-state-zip pattern before each zip code.
func findAddresses(text string, add func(Match)) {
	emit := func(s, e int, conf float64) {
		add(Match{Start: s, End: e, Confidence: conf, Normalized: strings.Join(strings.Fields(text[s:e]), " ")})
	}
	for i := 0; i < len(text); {
		if !isDigit(text[i]) {
			i++
			continue
		}
		s, e := i, digitRunEnd(text, i)
		i = e
		if !numberStarts(text, s) || e-s > 6 {
			continue
		}
		if e-s == 5 {
			zipEnd := e
			if e+5 <= len(text) && text[e] == '-' && digitRunEnd(text, e+1) == e+5 {
				zipEnd = e + 5 // ZIP+4
			}
			if numberEnds(text, zipEnd) {
				cityStateZip(text, s, zipEnd, emit)
			}
			if idx := matchAt(addrFrenchCity, text, s, 96); idx != nil && wordEnds(text, idx[1]) {
				emit(s, idx[1], 0.6)
			}
		}
		if !streetFollows(text, e) {
			continue
		}
		if idx := matchAt(addrStreet, text, s, 160); idx != nil {
			street(text, idx[1], s, emit)
		} else {
			if idx := matchAt(addrBareStreet, text, s, 80); idx != nil {
				bareStreet(text, idx[3], s, emit)
			}
			wholeBareStreet(text, s, emit)
		}
		if idx := matchAt(addrFrench, text, s, 200); idx != nil && wordEnds(text, idx[1]) {
			conf := 0.75
			if idx[2] >= 0 {
				conf = 0.9
			}
			emit(s, idx[1], conf)
		}
	}
}

// streetFollows reports whether the number ending at e may start a street
// address: an optional letter ("12B") or "-number", then a space and a
// letter. A cheap test before the street patterns.
func streetFollows(text string, e int) bool {
	if e < len(text) && 'A' <= text[e] && text[e] <= 'Z' {
		e++
	}
	if e < len(text) && text[e] == '-' {
		e = digitRunEnd(text, e+1)
	}
	if t := strings.TrimPrefix(text[e:], " "); strings.HasPrefix(t, "bis") || strings.HasPrefix(t, "ter") {
		e = len(text) - len(t) + 3 // French "8 bis rue …"
	}
	if e < len(text) && text[e] == ',' {
		e++ // French "8, rue …"
	}
	n := 0
	for w := streetSpace(text, e); w > 0; w = streetSpace(text, e) {
		e += w
		n++
	}
	if n == 0 || e >= len(text) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text[e:])
	return unicode.IsLetter(r) || isDigit(text[e])
}

// streetSpace returns the width of the space, tab or no-break space at e, or 0.
func streetSpace(text string, e int) int {
	switch {
	case e < len(text) && (text[e] == ' ' || text[e] == '\t'):
		return 1
	case strings.HasPrefix(text[e:], "\u00a0"):
		return len("\u00a0")
	}
	return 0
}

// street extends the street address text[s:e] with a unit and a city, state
// and zip or a UK postcode, and emits it.
func street(text string, e, s int, emit func(s, e int, conf float64)) {
	if !wordEnds(text, e) {
		return
	}
	conf := 0.75
	if loc := addrUnit.FindStringIndex(text[e:min(len(text), e+40)]); loc != nil && wordEnds(text, e+loc[1]) {
		e += loc[1]
	}
	tail := text[e:min(len(text), e+120)]
	if loc := addrTailUS.FindStringSubmatchIndex(tail); loc != nil && wordEnds(text, e+loc[1]) {
		conf = 0.9
		if loc[6] >= 0 {
			conf = 0.95
		}
		e += loc[1]
	} else if loc := addrTailUK.FindStringIndex(tail); loc != nil && wordEnds(text, e+loc[1]) {
		conf = 0.9
		e += loc[1]
	}
	emit(s, e, conf)
}

// bareStreet emits text[s:e], a street without a suffix ("570 Bowery"),
// extended with an optional unit and a city line, which must follow: a
// city, state and zip code, or a UK postcode. The street is accepted by
// its structure (a number and name words, then the address's city line)
// rather than by a suffix word; without the city line a number and
// capitalised words are too common in running text ("100 Great Books").
func bareStreet(text string, e, s int, emit func(s, e int, conf float64)) {
	if !wordEnds(text, e) {
		return
	}
	if loc := addrUnit.FindStringIndex(text[e:min(len(text), e+40)]); loc != nil && wordEnds(text, e+loc[1]) {
		e += loc[1] // "7463 Clark, Suite 200, San Antonio, TX 78214"
	}
	tail := text[e:min(len(text), e+120)]
	if loc := addrTailUS.FindStringSubmatchIndex(tail); loc != nil && loc[6] >= 0 && wordEnds(text, e+loc[1]) {
		emit(s, e+loc[1], 0.9)
	} else if loc := addrTailUK.FindStringIndex(tail); loc != nil && wordEnds(text, e+loc[1]) {
		emit(s, e+loc[1], 0.9) // "12 Harbour View, Bristol BS1 4DJ"
	}
}

// confWholeBareStreet is the confidence of a street line without a suffix
// standing alone as a text ("12270 Inwood").
const confWholeBareStreet = 0.5

// wholeBareStreet emits a street line without a suffix that is the whole
// text from s (apart from trailing punctuation and space), as the first
// line of an address written over two lines ("12270 Inwood<br>Dallas, TX
// 75219"), maybe with a unit ("8387 Wythe, Floor 2"): a number and one to
// three capitalised words, with a number of
// three digits or more or a directional ("1336 North Galloway"), and not
// a count ("250 Pages", "100 Customer Reviews": a last word in a plural
// "s" without a directional) nor a year ("2008 Honda Accord").
func wholeBareStreet(text string, s int, emit func(s, e int, conf float64)) {
	if strings.TrimSpace(text[:s]) != "" {
		return
	}
	rest := strings.TrimRightFunc(text[s:], func(r rune) bool { return unicode.IsSpace(r) || r == '.' || r == ',' })
	m := addrWholeBareStreet.FindStringSubmatch(rest)
	if m == nil {
		return
	}
	num, dir, name := m[1], m[2], m[3]
	if dir == "" && len(num) < 3 {
		return
	}
	if n := len(num); n == 4 && num >= "1900" && num <= "2039" {
		return
	}
	if dir == "" && strings.HasSuffix(name, "s") {
		return
	}
	emit(s, s+len(rest), confWholeBareStreet)
}

// cityStateZip emits "City, ST 12345" ending with the zip code text[zs:ze].
func cityStateZip(text string, zs, ze int, emit func(s, e int, conf float64)) {
	from := max(0, zs-64)
	for from > 0 && !utf8.RuneStart(text[from]) {
		from--
	}
	idx := addrCityStateZip.FindStringIndex(text[from:ze])
	if idx == nil {
		return
	}
	s := from + idx[0]
	if r, n := runeBefore(text, s); n > 0 && isWordRune(r) {
		return
	}
	emit(s, ze, 0.6)
}
