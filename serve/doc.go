// Package serve is the query interface of the ObjectRunner repository
// (seed 003, §3.4) as a small local web page: choose an SOD, and a
// query-by-example form generated from it — one input per field (words or
// exact value for text fields, from/to for numeric and date fields), a
// keyword box over the objects' source pages, the sources to search and a
// confidence floor — answers with a table of results ranked by relevance ×
// confidence, each linking to its source page. Standard library only
// (net/http, html/template), no script.
//
// Routes:
//
//	GET /            the form (?sod=NAME) and, with run=1, the results
//	GET /page        a result's source page (?sod=&source=&page=), served as
//	                 read, under a Content-Security-Policy that runs no script
//	                 and loads nothing from elsewhere
//	GET /api/search  the same parameters as the form, answered in JSON
//
// Form parameters: f.PATH (text) with op.PATH=exact for an exact value;
// min.PATH and max.PATH (numbers), from.PATH and to.PATH (ISO dates,
// inclusive); q (keywords); source (repeatable); minconf; explain; offset.
// Any other parameter, or a malformed escape, is a 400.
//
// Hostile requests (issue 27): every request runs under a recover, its Host
// header must name the loopback (localhost, 127.0.0.1, [::1]) or one of
// Options.Hosts (DNS rebinding), queries are bounded by
// repository.Query.Check (offset, limit, bytes, distinct words), at most
// Options.MaxSearches run at once, /page serves only pages the repository
// holds objects of, opened inside their source's root (os.Root), error
// messages show no absolute path, and / and /api carry a
// Content-Security-Policy and X-Content-Type-Options: nosniff.
//
// Files:
//
//   - serve.go: Server, snapshots of the repository (a new one is taken
//     when a writer commits), the handlers, form → repository.Query.
//   - templates/index.html: the page.
package serve
