package mapping

import (
	"strings"
	"testing"
)

// TestPieceSpan: each kind of piece reads its part of a value, and none
// where the value has no such part.
func TestPieceSpan(t *testing.T) {
	for _, tc := range []struct {
		value string
		p     Piece
		want  string // "" when the piece reads nothing
	}{
		{"Published by: Vance, Tremaine and Nakamura, On sale: 2003-09-10", Piece{After: []string{"published", "by"}}, "Vance, Tremaine and Nakamura"},
		{"Published by: Vance, Tremaine and Nakamura, On sale: 2003-09-10", Piece{After: []string{"on", "sale"}}, "2003-09-10"},
		{"Published by: Tremaine & Ortega", Piece{After: []string{"published", "by"}}, "Tremaine & Ortega"},
		{"ISBN10: 1652133224, Publisher: Ishikawa & Pemberton", Piece{After: []string{"publisher"}}, "Ishikawa & Pemberton"},
		{"ISBN10: 1589157869", Piece{After: []string{"publisher"}}, ""},
		{"Quillon Media ( 01 May 2020)", Piece{Index: 0}, "Quillon Media"},
		{"2, #, 27 | Left Wing", Piece{Index: 0, FromRight: true}, "Left Wing"},
		{"1", Piece{Index: 1}, ""},
		{"September 17, 1986, Ridgeway A&M", Piece{Index: 0, FromRight: true}, "Ridgeway A&M"},
		{"Vance, Tremaine and Nakamura, Sep 2004", Piece{Index: 1, FromRight: true, Rest: true}, "Vance, Tremaine and Nakamura"},
		{"J. R. Kessler & Co., Sep 2004", Piece{Index: 1, FromRight: true, Rest: true}, "J. R. Kessler & Co."},
		{"Sep 2004", Piece{Index: 1, FromRight: true, Rest: true}, ""},
		{"With: A, B, C", Piece{Index: 1, Rest: true}, "A, B, C"},
	} {
		// "|" stands for a tag.
		p := testPage(t, "p.html", "<html><body><p>"+strings.ReplaceAll(tc.value, "|", "<br>")+"</p></body></html>", nil)
		toks := Tokenize(p, NewPaths())
		a, b := 0, len(toks)
		for a < b && toks[a].Kind != KindWord {
			a++
		}
		for b > a && toks[b-1].Kind != KindWord {
			b--
		}
		got := ""
		if a, b, ok := pieceSpan(toks, a, b, &tc.p); ok {
			got, _, _ = ValueText(toks, a, b)
		}
		if got != tc.want {
			t.Errorf("%q, %s: %q, want %q", tc.value, tc.p, got, tc.want)
		}
	}
}
