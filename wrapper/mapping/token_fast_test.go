package mapping

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestWordClassesFast: the ASCII tables of splitWords agree with unicode.
func TestWordClassesFast(t *testing.T) {
	for r := rune(0); r < 0x3000; r++ {
		if IsPunct(r) != unicode.IsPunct(r) {
			t.Errorf("isPunct(%q) = %v", r, IsPunct(r))
		}
		if wordSpace(r) != (unicode.IsSpace(r) || r == '\u00a0') {
			t.Errorf("wordSpace(%q) = %v", r, wordSpace(r))
		}
	}
	for _, s := range []string{"a", "é", "\xff", "x\xe2\x82", "€"} {
		r1, w1 := DecodeRune(s)
		r2, w2 := utf8.DecodeRuneInString(s)
		l1, v1 := decodeLastRune(s)
		l2, v2 := utf8.DecodeLastRuneInString(s)
		if r1 != r2 || w1 != w2 || l1 != l2 || v1 != v2 {
			t.Errorf("%q: decodeRune %q %d / %q %d, decodeLastRune %q %d / %q %d", s, r1, w1, r2, w2, l1, v1, l2, v2)
		}
	}
}
