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
// loaded with wrapper.Load) → the pages' sums grouped by source
// (sourcePagesFn: copies of a page left out, as corpus.Run leaves them out,
// the dropped pages a side input of the writers) → sharded JSON Lines
// objects, the report (CoGroupByKey), growth values grouped per class and
// a dead-letter output for pages that failed, with the reason.
//
// Files:
//
//   - types.go: the elements (SourceTask, PageTask, WrapperRec, LearnRec,
//     PageStats, TaskPages, DropRec, ObjectBatch, ObsBatch, ObsRec) and
//     their registration.
//   - fns.go: the DoFns, shard and growth writers, Beam file system helpers.
//   - pipeline.go: Params, Round, Build.
//   - driver.go: Options, Run, the rounds and growth between them.
//   - same_test.go: TestSameAsCorpusRun (pipeline on Prism against
//     corpus.Run on examples, zoo sources and the real dev sites) and
//     TestDeadLetter.
package orbeam
