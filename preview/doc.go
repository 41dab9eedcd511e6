// Package preview writes what a wrapper extracts from a few pages as HTML
// that people can open offline: each page's cleaned copy with the
// extracted values highlighted per field (not the recognizers' hits: the
// values the wrapper takes, attribute values included), and an index with
// per-field counts. It is what `objectrunner extract --preview DIR` writes.
//
// A value is placed on its page from its DOM path (wrapper.Value.Path) and
// text: the first occurrence of the text in one text node under that
// element, or, for a value written over several text nodes ("A &
// <i>B</i>"), each text node under the element that is part of it; a
// value whose path ends in /@KEY is an attribute value, shown after its
// element's start tag. The pages are rendered by
// annotate.WriteHighlightedTypes with the values as annotations (type =
// field), so the previews load nothing (no image, script, style sheet or
// frame; a Content-Security-Policy forbids it) and the field colours are
// the same on every page.
//
// When the wrapper has questions (wrapper.Wrapper.Questions: the places
// it was unsure), Write also writes review.html: each question with its
// candidates, their values on the sample pages and, per question and
// sample page, a copy of the page with each candidate's values
// highlighted; the user chooses and downloads answers.json, an answers
// file for `extract --answers` (docs/review.md).
//
// Files: preview.go (Write, placing values), index.go (index.html),
// review.go (review.html).
package preview
