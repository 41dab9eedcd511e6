package sod

import (
	"fmt"
	"strings"
	"testing"
)

// TestFormatSharedTypes checks that a type used many times does not make the
// printed tree grow exponentially: large subtrees are printed once.
func TestFormatSharedTypes(t *testing.T) {
	var b strings.Builder
	const depth = 24
	b.WriteString("object = \"t0\"\n")
	for i := range depth {
		fmt.Fprintf(&b, "[tuple.t%d]\na = { type = \"t%d\" }\nb = { type = \"t%d\" }\n", i, i+1, i+1)
	}
	fmt.Fprintf(&b, "[entity.t%d]\nregex = 'x'\n", depth)
	s := mustParse(t, b.String())
	out := s.String()
	if n := strings.Count(out, "\n"); n > 40*depth {
		t.Fatalf("Format printed %d lines for %d types; want a size linear in the SOD", n, depth+1)
	}
	if !strings.Contains(out, "(members as above)") {
		t.Errorf("Format output does not refer to an already printed subtree:\n%s", out)
	}
	// The deepest types are small enough to be repeated in full.
	if got := strings.Count(out, fmt.Sprintf("entity t%d [regex 'x']", depth)); got < 4 {
		t.Errorf("small shared subtrees printed %d times, want them repeated", got)
	}
}

func TestFormatEmpty(t *testing.T) {
	var s *SOD
	if got, want := s.String(), "(empty SOD)\n"; got != want {
		t.Errorf("nil SOD String() = %q, want %q", got, want)
	}
}
