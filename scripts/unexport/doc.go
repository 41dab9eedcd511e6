// Command unexport unexports the names of a package that no other package
// of the module names: its exported package-level functions, types,
// constants and variables, and the exported methods of -types, whose
// identifier appears in no Go file outside the package's directory (a
// conservative test: an identifier of the same spelling anywhere keeps the
// name). It is the last step of scripts/move-state.sh (issue 21: fewer
// exports from wrapper/mapping):
//
//	go run ./scripts/unexport -dir ./wrapper/mapping -types State
//
// A name stays exported when its unexported form is taken: declared in
// the package, predeclared, a keyword, or a local name in scope at one of
// its uses, or a field or method of the same type. Renames are by type
// (every use of the object, in the package's files and in-package tests),
// and a doc comment that starts with the name follows it. Rerunnable.
package main
