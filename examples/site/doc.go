// Command site serves a directory of pages (default: the repository's
// examples/) on a local address, as a web site to try `objectrunner
// crawl` on: directories are listed as HTML pages of links, and
// robots.txt disallows /internal/.
//
//	go run ./examples/site -addr 127.0.0.1:8080 -dir examples
package main
