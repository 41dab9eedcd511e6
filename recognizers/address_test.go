package recognizers

import "testing"

var addressCases = []findCase{
	{"us full", "Visit us at 237 West 42nd Street, New York, NY 10036.", []string{"237 West 42nd Street, New York, NY 10036"}},
	{"us no commas full state", "4 Penn Plaza New York City New York 10001", []string{"4 Penn Plaza New York City New York 10001"}},
	{"street only abbreviated", "Carnegie Hall, 131 W 55th St", []string{"131 W 55th St"}},
	{"street with dot", "at 881 7th Ave. tonight", []string{"881 7th Ave."}},
	{"suite", "1600 Amphitheatre Parkway, Suite 100, Mountain View, CA 94043", []string{"1600 Amphitheatre Parkway, Suite 100, Mountain View, CA 94043"}},
	{"broadway", "1619 Broadway, New York, NY 10019", []string{"1619 Broadway, New York, NY 10019"}},
	{"city state zip alone", "New York, NY 10019", []string{"New York, NY 10019"}},
	{"zip plus four", "Birmingham, AL 35242-4407", []string{"Birmingham, AL 35242-4407"}},
	{"uk", "10 Downing Street, London SW1A 2AA", []string{"10 Downing Street, London SW1A 2AA"}},
	{"french street", "8 rue de Rivoli, 75001 Paris", []string{"8 rue de Rivoli, 75001 Paris"}},
	{"french bis", "Atelier, 12 bis avenue Victor Hugo 75016 Paris", []string{"12 bis avenue Victor Hugo 75016 Paris"}},
	{"french city country", "75008 Paris, France", []string{"75008 Paris, France"}},
	{"no-break spaces", "237\u00a0West 42nd\u00a0Street", []string{"237\u00a0West 42nd\u00a0Street=237 West 42nd Street"}},
	{"multiline", "237 West 42nd Street\nNew York, NY 10036", []string{"237 West 42nd Street\nNew York, NY 10036=237 West 42nd Street New York, NY 10036"}},
	{"street without suffix, full tail", "at 570 Bowery, New York, NY 10036 tonight", []string{"570 Bowery, New York, NY 10036"}},
	{"joining words and directional", "169 Ponce de Leon Ave NE, Atlanta GA 30308", []string{"169 Ponce de Leon Ave NE, Atlanta GA 30308"}},
	{"long directional after suffix", "495 Music Square East, Nashville TN 37203", []string{"495 Music Square East, Nashville TN 37203"}},
	{"ordinal in capitals", "415 West 12Th Street", []string{"415 West 12Th Street"}},
	{"unit after a dotted suffix", "12300 Inwood Rd., #116", []string{"12300 Inwood Rd., #116"}},
	{"bare street line alone", "12270 Inwood", []string{"12270 Inwood"}},
	{"bare street line with directional", "1336 North Galloway", []string{"1336 North Galloway"}},
	{"bare street line, trailing comma", " 88 E Lamar, ", []string{"88 E Lamar"}},
	{"bare street line with a unit", "8387 Wythe, Floor 2", []string{"8387 Wythe, Floor 2"}},
	{"bare street line with a number unit", "2937 Oak, #116", []string{"2937 Oak, #116"}},
	{"street without suffix, unit and full tail", "7463 Clark, Suite 200, San Antonio, TX 78214", []string{"7463 Clark, Suite 200, San Antonio, TX 78214"}},
	// a street line without a suffix, accepted by its structure: a
	// number and name words, then the city line (after a comma or on
	// the next line)
	{"bare street, two-digit number, full tail", "20 Harbor, St. Louis, MO 63199", []string{"20 Harbor, St. Louis, MO 63199"}},
	{"bare street of two words", "12 Harbour View, Portland, OR 97202", []string{"12 Harbour View, Portland, OR 97202"}},
	{"bare street, city on the next line", "12 Harbour View\nSt. Louis, MO 63199", []string{"12 Harbour View\nSt. Louis, MO 63199=12 Harbour View St. Louis, MO 63199"}},
	{"bare street ending in s, full tail", "4898 Tchoupitoulas, New Orleans, LA 70199", []string{"4898 Tchoupitoulas, New Orleans, LA 70199"}},
	{"bare street with an abbreviation and a unit", "5999 Martin Luther King Jr., Floor 2, St. Paul, MN 55102", []string{"5999 Martin Luther King Jr., Floor 2, St. Paul, MN 55102"}},
	{"bare street with a joining word", "88 Ponce de Leon, Atlanta, GA 30308", []string{"88 Ponce de Leon, Atlanta, GA 30308"}},
	{"bare street, UK postcode", "12 Harbour View, Bristol BS1 4DJ", []string{"12 Harbour View, Bristol BS1 4DJ"}},
	// negatives
	{"bare street, city and state without zip", "20 Harbor, St. Louis, MO", nil},
	{"count and words, then a city without zip", "3 Great Books, New York", nil},
	{"bare street of five words", "12 Aa Bb Cc Dd Ee, Portland, OR 97202", []string{"Portland, OR 97202"}},
	{"bare street in lower case", "12 harbour view, Portland, OR 97202", []string{"Portland, OR 97202"}},
	{"bare street in running text", "We moved to 12270 Inwood last year", nil},
	{"count alone", "250 Pages", nil},
	{"count of two words", "100 Customer Reviews", nil},
	{"year and model", "2008 Honda Accord", nil},
	{"short number without directional", "42 Main", nil},
	{"street without suffix nor zip", "570 Bowery, New York", nil},
	{"bare street and unit in running text", "Meet at 8387 Wythe, Floor 2 today", nil},
	{"number and capitalised words", "100 Great Books, Best Sellers", nil},
	{"no street suffix", "100 Best Books of 2010", nil},
	{"suffix without name", "In 2010 Street Fighter", nil},
	{"bare french postcode", "75008 Paris", nil},
	{"postcode-like count", "10000 Titles", nil},
	{"number and words on separate lines", "0 Items\nA Darker Place\n305\nRecommendations\nThe Wild Road", nil},
	{"lower case words", "12 main street", nil},
	{"isbn", "978-0-316-12558-1", nil},
	{"suffix glued", "12 Main Stream", nil},
}

func TestAddress(t *testing.T) { runFindCases(t, "address", addressCases) }

func TestAddressConfidence(t *testing.T) {
	full := confidenceOf(t, "address", "237 West 42nd Street, New York, NY 10036", "237 West 42nd Street, New York, NY 10036")
	street := confidenceOf(t, "address", "131 W 55th St", "131 W 55th St")
	city := confidenceOf(t, "address", "New York, NY 10019", "New York, NY 10019")
	if !(city < street && street < full) {
		t.Fatalf("confidences city/state/zip %v, street %v, full %v: want increasing", city, street, full)
	}
}
