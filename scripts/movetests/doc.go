// Command movetests moves the in-package tests of a package that test only
// what another package now holds into that package, so that `go test` of
// the new package tests it. It is run by scripts/move-state.sh after
// scripts/movepkg (issue 21):
//
//	go run ./scripts/movetests -from ./wrapper -to ./wrapper/mapping
//
// What moves is decided by a rule: the top-level declarations of -from's
// in-package test files are joined when one uses another (a test and its
// helpers, a type and its methods); a group moves unless one of its
// declarations uses a declaration of -from's non-test files other than an
// alias of one of -to's (type T = mapping.T), or names a path (a string
// holding "testdata" or "../"), since the tests then run in another
// directory. A helper used by groups that move and groups that stay is
// copied when it is a forwarder (one statement, using nothing of -from);
// otherwise it joins both. In moved code, -to's qualifier is dropped and
// aliases are replaced by what they stand for. A file whose declarations
// all move is removed; moved declarations go to the file of the same name
// in -to (added to it when it exists). Rerunnable: on a tree where it ran,
// it moves what was added since.
package main
