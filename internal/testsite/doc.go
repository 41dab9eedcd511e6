// Package testsite serves a small web site built around directories of
// saved detail pages (such as the SWDE dev pages), for the crawl tests
// and benchmarks: list pages of 20 links with "next" pagination lead to
// the detail pages, and noise pages surround them — a home page, about,
// search and login pages, 404s, redirects, a slow page, a robots.txt that
// disallows /private/, a sitemap, and review pages of a second template.
// Every request is logged, so a test can check what a crawler asked for.
package testsite
