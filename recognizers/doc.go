// Package recognizers finds instances of SOD entity types in text.
//
// A Recognizer (recognizer.go) returns the Matches of one entity type in a
// text: byte offsets, sorted by Start and non-overlapping, each with a
// confidence in (0,1] and, when meaningful, a normalized form (ISO date,
// price with ISO currency code, ISBN digits). The three kinds of the
// ObjectRunner paper are built from an sod.Recognizer by New, and one per
// entity type of an SOD by ForSOD:
//
//   - regex: a user regular expression in regexp2's Perl/.NET syntax, with a
//     timeout on every search;
//   - predefined: a built-in recognizer chosen by name from the table
//     returned by Predefined (date, time, price, isbn, phone, …);
//   - dictionary: an isInstanceOf recognizer served by a Dictionaries store
//     (the Bleve-backed one lives in package dictionaries).
//
// All recognizers are safe for concurrent use.
//
// Files:
//
//	recognizer.go   the Match, Recognizer and Dictionaries contracts
//	registry.go     the table of predefined recognizers (Predefined), New, ForSOD,
//	                "did you mean" suggestions for unknown names
//	span.go         what predefined recognizers share: candidate overlap
//	                resolution, token-boundary checks, anchored matching
//	regex.go        Regex: user patterns (regexp2), rune-to-byte offsets, timeouts
//	date.go         date: numeric, written (English, French), with a time
//	time.go         time: clock times, 12- and 24-hour
//	price.go        price: amount with currency symbol or ISO code
//	isbn.go         isbn, isbn10, isbn13: checksum-validated ISBNs
//	phone.go        phone: North American and international (+CC) numbers
//	email.go        email: e-mail addresses
//	url.go          url: http(s)/ftp and www. addresses
//	address.go      address: US, UK and French postal addresses
//	number.go       number, year, percent
//	dictionary.go   NewMemoryDictionaries: a small in-memory Dictionaries for
//	                tests and examples
//
// Predefined recognizers are written for speed on page text: each looks for
// the places where an instance can start (a digit run, a month name, a
// currency mark, an "@") and only there runs a small anchored Go regexp
// (RE2, linear time) and validation code (calendar, checksums). User
// patterns use regexp2, whose backtracking needs the timeout.
package recognizers
