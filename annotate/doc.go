// Package annotate is the first stage of extraction for a source (seed 003,
// §3 and §3.2): it loads and cleans a source's pages, finds the instances of
// an SOD's entity types in them, and picks the best-annotated pages as the
// sample that wrapper induction learns from — or decides that the source
// cannot satisfy the SOD.
//
// Files and responsibilities:
//
//	page.go       Page and Annotation, the types handed to package wrapper.
//	load.go       ListSource, ReadPage, ParsePage: listing a source, charset
//	              decoding (BOM, <meta>, detection, override), reading a
//	              page file within the size limit, Page.ResolveURL,
//	              Page.Query (goquery over the same tree).
//	stream.go     ParsePageVisit, ReadPageVisit, Visitor, Walk: a page is
//	              read once and only its cleaned tree is built, handed node
//	              by node to a Visitor (package wrapper's tokenizer);
//	              ParsePageDOM, the tree path (html.Parse, then Clean) the
//	              stream hands rare pages to, and the equivalence tests'
//	              reference.
//	stream_parse.go  the stream's tree builder: html.Parse's algorithm over
//	              a stack of open elements (scopes, implied end tags, the
//	              list of active formatting elements), where it stops.
//	stream_modes.go  its insertion modes (initial … in cell, after body,
//	              foreign content), after x/net/html's parse.go.
//	stream_attr.go   attributes of its start tags, read without copies:
//	              Clean's dropping and kept attributes, <base href>, the
//	              kept <meta>, the Noah's Ark clause.
//	stream_tree.go   the cleaned tree as it is built: pending text merged
//	              and collapsed when its neighbours are known, elements
//	              linked once they have content, pooled node blocks
//	              (Page.Release).
//	internal/htmllex the tokenizer of x/net/html over a page in memory
//	              (offsets, no copies), checked token for token against it.
//	walk.go       listPages: walking a source directory, following
//	              symbolic links to pages and directories (cycles read once).
//	deep.go       pages nested deeper than the parser accepts: elements
//	              below FlattenDepth lose their tags, not their text.
//	clean.go      Clean (what is removed and kept; white space trimmed at
//	              block boundaries only, one space kept at inline ones),
//	              NodePath, FindPath, Text.
//	annotator.go  Annotator: recognizers run on text nodes, WholeNode,
//	              upward propagation of annotations, ByNode index, one
//	              lock-free memo of every type's filtered results per
//	              distinct text (template text is searched once per run).
//	budget.go     time budgets of regex recognizers per page and per run
//	              (RegexBudgetError), so a pathological pattern stops a run
//	              instead of timing out text after text.
//	membudget.go  memory bounds by page bytes: PageBudget (bytes parsed at
//	              once across workers), the sample's MaxBytes (pages too
//	              large to learn from are left out, SampleTooLargeError).
//	sample.go     Sample: Algorithm 1 (annotatePages) with selectivity
//	              ordering, shrinking candidate sets kept as text nodes
//	              (not trees) between steps, template text weighted down
//	              (TemplateWeight), discarding a source.
//	pool.go       SampleSource: Sample on a pool of pages spread over the
//	              source, of the size Algorithm 1 can use (PoolSize), grown
//	              while its top pages are not clear: learning cost stops
//	              growing with the source.
//	diversity.go  the sample's final choice: no copies or near-duplicates
//	              (bottom-k Jaccard of variable text), one page per
//	              structure first (chooseSample, dropCopies).
//	segment.go    FindSegment: the conservative main content segment (annotations
//	              weighed by novelty: values recurring over pages count less).
//	source.go     sources other than a directory: ListFS, ReadPageFS,
//	              SampleOptions.Read.
//	highlight.go  WriteHighlighted(Types): annotated HTML copies for people.
//	attr.go       attribute values (SOD attr = "href", "src", "content", …):
//	              Page.AttrNode makes a detached text node for one attribute
//	              of one element (URLs resolved against Page.BaseURL), so
//	              recognizers, annotations and the sample's counts treat it
//	              as text; <base href> and LoadOptions.BaseURL (Page.URL,
//	              Page.BaseURL); the <meta name|property content> Clean keeps.
//
// A typical use:
//
//	paths, _ := annotate.ListSource(dir)
//	a, _ := annotate.NewAnnotator(s, recs, annotate.Options{})
//	res, err := annotate.SampleSource(ctx, paths, dir, a, annotate.SampleOptions{K: 20})
//	// res.Pages: the sample, res.Stats: per-type statistics,
//	// err: a *DiscardError when the source cannot satisfy the SOD.
//
// Extraction reads every page with ReadPageVisit, which builds the same
// cleaned tree as ReadPage, so the trees seen at induction and at
// extraction have the same shape; the visitor (the wrapper's tokenizer)
// sees the tree while it is built.
package annotate
