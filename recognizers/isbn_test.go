package recognizers

import "testing"

var isbnCases = []findCase{
	{"swde ground truth form", ": 9780316125581", []string{"9780316125581"}},
	{"hyphenated 13", "ISBN-13: 978-0-316-12558-1", []string{"978-0-316-12558-1=9780316125581"}},
	{"X check digit", "ISBN-10: 031612558X", []string{"031612558X"}},
	{"hyphenated 10", "0-316-12558-X", []string{"0-316-12558-X=031612558X"}},
	{"plain 10", "ISBN 0306406152", []string{"0306406152"}},
	{"lower x", "031612558x", []string{"031612558x=031612558X"}},
	{"spaces", "978 0 316 12558 1", []string{"978 0 316 12558 1=9780316125581"}},
	{"both forms", "ISBN: 031612558X / 9780316125581", []string{"031612558X", "9780316125581"}},
	{"label before a number run", "Pages 123 031612558X", []string{"031612558X"}},
	{"979 prefix", "9791032300824", []string{"9791032300824"}},
	// negatives
	{"wrong checksum 13", "9780316125582", nil},
	{"wrong checksum 10", "0316125581", nil},
	{"wrong X checksum", "031612559X", nil},
	{"12 digits", "978031612558", nil},
	{"14 digits", "97803161255810", nil},
	{"13 digits without 978/979", "1234567890128", nil},
	{"inside a longer hyphenated run", "1-978-0-316-12558-1", nil},
	{"glued to letters", "SKU9780316125581", nil},
	{"phone", "(212) 555-1234", nil},
	{"date", "2010-04-16", nil},
}

func TestISBN(t *testing.T) { runFindCases(t, "isbn", isbnCases) }

func TestISBNKinds(t *testing.T) {
	text := "031612558X and 9780316125581"
	runFindCases(t, "isbn10", []findCase{{"only 10", text, []string{"031612558X"}}})
	runFindCases(t, "isbn13", []findCase{{"only 13", text, []string{"9780316125581"}}})
	if l, u := confidenceOf(t, "isbn", "ISBN: 031612558X", "031612558X"), confidenceOf(t, "isbn", "id 031612558X", "031612558X"); !(u < l) {
		t.Fatalf("confidence without label %v, want below that with an ISBN label %v", u, l)
	}
}
