package recognizers

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// One fuzz target per predefined recognizer (scripts/fuzz.sh gives each
// its own time), seeded with its table cases and with the other
// recognizers' (a date parser must survive prices). Each checks the Match
// invariants, that a normalised form of valid UTF-8 text is valid UTF-8, a
// confidence in (0,1] and no blank match.
func fuzzPredefined(f *testing.F, name string, own []findCase) {
	var r Recognizer
	for _, in := range Predefined() {
		if in.Name == name {
			r = in.New()
		}
	}
	if r == nil {
		f.Fatalf("no predefined recognizer %q", name)
	}
	for _, tc := range own {
		f.Add(tc.text)
	}
	for _, cases := range allCases() {
		for i, tc := range cases {
			if i%4 == 0 {
				f.Add(tc.text)
			}
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		ms, err := r.Find(text)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkInvariants(t, text, ms)
		for _, m := range ms {
			// Pages reach recognizers as valid UTF-8 (annotate decodes
			// them so); on other bytes the form may carry them through.
			if utf8.ValidString(text) && !utf8.ValidString(m.Normalized) {
				t.Fatalf("%s: normalised form %q is not UTF-8", name, m.Normalized)
			}
			if m.Confidence <= 0 || m.Confidence > 1 {
				t.Fatalf("%s: confidence %v", name, m.Confidence)
			}
			if strings.TrimSpace(text[m.Start:m.End]) == "" {
				t.Fatalf("%s: blank match %q", name, text[m.Start:m.End])
			}
		}
	})
}

func FuzzDate(f *testing.F)    { fuzzPredefined(f, "date", dateCases) }
func FuzzTime(f *testing.F)    { fuzzPredefined(f, "time", timeCases) }
func FuzzPrice(f *testing.F)   { fuzzPredefined(f, "price", priceCases) }
func FuzzISBN(f *testing.F)    { fuzzPredefined(f, "isbn", isbnCases) }
func FuzzISBN10(f *testing.F)  { fuzzPredefined(f, "isbn10", isbnCases) }
func FuzzISBN13(f *testing.F)  { fuzzPredefined(f, "isbn13", isbnCases) }
func FuzzPhone(f *testing.F)   { fuzzPredefined(f, "phone", phoneCases) }
func FuzzEmail(f *testing.F)   { fuzzPredefined(f, "email", emailCases) }
func FuzzURL(f *testing.F)     { fuzzPredefined(f, "url", urlCases) }
func FuzzAddress(f *testing.F) { fuzzPredefined(f, "address", addressCases) }
func FuzzYear(f *testing.F)    { fuzzPredefined(f, "year", yearCases) }
func FuzzNumber(f *testing.F)  { fuzzPredefined(f, "number", numberCases) }
func FuzzPercent(f *testing.F) { fuzzPredefined(f, "percent", percentCases) }
