package recognizers

import "testing"

var phoneCases = []findCase{
	{"parentheses", "Call (212) 555-1234 today", []string{"(212) 555-1234=+12125551234"}},
	{"dashes", "Tel: 212-555-1234", []string{"212-555-1234=+12125551234"}},
	{"dots", "212.555.1234", []string{"212.555.1234=+12125551234"}},
	{"plus one", "+1 212 555 1234", []string{"+1 212 555 1234=+12125551234"}},
	{"toll free", "1-800-555-1234", []string{"1-800-555-1234=+18005551234"}},
	{"france", "Tél. +33 1 42 68 53 00", []string{"+33 1 42 68 53 00=+33142685300"}},
	{"uk", "+44 20 7946 0958", []string{"+44 20 7946 0958=+442079460958"}},
	{"uk trunk zero", "+44 (0)20 7946 0958", []string{"+44 (0)20 7946 0958=+442079460958"}},
	{"two numbers", "Phone 212-555-1234, Fax 212-555-9876.", []string{"212-555-1234=+12125551234", "212-555-9876=+12125559876"}},
	// negatives
	{"isbn13", "978-0-316-12558-1", nil},
	{"isbn10", "0-316-12558-1", nil},
	{"date", "2010-04-16 and 04/16/2010", nil},
	{"long digit run", "2125551234567", nil},
	{"plain ten digits", "2125551234", nil},
	{"zip code", "New York, NY 10036-1234", nil},
	{"mixed separators", "212-555.1234", nil},
	{"too long", "212-555-1234-5678", nil},
	{"price", "$1,299.00", nil},
	{"area code starting with 1", "112-555-1234", nil},
}

func TestPhone(t *testing.T) { runFindCases(t, "phone", phoneCases) }
