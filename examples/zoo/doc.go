// Package zoo is the template zoo: a seeded generator of many random site
// templates, each with the SOD a newcomer would write for it, the expected
// objects and noisy seed dictionaries. It measures how ObjectRunner does on
// templates nobody tuned it for: TestZoo (zoo_test.go) runs the whole
// pipeline on a fixed set of seeds and reports value F1 per field and
// record precision/recall per template, with breakdowns by domain, field
// and template feature.
//
//	src := zoo.Generate(7)          // deterministic: same seed, same bytes
//	fmt.Println(src.Name, src.Features)
//	src.WriteDir("/tmp/zoo/" + src.Name)  // sod.toml, pages/, expected.jsonl, dictionaries/
//
//	go run ./examples/zoo/cmd/zoo -seeds 1-40 -out /tmp/zoo
//	go test ./examples/zoo -run Zoo -v -args -zoo.seeds=100-199 -zoo.out /tmp/zoo
//
// # What is drawn
//
// Seed n gives domain n mod 5 (books, events, sports, products,
// restaurants) and list pages when n/5 is odd, detail pages otherwise;
// everything else comes from a math/rand/v2 PCG seeded with n. Templates
// are drawn the way sites are built, not the way ObjectRunner handles
// them: the layout of labelled rows (label/value table, definition list,
// bullets with "Label: value" text, div rows, lines split by <br>), the
// list container (table rows, cards, ul/ol items, a dl per record,
// articles), tag and class names, nesting depth, labels (sometimes equal to
// the SOD's field names, often not), unlabeled rows with prefixes ("by ",
// "with ", "#"), rows in another order on every page, optional rows, "N/A"
// placeholders, values in links, two facts in one text node ("Kestrel
// Books (June 1, 2010)", "Jul 13 · 8:00 PM"), multi-valued fields as
// links, joined text ("A, B and C", "A & B"), lists or <br> lines,
// addresses on one line, over <br>, in spans or in two block elements,
// near misses (editors beside authors, fax beside phone, list price beside
// price, doors time beside show time), look-alike values in sidebars, ads,
// "customers also viewed" boxes, reviews, facets and footers, ads and
// promotions in the records' own markup, list pages grouped under date
// headings, a value shown once per list page (a roster's team), pages
// saved twice under two names, entity styles, minified or indented HTML,
// omitted end tags. Value formats (dates, times, prices, phones, ISBNs,
// heights) are drawn per site. Names are invented from the pools in
// names.go, with the punctuation real names have ("Jr.", "St.", "&",
// "O'Brien", "(1945)", subtitles after ":").
//
// The SOD mixes dictionary types and predefined recognizers or regexes,
// with multiplicities 1, ?, + and *, nested tuples (an event's venue, a
// restaurant's contact) and page-scope fields where a newcomer would write
// them. Seed dictionaries list 10–40 % of the distinct true values of
// their class (at least two), as many of the look-alike values, names on
// no page, a few values of another class that are on the pages, and words
// of the page chrome ("Home", "Sign in").
//
// Every template stays extractable in principle: a person writing XPaths
// (and splitting joined text) for the site gets every value. Shuffled rows
// are always labelled; optional unlabeled rows carry a class of their own;
// joined multi-valued text never uses a separator that occurs inside a
// value.
//
// # Truth conventions
//
// Expected objects (expected.jsonl, the format of examples/*/expected.jsonl
// read by eval.ReadJSONL) hold values as they appear in the page's visible
// text: entities decoded, white space collapsed, without labels, prefixes
// ("by ", "#", "Tickets: ") or the template's punctuation around them.
//   - An optional field with no value on the record (or an "N/A"
//     placeholder) is absent; a nested tuple with no value is absent.
//   - Two facts in one text node are two values: "Kestrel Books (June 1,
//     2010)" gives publisher "Kestrel Books" and date "June 1, 2010".
//   - A multi-valued field lists its values in page order; a lineup that
//     repeats the headliner lists the headliner too.
//   - An address is the street line and the city line joined by ", ",
//     whether the page writes them on one line, over <br>, in spans or in
//     two block elements ("12 Elm St, Suite 4, Austin, TX 78701").
//   - A page-scope field (scope = "page") has the page's value in every
//     record of the page.
//   - A list page with no record has one line with "object": null, so
//     that records extracted from it count as wrong; a page saved twice has
//     the same objects under both names.
//
// # Files
//
//   - doc.go: this overview and the truth conventions.
//   - zoo.go: Source, Page, Features, Field, Generate, Name, Domains,
//     WriteDir, ParseSeeds; expected.jsonl.
//   - model.go: facts, records, domains and the generation state.
//   - domain.go: helpers the domains share (pools, SOD fields, optional
//     facts, distractors).
//   - books.go, events.go, sports.go, products.go, restaurants.go: the five
//     domains: their facts, record draws, formats and SODs.
//   - template.go: drawing a template (layout, rows, labels, markup, chrome).
//   - render.go: rendering values, rows, blocks and headings.
//   - pages.go: detail and list pages, records, ad rows, groups, pagination.
//   - page.go: the page shell (head, header, navigation, footer), sidebar
//     boxes, facets.
//   - html.go: the node tree and the writer (indentation, entities,
//     omitted end tags).
//   - values.go: formats of dates, times, prices, phones, ISBNs, heights;
//     addresses.
//   - names.go: the pools of invented names.
//   - rand.go: the random stream and name draws.
//   - sod.go: the SOD text and the expected objects.
//   - dict.go: seed dictionaries.
//   - cmd/zoo: writes sources to disk, one line per seed.
//   - zoo_test.go, report_test.go: TestZoo, the pipeline run, the table,
//     the breakdowns, the targets and the acceptance floors.
//   - segment_test.go: record segmentation of list templates scored
//     alone (the record pattern learned from the run's sample against the
//     expected records), reported by TestZoo; TestZooSegments for
//     segmentation without induction (-args -zoo.segments=1-100).
//   - gen_test.go: the generator's promises (values visible on their page,
//     UTF-8, labelled pages, SOD loads, multiplicities, determinism) and
//     FuzzGenerate.
package zoo
