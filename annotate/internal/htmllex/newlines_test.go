package htmllex

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestNewlines: newlines gives what the two ReplaceAll of Text did.
func TestNewlines(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []string{"\r", "\n", "a", " ", "é", "\r\n"}
	for range 20000 {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		s := b.String()
		i := strings.IndexByte(s, '\r')
		if i < 0 {
			continue
		}
		want := strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
		if got := newlines(s, i); got != want {
			t.Fatalf("newlines(%q) = %q, want %q", s, got, want)
		}
	}
}
