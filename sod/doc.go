// Package sod loads Structured Object Descriptions (SODs): the user's
// description, in TOML, of the objects to extract from template-generated
// web pages (ObjectRunner paper, §2.1).
//
// An SOD is a tree of types. Entity types are atomic values, each found by
// one recognizer: a regular expression, a predefined recognizer (date,
// price, isbn, …) or a dictionary class (isInstanceOf). Tuple types are
// unordered collections of fields, each a named type with a multiplicity
// ("1", "?", "*", "+", "n", "n-m", "n-"). Disjunction types choose between
// mutually exclusive alternatives. A field of the root tuple of a list SOD
// may be declared scope = "page" (Field.PageScope): one value per page that
// belongs to every object of the page. Restrictions complete the model: an
// entity value may have to cover a whole DOM node, and two date fields may
// have to be in order. A minimal file:
//
//	object = "book"
//
//	[tuple.book]
//	title = "1"
//	author = "+"
//
//	[entity.title]
//	dictionary = "title"
//	whole_node = true
//
//	[entity.author]
//	dictionary = "author"
//
// An entity may read an HTML attribute instead of page text (Type.Attr,
// key attr = "href", "src", "alt", "title", "content" or "datetime", see
// Attributes): its recognizer then runs on that attribute's values, link
// targets and image sources resolved to absolute URLs.
//
// Load and Parse validate everything they can without looking at pages and
// report every problem at once, as an ErrorList of positioned errors
// ("sod.toml:6:1: unknown key …; did you mean …?"). Predefined recognizer
// names and dictionary classes are checked by the recognizers package.
//
// Files:
//
//   - sod.go: the types (SOD, Type, Kind, Field, Multiplicity, Recognizer,
//     Order, Pos), shared with the rest of ObjectRunner.
//   - load.go: Load and Parse: TOML decoding, validation, Recognizer.Regexp.
//   - attr.go: the attr key (Attributes, URLAttribute).
//   - nesting.go: the limits checked before decoding (file size, nesting of
//     arrays and inline tables, dotted key parts), so hostile files fail fast.
//   - multiplicity.go: ParseMultiplicity.
//   - positions.go: the scanner that finds where each TOML key is written.
//   - errors.go: Error and ErrorList.
//   - suggest.go: "did you mean" suggestions and EditDistance, the one
//     edit distance of the project (package recognizers uses it too).
//   - walk.go: traversals: Walk, Field, Entities.
//   - format.go: Format and the String methods that print the type tree.
package sod
