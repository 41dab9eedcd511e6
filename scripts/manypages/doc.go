// Command manypages writes a large source of distinct pages for memory and
// scale measurements (docs/performance.md, "Memory over 2,000 to 200,000
// pages"): it copies the pages of a source directory round-robin into
// subdirectories of -per pages each, appending a comment naming the copy to
// every page but the first copy's, so no two pages have the same decoded
// text (annotate.Page.Sum) and none is skipped as a duplicate. The
// extraction of a copy is that of its original.
//
//	go run ./scripts/manypages -src DIR-OF-PAGES -n 200000 -out /tmp/pages200k
//	go run ./scripts/manypages -big 20000000 -out /tmp/bigpage   # the shop fixture with one 20 MB page (see -big)
package main
