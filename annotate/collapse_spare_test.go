package annotate

import (
	"math/rand"
	"strings"
	"testing"
)

// TestAppendCollapsed checks the stream's collapsing into the page's spare
// text room (sparser.collapseEdges, appendCollapsed, collapseFast) against
// collapseEdges and collapseSlow on random text with white space of every
// kind, non-ASCII letters and invalid bytes.
func TestAppendCollapsed(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	parts := []string{" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "a", "bc", "é", "日本", "\xff", ",", "x y"}
	for i := 0; i < 50000; i++ {
		var b strings.Builder
		for n := r.Intn(8); n > 0; n-- {
			b.WriteString(parts[r.Intn(len(parts))])
		}
		s := b.String()
		for _, kl := range []bool{false, true} {
			for _, kt := range []bool{false, true} {
				want := collapseEdges(s, kl, kt)
				if t2, ok := collapseFast(s, kl, kt); ok && t2 != want {
					t.Fatalf("collapseFast(%q, %v, %v) = %q, want %q", s, kl, kt, t2, want)
				}
				if got := string(appendCollapsed([]byte("pre"), s, kl, kt)); got != "pre"+collapseSlow(s, kl, kt) {
					t.Fatalf("appendCollapsed(%q, %v, %v) = %q, want %q", s, kl, kt, got, "pre"+collapseSlow(s, kl, kt))
				}
				for _, room := range []int{0, 3, 64} {
					sp := &sparser{spare: make([]byte, 0, room)}
					if got := sp.collapseEdges(s, kl, kt); got != want {
						t.Fatalf("sparser.collapseEdges(%q, %v, %v) with room %d = %q, want %q", s, kl, kt, room, got, want)
					}
				}
			}
		}
	}
}
