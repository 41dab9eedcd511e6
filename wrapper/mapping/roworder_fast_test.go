package mapping

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
)

// firstWordInRef is firstWordIn as first written (decoding every rune).
func firstWordInRef(text string, words []string) bool {
	sep := func(r rune) bool { return unicode.IsSpace(r) || r == '/' }
	text = strings.TrimLeftFunc(text, sep)
	w := text
	if i := strings.IndexFunc(text, sep); i >= 0 {
		w = text[:i]
	}
	if w == "" {
		return false
	}
	for _, x := range words {
		if strings.EqualFold(w, x) || strings.EqualFold(strings.TrimRight(w, ":"), x) {
			return true
		}
	}
	return false
}

// TestFirstWordInFast: the ASCII fast path gives what decoding gives.
func TestFirstWordInFast(t *testing.T) {
	words := []string{"by", "isbn", "pub", "ſtate", "kelvin", "é", ""}
	pieces := []string{"by", "BY", "By:", "isbn:", "ISBN::", "pub", "/", " ", "\t", "\n", "\u00a0", "\u0085", "\u2003", ":", "é", "É", "\u212aelvin", "state", "ſtate", "x", "\xff", "Pub/", "by\u00a0x"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range r.IntN(5) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := firstWordIn(s, words), firstWordInRef(s, words); got != want {
			t.Fatalf("firstWordIn(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestMayStart: the first-byte filter of hot never drops a text whose
// first word is a learned one (case folding included: "K" and the Kelvin
// sign, "s" and the long s).
func TestMayStart(t *testing.T) {
	for _, words := range [][]string{{"by", "isbn", "pub", "ſtate", "kelvin", "é"}, {"\u212aelvin", "x"}, {"by", ""}} {
		ro := &rowOrder{keys: map[string]bool{}}
		for _, w := range words {
			ro.keys[w+"_label"] = true
		}
		ro.withFirst()
		pieces := []string{"by", "BY", "By:", "isbn:", "ISBN::", "pub", "/", " ", "\t", "\n", "\u00a0", ":", "é", "É", "\u212aelvin", "Kelvin", "state", "State", "ſtate", "x", "\xff", "Pub/", "by\u00a0x"}
		r := rand.New(rand.NewPCG(3, 4))
		dropped := 0
		for range 20000 {
			var b strings.Builder
			for range r.IntN(5) {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
			s := b.String()
			if ro.filter && !ro.mayStart(s) {
				dropped++
				if firstWordIn(s, ro.first) {
					t.Fatalf("words %q: mayStart(%q) = false, but its first word is one", words, s)
				}
			}
		}
		if ro.filter && dropped == 0 {
			t.Errorf("words %q: the filter dropped nothing", words)
		}
	}
}
