package mapping

import (
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestHasValueTextBlankRuns: runs of white space alone (which the
// tokenizer never makes, but valueText accepts) give ", " across a line
// break and nothing without one.
func TestHasValueTextBlankRuns(t *testing.T) {
	n1, n2 := &html.Node{Type: html.TextNode, Data: "  "}, &html.Node{Type: html.TextNode, Data: " "}
	w1 := exalg.MakeToken(KindWord, n1, 0, 0, 2, nil)
	w2 := exalg.MakeToken(KindWord, n2, 0, 0, 1, nil)
	for _, tc := range []struct {
		name string
		toks []Token
	}{
		{"break", []Token{w1, exalg.NewToken(KindStart, "div"), w2}},
		{"inline", []Token{w1, exalg.NewToken(KindStart, "b"), w2}},
		{"one", []Token{w1}},
	} {
		txt, _, _ := ValueText(tc.toks, 0, len(tc.toks))
		if got := HasValueText(tc.toks, 0, len(tc.toks)); got != (txt != "") {
			t.Errorf("%s: hasValueText %v, valueText %q", tc.name, got, txt)
		}
	}
}

// TestCollapseSpace: collapseSpace is strings.Join(strings.Fields(s), " ").
func TestCollapseSpace(t *testing.T) {
	for _, s := range []string{"", " ", "a", "a b", " a", "a ", "a  b", "a\tb", "a\nb", "a\u00a0b",
		"a\u0085b", "a\u2003b", "\xff b", "a \xff", "é ü", "a, b.", "  ", "a b c d", "a\r\n"} {
		if got, want := collapseSpace(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("collapseSpace(%q) = %q, want %q", s, got, want)
		}
	}
}
