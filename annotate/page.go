package annotate

import (
	"golang.org/x/net/html"
)

// Page is one cleaned, parsed page of a source, with the annotations found in it.
// It is what annotation hands to wrapper induction and extraction.
type Page struct {
	// Path is the page's path relative to the source root (slash-separated).
	Path string
	// Doc is the cleaned document tree (see Clean).
	Doc *html.Node
	// Size is the number of bytes read from disk.
	Size int
	// Encoding is the character encoding the page was decoded from, and
	// EncodingCertain whether it was declared (BOM, header, <meta>) rather than guessed.
	Encoding        string
	EncodingCertain bool
	// Replaced counts the bytes of a page decoded as UTF-8 that were not
	// valid UTF-8 (stray bytes of another encoding), replaced by U+FFFD.
	Replaced int
	// BaseURL resolves the page's relative URLs: its <base href> (resolved
	// against LoadOptions.BaseURL when relative), else LoadOptions.BaseURL.
	BaseURL string
	// URL is the page's own address when the page gives it: its <base href>
	// (saved pages, SWDE, record where they came from that way).
	URL string
	// Flattened counts the elements whose tags were dropped because the
	// page nests deeper than the parser accepts (see FlattenDepth); 0 for
	// almost every page.
	Flattened int
	// Sum is a hash of the page's decoded text: pages with the same Sum
	// are copies of one page (the same bytes once decoded). It is seeded
	// per process, so it compares pages of one run only, unless the page
	// was read with LoadOptions.StableSum.
	Sum uint64
	// Annotations are the entity instances found on the page, in document order.
	Annotations []*Annotation
	// ByNode indexes Annotations by the node they sit on (including the
	// ancestors they were propagated to).
	ByNode map[*html.Node][]*Annotation

	// attrs holds the attribute-value nodes made by AttrNode (attr.go).
	attrs map[attrRef]*html.Node

	arena *arena // the tree's memory when the stream built it (Release)
	// text is the buffer of the page's decoded text when the stream built
	// the tree: its nodes' strings are substrings of it (ReleaseText).
	text *[]byte
}

// Annotation is one recognised instance of an SOD entity type on a DOM node.
type Annotation struct {
	// Type is the SOD entity type's name.
	Type string
	// Node is the text node the match was found in: a text node of the
	// page, or the attribute-value node of an element (Page.AttrNode) for
	// an entity type with an attr.
	Node *html.Node
	// Start and End are byte offsets of the match in Node.Data.
	Start, End int
	// Recognizer names what matched ("predefined:date", "dictionary:author", …).
	Recognizer string
	// Confidence of the recognizer, in (0,1].
	Confidence float64
	// Normalized is the recognizer's canonical form of the value, if any.
	Normalized string
	// Whole reports whether the match covers the node's whole text
	// (ignoring surrounding whitespace and punctuation).
	Whole bool
	// Up are the ancestors of Node this annotation was propagated to:
	// elements whose only content is the annotated node (seed 003, §3.2).
	Up []*html.Node
}

// Text returns the annotated value as it appears on the page.
func (a *Annotation) Text() string { return a.Node.Data[a.Start:a.End] }
