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
//	              decoding (BOM, <meta>, detection, override), parsing once,
//	              <base href> (pageBase in attr.go), Page.ResolveURL, Page.Query (goquery over
//	              the same tree).
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
//	diversity.go  the sample's final choice: no copies or near-duplicates
//	              (bottom-k Jaccard of variable text), one page per
//	              structure first (chooseSample, dropCopies).
//	segment.go    FindSegment: the conservative main content segment.
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
//	res, err := annotate.Sample(ctx, paths, dir, a, annotate.SampleOptions{K: 20})
//	// res.Pages: the sample, res.Stats: per-type statistics,
//	// err: a *DiscardError when the source cannot satisfy the SOD.
//
// Extraction reads every page with ReadPage, which applies the same cleaning,
// so the trees seen at induction and at extraction have the same shape.
package annotate
