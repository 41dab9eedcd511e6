package annotate

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCollapseEdgesFast: the one-pass fast path of collapseEdges gives
// what collapseSlow (by copying) gives.
func TestCollapseEdgesFast(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	alphabet := []string{" ", " ", "\t", "\n", "\r", "\f", "\v", "a", "b", "é", "\u00a0", "\u2003", "\u0085"}
	for range 50000 {
		var b strings.Builder
		for range r.IntN(9) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		s := b.String()
		for _, k := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
			if got, want := collapseEdges(s, k[0], k[1]), collapseSlow(s, k[0], k[1]); got != want {
				t.Fatalf("collapseEdges(%q, %v, %v) = %q, collapseSlow %q", s, k[0], k[1], got, want)
			}
		}
	}
}
