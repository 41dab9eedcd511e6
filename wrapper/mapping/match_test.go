package mapping

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// wordsOf tokenizes one text node.
func wordsOf(s string) []Token {
	return splitWords(nil, &html.Node{Type: html.TextNode, Data: s}, 0, nil, nil)
}

func spansText(toks []Token, spans [][2]int) string {
	var parts []string
	for _, sp := range spans {
		txt, _, _ := ValueText(toks, sp[0], sp[1])
		parts = append(parts, txt)
	}
	return strings.Join(parts, " | ")
}

func TestValueHelpers(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		f          func([]Token) string
		want       string
	}{
		{"words split punctuation", "by Meyer, (Hardcover)!", func(ts []Token) string {
			var s []string
			for _, t := range ts {
				s = append(s, t.Text())
			}
			return strings.Join(s, " ")
		}, "by Meyer , ( Hardcover )!"},
		{"value trims separators", ": Hachette Book Group ;", func(ts []Token) string { v, _, _ := ValueText(ts, 0, len(ts)); return v }, "Hachette Book Group"},
		{"value keeps brackets", "Can America Survive?", func(ts []Token) string { v, _, _ := ValueText(ts, 0, len(ts)); return v }, "Can America Survive?"},
		{"items at separators", "Ann Lee, Bo Chan & Cy Dee and Di Fox", func(ts []Token) string { return spansText(ts, splitItems(ts, 0, len(ts), []string{"and"}, nil, false)) }, "Ann Lee | Bo Chan & Cy Dee | Di Fox"},
		{"items at learned ampersand", "Ann Lee, Bo Chan & Cy Dee and Di Fox", func(ts []Token) string {
			return spansText(ts, splitItems(ts, 0, len(ts), []string{"&", "and"}, nil, false))
		}, "Ann Lee | Bo Chan | Cy Dee | Di Fox"},
		{"items keep ampersand inside a name", "Grosset & Dunlap; Simon & Schuster", func(ts []Token) string { return spansText(ts, items(ts, 0, len(ts))) }, "Grosset & Dunlap | Simon & Schuster"},
		{"segments", "Paperback - July 13, 2010", func(ts []Token) string { return spansText(ts, segments(ts, 0, len(ts))) }, "Paperback | July 13, 2010"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.f(wordsOf(tc.text)); got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestValueTextEdges checks the trimming of separator punctuation at a
// value's edges: it never cuts a "/" written against the value (a URL's
// trailing slash, a path), but drops a free-standing one.
func TestValueTextEdges(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
	}{
		{"url trailing slash kept", "https://example.edu/", "https://example.edu/"},
		{"url slash kept before comma", ": https://example.edu/ ,", "https://example.edu/"},
		{"url path slash kept", "Website: http://a.example.org/dept/", "Website: http://a.example.org/dept/"},
		{"leading glued slash kept", "/docs/index", "/docs/index"},
		{"free slash dropped", "/ Hachette Book Group /", "Hachette Book Group"},
		{"label colon dropped", ": http://example.org/", "http://example.org/"},
		{"comma still dropped", "Meyer,", "Meyer"},
		{"abbreviation's period kept", "Acme Inc.", "Acme Inc."},
		{"suffix period kept", "Oliver Yarborough Sr.", "Oliver Yarborough Sr."},
		{"initial's period kept", "John F.", "John F."},
		{"sentence period dropped", "Ships today.", "Ships today"},
		{"free period dropped", "Acme Inc .", "Acme Inc"},
		{"only slashes", "/ //", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts := wordsOf(tc.text)
			got, _, _ := ValueText(ts, 0, len(ts))
			if got != tc.want {
				t.Fatalf("valueText(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}
