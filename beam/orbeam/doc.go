// Package orbeam runs the corpus phase of ObjectRunner (package corpus,
// `objectrunner run`) as Apache Beam pipelines, so that it runs on Prism
// in process or on Flink, Spark or Dataflow.
//
// Run is the driver: rounds of Options.Jobs sources, one pipeline per round
// (Build), the dictionary store grown between rounds from the values the
// round's workers offered, in corpus order, and a second try for sources
// discarded before some growth; the result is the corpus.Report that
// corpus.Run gives. Build adds one round: sources → learnFn (annotate,
// sample, induce, keyed by source; the wrapper saved with wrapper.Save) →
// pages reshuffled → extractFn (every page, the wrappers as side input,
// loaded with wrapper.Load; one TaskOut per page task) → the learning
// outcome and the TaskOuts grouped by source, the round's one grouping
// (sourceFn: copies of a page left out, as corpus.Run leaves them out;
// the source's JSON Lines objects, report line, growth values and dead
// letters, pages that failed with the reason, written). The driver
// assembles the round's report.jsonl and deadletter.jsonl from the
// sources' files.
//
// Files:
//
//   - types.go: the elements (SourceTask, PageTask, WrapperRec, LearnRec,
//     PageStats, TaskOut, ClassLines, SourceOut, ObsRec) and
//     their registration.
//   - fns.go: the DoFns (learnFn, extractFn, sourceFn), Beam file system helpers.
//   - pipeline.go: Params, Round, Build.
//   - driver.go: Options, Run, the rounds and growth between them.
//   - same_test.go: TestSameAsCorpusRun (pipeline on Prism against
//     corpus.Run on examples, zoo sources and the real dev sites) and
//     TestDeadLetter, TestTemplates.
package orbeam
