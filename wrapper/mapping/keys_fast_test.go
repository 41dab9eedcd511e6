package mapping

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
)

// TestKeysFast: the one-pass ASCII paths of labelKey, missingMarker and
// labelDigits give what the string functions they replace give.
func TestKeysFast(t *testing.T) {
	labelKeyRef := func(t string) string {
		return strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(t, "/", " ")), "_"))
	}
	labelDigitsRef := func(t string) bool {
		ws := strings.Fields(t)
		nums := 0
		for i, w := range ws {
			if strings.IndexFunc(w, unicode.IsDigit) < 0 {
				continue
			}
			nums++
			d := strings.IndexFunc(w, unicode.IsDigit)
			letters, digits := strings.TrimSuffix(w[:d], "-"), w[d:]
			if strings.Trim(digits, "0123456789") != "" || len(digits) > 3 {
				return false
			}
			if letters == "" {
				if i == 0 || !onlyLetters(ws[i-1]) {
					return false
				}
				continue
			}
			if len(letters) < 2 || !onlyLetters(letters) {
				return false
			}
		}
		return nums <= 2
	}
	pieces := []string{"N/A", "n/a", "Not", "available", " ", "  ", "\t", "\n", "\r\n", "\v", "/", "ISBN", "13", "ISBN-10", "-", "Pub", "Date", ":", ".", "(", ")", "\u00a0", "é", "Ä", "tba", "TBA", "_", "\"", "x", "1234", "Vol", "2"}
	r := rand.New(rand.NewPCG(7, 8))
	markers, digits := 0, 0
	for _, s := range []string{"", "N/A", " Not available ", "(n/a)", "—", "TBA."} {
		if missingMarker(s) != missingMarkers[missingKey(s)] {
			t.Fatalf("missingMarker(%q) differs", s)
		}
	}
	for range 50000 {
		var b strings.Builder
		for range r.IntN(6) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := labelKey(s), labelKeyRef(s); got != want {
			t.Fatalf("labelKey(%q) = %q, want %q", s, got, want)
		}
		got, want := missingMarker(s), missingMarkers[missingKey(s)]
		if got != want {
			t.Fatalf("missingMarker(%q) = %v, want %v", s, got, want)
		}
		if got {
			markers++
		}
		d := labelDigits(s)
		if d != labelDigitsRef(s) {
			t.Fatalf("labelDigits(%q) = %v", s, d)
		}
		if !d {
			digits++
		}
	}
	if markers == 0 || digits == 0 {
		t.Fatalf("weak test: %d markers, %d refused labels", markers, digits)
	}
	long := strings.Repeat("n/a ", 30)
	if missingMarker(long) != missingMarkers[missingKey(long)] {
		t.Fatal("long text differs")
	}
}
