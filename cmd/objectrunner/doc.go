// Command objectrunner extracts structured objects from template-generated
// web pages, guided by a Structured Object Description (SOD).
//
// main only wires the process to Main; every subcommand is a type with a
// Run(ctx, args) error method, testable without os.Exit.
//
// Files: main.go (dispatch, usage, exit statuses), suggest.go ("did you
// mean" for a mistyped command), flags.go (flag sets,
// global flags, flags after arguments, logging), progress.go (progress bar
// on a terminal, periodic lines otherwise), one file per subcommand
// (sod_check.go, recognize.go, annotate.go, extract.go, wrapper_show.go,
// eval.go, dict.go), report.go (extract --report and --max-unfit),
// preview.go (extract --preview), common.go (SOD and store loading,
// --base-url).
package main
