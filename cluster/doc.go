// Package cluster groups the pages of a site by template, the step before
// ObjectRunner's pipeline: a crawl or a WARC file holds list pages, detail
// pages, search and help pages of one site mixed, and a source must be
// pages of one template.
//
// A page is described by the set of its tag paths: every element's path
// from the root, each step a tag name and its class names with digits
// removed ("html/body/div.product/ul.specs/li"). Pages of one template
// share most of their paths; pages of two templates share the site's
// header and footer only. The similarity of two pages is the Jaccard
// index of their path sets, estimated from MinHash signatures; candidate
// pairs come from locality-sensitive hashing (bands of the signature), so
// the cost is linear in the number of pages: no pair of pages is compared
// unless a band of their signatures agrees. Pages join a cluster when
// their estimated similarity to one of its pages reaches
// Options.Similarity (union-find).
//
// Each cluster is described by its size, a URL (or file name) pattern
// computed from its pages' names, and example pages.
//
// The method is the tag-path shingling of near-duplicate and template
// detection (Broder's MinHash over shingles; Crescenzi et al.'s
// structural clustering of site pages), with no site-specific rule.
package cluster
