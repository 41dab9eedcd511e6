package recognizers

import (
	"strings"
	"testing"
	"time"
)

// allCases is every table case of the predefined recognizers: the fuzz seeds.
func allCases() [][]findCase {
	return [][]findCase{dateCases, timeCases, priceCases, isbnCases, phoneCases, emailCases,
		urlCases, addressCases, numberCases, yearCases, percentCases}
}

// FuzzRecognizers runs every predefined recognizer and a memory dictionary
// over arbitrary text and checks the Match invariants: no panic, spans
// within the text, sorted, non-overlapping, valid UTF-8 for valid input.
func FuzzRecognizers(f *testing.F) {
	for _, cases := range allCases() {
		for _, tc := range cases {
			f.Add(tc.text)
		}
	}
	f.Add("Tuesday, July 13 8:00p — $12.99 — ISBN 978-0-316-12558-1 — +33 1 42 68 53 00")
	f.Add("café 4/16/2010 😀 12,99\u00a0€")
	var rs []Recognizer
	for _, in := range Predefined() {
		rs = append(rs, in.New())
	}
	dict, err := NewMemoryDictionaries(map[string][]string{"x": {"Stephen King", "King", "Brontë"}}).Recognizer("x")
	if err != nil {
		f.Fatal(err)
	}
	rs = append(rs, dict)
	f.Fuzz(func(t *testing.T, text string) {
		for _, r := range rs {
			ms, err := r.Find(text)
			if err != nil {
				t.Fatalf("%s: %v", r.Name(), err)
			}
			checkInvariants(t, text, ms)
		}
	})
}

// FuzzRegex compiles arbitrary patterns and runs them with a short timeout.
func FuzzRegex(f *testing.F) {
	seeds := []struct{ pattern, text string }{
		{`\d{13}`, ": 9780316125581"},
		{`[\p{L}]+é`, "un café très épicé"},
		{`x*`, "axxbx"},
		{`ISBN:\s*(?<value>\d+)`, "ISBN: 123"},
		{`(?<=by )\w+`, "by King"},
		{`b`, "a\xffb"},
		{`(a+)+$`, strings.Repeat("a", 30) + "!"},
	}
	for _, s := range seeds {
		f.Add(s.pattern, s.text)
	}
	f.Fuzz(func(t *testing.T, pattern, text string) {
		r, err := NewRegex(pattern, false, 50*time.Millisecond)
		if err != nil {
			return
		}
		ms, err := r.Find(text)
		if err != nil {
			return // a timeout is a legitimate outcome
		}
		checkInvariants(t, text, ms)
	})
}
