// Command gen writes the realistic list-page example sources under
// examples/: three concert-listing sites and three book-search sites, each
// with its own page template, SOD, expected records and seed dictionaries.
//
// Run it from the repository root:
//
//	go run ./examples/internal/gen -out examples
//	go run ./examples/internal/gen -out examples -parked /some/dir   # also the parked sources
//
// The output is a pure function of the fixed seed in main.go (math/rand/v2 PCG),
// so regenerating gives byte-identical files; gen_test.go checks that the
// committed files have not drifted from the generator.
//
// Files:
//   - doc.go: this overview.
//   - main.go: flags, the list of sources and the seed.
//   - world.go: the shared pools of artist, author, title, venue and city names.
//   - source.go: a source's files (SOD, pages, expected.jsonl, dictionaries).
//   - html.go: the page writer (indentation habits, entity styles) and helpers.
//   - concerts.go, concerts_[abc].go: the concert model and three site templates.
//   - books.go, books_[abc].go: the book model and three search-result templates.
//   - books_detail.go, books_detail_[abc].go: product (detail) pages, one book
//     each, with the SWDE book SOD: a label/value <table>, a <dl> with
//     varying rows, and marketplace-style bullets ("Publisher: X (date)").
//     They were parked (see parked in main.go) until the pipeline passed on them.
//   - gen_test.go: the committed files match the generator; expected values
//     are visible on their pages; page sizes, record counts, multiplicities
//     and dictionary coverage are as promised.
package main
