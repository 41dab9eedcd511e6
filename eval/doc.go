// Package eval scores extraction results against ground truth.
//
// It is the evaluation stage of ObjectRunner and imports no other package
// of the project: it reads the results file written by `objectrunner
// extract` and ground truth in SWDE's format or in a JSON Lines format of
// its own, and reports per attribute the scores of the project's targets
// and the paper's classification of the attribute.
//
// # Files
//
//   - normalize.go: Normalize (how values are compared) and the word
//     splitting used to detect merged and split values.
//   - truth.go: Truth, TruthPage, Record; matching result pages to
//     labelled pages (Truth.Page).
//   - swde.go: SWDE ground truth (ReadSWDE for one attribute file,
//     LoadSWDE for all the attribute files of a site).
//   - jsonl.go: JSON Lines readers: results (LoadResults, ReadResults) and
//     truth (LoadJSONL, ReadJSONL), with the flattening of nested objects
//     to dotted field names.
//   - score.go: Score: value-level, page-hit, relaxed and record-level
//     counting, page outcomes and classes; Options and Thresholds.
//   - report.go: Report and its parts, Scores, and Report.WriteText.
//
// # Comparison
//
// Values are compared after Normalize: Unicode NFKC, white space collapsed,
// surrounding spaces and : ; , . - | trimmed. On each labelled page and for
// each attribute, the set of extracted values (over all records of the
// page) is compared with the set of true values.
//
// # Metrics
//
// Value-level, micro-averaged over labelled pages: TP = |pred ∩ truth|,
// precision = ΣTP / Σ|pred|, recall = ΣTP / Σ|truth|. Page-hit (SWDE): a
// page is a hit when one extracted value is a true value; precision =
// hits / pages with an extracted value, recall = hits / pages with a true
// value. Record-level: a predicted record matches a true record of its
// page when every field with a true value has the same value set in both;
// records are paired one to one by a maximum bipartite matching. With
// nothing predicted, precision is 1 if nothing was expected, else 0; with
// nothing expected, recall is 1. Result pages that match no labelled page
// are listed and not scored.
//
// # Classification (ObjectRunner §4, ExAlg §6)
//
// Each extracted value that is not a true value is judged against the true
// values of its page, on words (runs of letters and digits):
//   - format: the same words as a true value (punctuation differs);
//   - merged: contains a true value of the attribute, and at least half
//     (Thresholds.MergeCover) of its words are true values of the page, of
//     this or other attributes: the value was extracted together with a
//     neighbour, e.g. "Title by Author" (paper: case 1);
//   - fragment: part of a true value; a true value is split when fragments
//     cover at least half (Thresholds.SplitCover) of its words (paper:
//     case 2, ExAlg's "each value occurred as part of a value");
//   - other: equal to, inside or around another attribute's true value.
//
// The relaxed score counts format, merged and fragment values as right.
// An attribute is
//   - correct when its value-level F1 ≥ 0.95 (Thresholds.Correct): the
//     extracted values are the true values, up to rare slips;
//   - partially correct when not correct, its relaxed F1 ≥ 0.95
//     (Thresholds.Partial) and some page has a merged, split or format
//     outcome: the values are there, at the wrong granularity;
//   - incorrect otherwise: values missing, or values of other attributes.
//
// The thresholds are round numbers fixed before looking at any site's
// results (0.95 is "correct but for one page in twenty"; a half is a
// simple majority), not fitted to a site; Options.Thresholds overrides
// them. Each wrong page gets one Outcome (spurious, missing, merged,
// split, format, incomplete, extra, other, wrong: the first that applies)
// so a user can see why an attribute is not correct.
package eval
