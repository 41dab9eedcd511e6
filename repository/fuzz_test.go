package repository

import (
	"strings"
	"testing"
)

// FuzzParseRestriction: any input parses or fails with the syntax in its
// message; a parsed restriction has a field, an operator and a value that
// round-trip through String.
func FuzzParseRestriction(f *testing.F) {
	for _, s := range []string{"author=Meyer", "price < 20", "date>=2010-01-01", `title~"the window"`, "book.author=A = B",
		"_text~sold out", "x<=", "=y", "", "a.b.c~d", "price>=1e9", "name=Émile"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRestriction(s)
		if err != nil {
			if !strings.Contains(err.Error(), "restriction") {
				t.Fatalf("error %q does not name the restriction", err)
			}
			return
		}
		if r.Field == "" || r.Value == "" || strings.TrimSpace(r.Value) == "" {
			t.Fatalf("%q parsed to %+v", s, r)
		}
		switch r.Op {
		case OpEq, OpMatch, OpLt, OpLe, OpGt, OpGe:
		default:
			t.Fatalf("%q: operator %q", s, r.Op)
		}
		if _, err := ParseRestriction(r.Field + string(r.Op) + `"` + r.Value + `"`); err != nil {
			t.Fatalf("%+v does not parse back: %v", r, err)
		}
	})
}

func FuzzParseJoin(f *testing.F) {
	for _, s := range []string{"concert.artist=book.author", "a.b=c.d", "a=b", "a.b=a.c", ".=.", "x.y.z=w.v"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		j, err := ParseJoin(s)
		if err != nil {
			return
		}
		if j.Left.SOD == "" || j.Left.Field == "" || j.Right.SOD == "" || j.Right.Field == "" || j.Left.SOD == j.Right.SOD {
			t.Fatalf("%q parsed to %+v", s, j)
		}
	})
}
