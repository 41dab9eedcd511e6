// Package corpus runs the extraction phase of ObjectRunner over a corpus of
// sources for one SOD (seed 003, §2.2): for each source annotate, sample,
// induce and extract (objectrunner.Run), then refine the recognizers from
// the extracted objects, so that later sources are annotated better.
//
// Sources run in rounds of Options.Jobs, in the order given, the sources
// of a round in parallel; between rounds the confident values of the
// round's successful sources grow the dictionaries (objectrunner.Grower,
// held until the round ends, so the outcome does not depend on which
// source finished first). Sources discarded because they could not meet
// the SOD (too few annotations of a mandatory type, or induction stopping
// early) get a second try after all sources have run, when growth added
// entries since their try. Every source can write its objects as JSON
// Lines and its wrapper, and index its objects in a repository (package
// repository); a Report gives, per source, pages, objects, unfit pages,
// fill rate per field, confidence, growth and why it was discarded.
//
// Files:
//
//   - source.go: Source, SourceAt, Discover and Sources (a corpus
//     directory holds one sub-directory per source; a source directory
//     with a pages/ sub-directory takes its pages from there).
//   - run.go: Options, Run, the rounds, one source's try and its outputs.
//   - report.go: Report.WriteTable (the table on stderr) and WriteJSON.
package corpus
