// Command bookscraper is the yardstick of docs/performance.md's performance
// section: the scraper a user would write by hand, without ObjectRunner,
// for one book site. It parses every page with goquery (x/net/html) and
// reads the five fields of examples/swde-book with the CSS selectors of a
// selectors file written for that site's template, one JSON line per page:
//
//	go run ./scripts/bookscraper -selectors scripts/bookscraper/swde-book.json \
//	    ../shared/data/swde/book-<site> > books.jsonl
//
// It is benchmark tooling, not part of ObjectRunner: the selectors file
// is specific to the one site it was written for, which is the point of
// the comparison (scripts/bench.sh times it against `objectrunner extract
// --wrapper` on the same pages).
package main
