// Package crawl fetches a web site politely into a WARC file, on
// github.com/gocolly/colly/v2 (link following, robots.txt, URL filters,
// the visited set, asynchronous fetching).
//
// Every request goes through one http.RoundTripper of this package
// (recorder), which
//
//   - refuses any URL outside the allowed hosts before anything is dialled
//     (links, redirects, sitemaps and robots.txt alike), so nothing outside
//     them is ever requested;
//   - keeps one request at a time per host and waits Delay (default 1 s)
//     between two requests to a host, timing out each fetch on its own (a
//     request queued for its host is not timed out);
//   - writes each exchange (request, response as received, and a metadata
//     record with the depth and the referring page) to the WARC file, so
//     redirects, retried 5xx answers and robots.txt are recorded too.
//
// Redirects are not followed inside a fetch: the 3xx answer is recorded
// and its Location is queued as a page of its own. 5xx, 429 and network
// errors are retried with exponential backoff. A crawl writing to an
// existing WARC file resumes it: the URLs answered there (other than 5xx
// and 429) are not fetched again, their links are queued from the stored
// pages (resolved as in the live crawl, by the same code), and robots.txt
// files are served from it. When the crawl's context is cancelled, the
// requests waiting for their host are dropped and a request already sent
// is finished and recorded, so a resumed crawl requests nothing twice.
package crawl
