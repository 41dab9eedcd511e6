// Package warc keeps web pages in WARC files (ISO 28500, the web
// archiving format of crawlers and Common Crawl) and reads them back as a
// source of pages.
//
// It is built on github.com/nlnwa/gowarc/v3, a maintained WARC 1.0/1.1
// record builder, marshaler and validating reader with few dependencies
// (github.com/internetarchive/gowarc, the other one served, is pre-1.0 and
// centred on its own recording HTTP client, which a colly crawler does not
// need).
//
// Writing: Create opens (or, to resume a crawl, appends to) a .warc or
// .warc.gz file; Writer.WriteExchange stores one fetch as a request, a
// response and a metadata record linked by WARC-Concurrent-To; in a
// .warc.gz file every record is its own gzip member, as the standard
// recommends, so a reader can seek to any record.
//
// Reading: Records iterates over the records of one file; Expand turns a
// source (a file, a glob, or several of them separated by commas) into WARC
// file names; Open indexes the HTML responses (status 200) of such files,
// filtered by host and URL pattern, as an fs.FS whose files are named
// HOST/PATH (see PageName) and read lazily from their offsets, so the
// pipeline that reads directories of pages (objectrunner.RunFS,
// annotate.ListFS) takes WARC files unchanged.
package warc
