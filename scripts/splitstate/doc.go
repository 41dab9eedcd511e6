// Command splitstate splits a package's front type into the front and a
// state type that holds its fields, so that scripts/movepkg can move the
// state and the methods that work on it into another package while the
// front keeps the API. It is the first half of issue 21's third step, run
// by scripts/move-state.sh before scripts/movepkg:
//
//	go run ./scripts/splitstate -dir ./wrapper -type Wrapper -state State \
//	  -keep wrapper.go,persist.go,...
//
// On a package that already declares -state it does nothing (rerunnable).
// Otherwise, by rule:
//
//   - the fields of -type move to a new type -state (file -file), and -type
//     becomes a struct that embeds *State: its users still write w.fields;
//   - every method of -type becomes a method of -state, except the exported
//     methods of the -keep files and the exported methods whose signature
//     names -type (the front's API, which State's methods then reach
//     through the embedding);
//   - -type becomes -state in the rest of the non-test code, except in the
//     signatures of exported functions and of the methods that stay;
//     tests' keyed literals of -type become literals of -state;
//   - then, until the package type-checks: a *Type given where a *State is
//     wanted gets .State; a *State given where a *Type is wanted is wrapped
//     with asType (declared in -front); a method of -type called on a *State
//     becomes a method of -state (in a test, the *State is wrapped instead).
//
// The caller runs gofmt and the build.
package main
