// Package objectrunner is the front of the extraction pipeline. For one
// source — pages that share a template: a directory or glob (Run), an
// fs.FS (RunFS) or an iterator (RunPages, source.go) — it reads, in order:
//
//	sod.Load                       the Structured Object Description (done by the caller)
//	recognizers.ForSOD             one recognizer per entity type (done by the caller)
//	annotate.SampleSource          clean pages, annotate, keep the ~20 best (Algorithm 1)
//	wrapper.Induce                 annotation-aware ExAlg on the sample (Algorithm 2)
//	(*wrapper.Wrapper).ExtractStream  every page, read and extracted in one pass, in parallel, in page order
//	Grower → dictionaries.Grow     extracted values feed the dictionaries back
//	Diagnose                       warnings when the result is likely wrong (diagnose.go)
//
// Each step takes and returns one explicit type; the packages import each
// other one way only (sod ← recognizers ← dictionaries; recognizers ← annotate ← wrapper).
//
// Files: objectrunner.go (Config, Report, Run, Learn, Extract, Grower),
// source.go (RunFS, RunPages: sources other than a directory), report.go
// (per-field counts, warnings, Report.Summary: the JSON run report).
package objectrunner
