// Command movepkg moves the declarations of one Go package that do not
// depend on a kept set of files into a new sub-package, by type, not by
// text. It is the tool of issue 21's second step (wrapper/mapping), run by
// scripts/move-mapping.sh, and is meant to be rerun on a tree where files
// were added, deleted or edited since:
//
//	go run ./scripts/movepkg -from ./wrapper -to ./wrapper/mapping \
//	  -keep wrapper.go,match.go,...
//
// What moves is decided by a rule, not a list: every top-level declaration
// of a file not in -keep moves, unless it is an exported function or
// variable (the package's API), or it refers, directly or through other
// declarations, to a declaration that stays. A type moves with all its
// methods or not at all. The declarations that stay and the package's
// in-package tests then refer to the moved ones through the new package:
// unexported names they use are exported (Cand for cand; newly exported
// struct fields get a `json:"-"` tag so that encoding/json output does not
// change), moved exported types and constants get an alias in the old
// package (type SlotMap = mapping.SlotMap) so that other packages see the
// same API. Imports of the rewritten files are pruned and completed; the
// caller runs gofmt and the build.
package main
