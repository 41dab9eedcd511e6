package recognizers

import "testing"

var emailCases = []findCase{
	{"simple", "Contact: jane.doe@example.com.", []string{"jane.doe@example.com"}},
	{"plus and subdomain", "<sales+books@Mail.Example.co.uk>", []string{"sales+books@Mail.Example.co.uk=sales+books@mail.example.co.uk"}},
	{"mailto", "mailto:info@booksellers.org?subject=hi", []string{"info@booksellers.org"}},
	{"two", "a@b.io, c@d.io", []string{"a@b.io", "c@d.io"}},
	// negatives
	{"no tld", "user@localhost", nil},
	{"at sign alone", "meet @ 8pm", nil},
	{"handle", "follow @booksamillion", nil},
	{"numeric tld", "x@1.2", nil},
	{"double at", "a@@b.com", nil},
}

func TestEmail(t *testing.T) { runFindCases(t, "email", emailCases) }
