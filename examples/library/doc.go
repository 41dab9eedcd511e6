// Command library extracts the objects of a source with the objectrunner
// library, as `objectrunner extract` does: the complete Go program of
// docs/library.md. DIR holds sod.toml, pages/ and dictionaries/ (word lists
// CLASS.txt), like the examples:
//
//	go run ./examples/library examples/concerts-a > concerts.jsonl
package main
