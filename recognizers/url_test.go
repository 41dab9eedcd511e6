package recognizers

import "testing"

var urlCases = []findCase{
	{"http with path", "See http://example.com/books?id=42.", []string{"http://example.com/books?id=42"}},
	{"https upper case host", "HTTPS://Example.COM/A", []string{"HTTPS://Example.COM/A=https://example.com/A"}},
	{"www", "Visit www.example.org, today", []string{"www.example.org=http://www.example.org"}},
	{"parenthesised", "(see https://example.com/a)", []string{"https://example.com/a"}},
	{"balanced parentheses kept", "https://en.wikipedia.org/wiki/Go_(game).", []string{"https://en.wikipedia.org/wiki/Go_(game)"}},
	{"quoted in html", `href="http://example.com/x"`, []string{"http://example.com/x"}},
	{"trailing exclamation", "Go to www.example.org/shop!", []string{"www.example.org/shop=http://www.example.org/shop"}},
	// negatives
	{"scheme alone", "http:// is a prefix", nil},
	{"no dot in host", "http://intranet/path", nil},
	{"www inside a word", "awww.ok", nil},
	{"bare domain", "example.com", nil},
}

func TestURL(t *testing.T) { runFindCases(t, "url", urlCases) }
