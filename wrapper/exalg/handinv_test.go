package exalg

import (
	"sort"
	"strings"
	"testing"
)

// letters turns page strings like "ABAB CD" into role sequences (A=0 …);
// spaces and parentheses are ignored.
func letters(pages ...string) [][]int32 {
	var out [][]int32
	for _, p := range pages {
		var s []int32
		for _, r := range p {
			if r >= 'A' && r <= 'Z' {
				s = append(s, r-'A')
			}
		}
		out = append(out, s)
	}
	return out
}

func class(seqs [][]int32, members string) *eqClass {
	c := &eqClass{}
	for _, r := range members {
		c.members = append(c.members, r-'A')
	}
	for _, s := range seqs {
		n := int32(0)
		for _, r := range s {
			if r == c.members[0] {
				n++
			}
		}
		c.vec = append(c.vec, n)
	}
	return c
}

func names(cs []*eqClass) string {
	var parts []string
	for _, c := range cs {
		var b strings.Builder
		for _, m := range c.members {
			b.WriteRune('A' + m)
		}
		parts = append(parts, b.String())
	}
	sort.Strings(parts)
	return "{" + strings.Join(parts, "} {") + "}"
}

func TestHandinvAppendixA(t *testing.T) {
	for _, tc := range []struct {
		name    string
		pages   []string
		classes []string
		want    string
	}{
		// Example A.1: {A,B,C,D} is almost-ordered, split into {A,B} and {C,D}.
		{"A.1 almost-ordered", []string{"ABABCD", "ABCD", "ABABABCD"}, []string{"ABCD"}, "{AB} {CD}"},
		// A class that is neither ordered nor almost-ordered is dropped.
		{"unordered dropped", []string{"ABCD", "DCBA", "BADC"}, []string{"ABCD"}, "{}"},
		// Example A.4 (pages of A.2): both classes are Type A and partitioned.
		{"A.4 both partitioned", []string{"ABCD A(EF)BC(GH)D", "A(EF)BC(GH)D", "EF GH"}, []string{"ABCD", "EFGH"}, "{A} {BC} {D} {EF} {GH}"},
		// Example A.4, second case: p3 = ABCD makes E1 valid; only E2 is split.
		{"A.4 second case", []string{"ABCD A(EF)BC(GH)D", "A(EF)BC(GH)D", "ABCD"}, []string{"ABCD", "EFGH"}, "{ABCD} {EF} {GH}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seqs := letters(tc.pages...)
			var cs []*eqClass
			for _, m := range tc.classes {
				c := class(seqs, m)
				c.vec = nil
				for _, s := range seqs {
					n := int32(0)
					for _, r := range s {
						if r == c.members[0] {
							n++
						}
					}
					c.vec = append(c.vec, n)
				}
				cs = append(cs, c)
			}
			got := names(newHandinv(seqs, 26).run(cs))
			if got == "{}" && tc.want == "{}" {
				return
			}
			if got != tc.want {
				t.Fatalf("HANDINV = %s, want %s", got, tc.want)
			}
		})
	}
}

// TestHandinvRootChain: rows whose order varies across pages make the root
// class unordered and not almost-ordered; HANDINV keeps its longest chain
// ordered on every page instead of dropping it (which left no template).
func TestHandinvRootChain(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pages []string
		want  int // chain length
	}{
		{"three rows shuffled", []string{"SABCDEF", "SADCBEF", "SACBDEF"}, 5},
		{"reversed middle", []string{"SABCDZ", "SDCBAZ"}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seqs := letters(tc.pages...)
			root := class(seqs, strings.Split(tc.pages[0], "")[0]+tc.pages[0][1:])
			root.root = true
			h := newHandinv(seqs, 26)
			if h.ordered(root.members) {
				t.Fatal("test pages should make the root class unordered")
			}
			out := h.run([]*eqClass{root})
			if len(out) != 1 || !out[0].root {
				t.Fatalf("run kept %d classes, want the root only", len(out))
			}
			if got := len(out[0].members); got != tc.want || !h.ordered(out[0].members) {
				t.Fatalf("root chain %v (%d members, ordered %v), want %d ordered members", out[0].members, got, h.ordered(out[0].members), tc.want)
			}
		})
	}
}
