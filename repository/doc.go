// Package repository is the ObjectRunner repository (seed 003, §1 and
// §3.4): the objects extracted from every source, indexed with Bleve
// (embedded, no server) so that they can be queried by example — value
// restrictions per field, keywords over the objects' source pages, choice
// of SODs and sources, joins across two SODs — with results ranked by a
// score that combines full-text relevance and extraction confidence.
//
// # What is indexed
//
// One document per object: its SOD, source, page and position, its
// confidence (Confidence: the mean over its fields of each field's mean
// value confidence), the visible text of its page (keywords), the object as
// `objectrunner extract` writes it (stored, returned by queries), and each
// SOD field by dotted path (Fields) in up to four ways, by Kind:
//
//	t.PATH  every field, full text (standard analyzer)       title~window
//	k.PATH  every field, exact keys: text and normalised     author="Ann Meyer", isbn=978-1-4391-8430-1
//	        form, folded as dictionaries.Normalize folds
//	n.PATH  numeric fields (price, number, percent, year),   price<20
//	        the recognizer's normalised number
//	d.PATH  date fields, the recognizer's ISO date           date>=2010-01
//
// Values without a normalised form get one from their field's predefined
// recognizer at indexing time.
//
// # Layout on disk and concurrency
//
// A repository is a directory holding MANIFEST.json, a LOCK file and one
// Bleve index per source under idx/. A Writer indexes a source into a new
// temporary directory; Commit closes it, renames it and names it in the
// manifest in place of the source's previous index (under the LOCK, held
// only for that step), then removes what no manifest names. The manifest is
// replaced by rename, so a reader sees the old or the new set of sources,
// never half of one. Readers (OpenReader) take no lock: they open the
// indexes the manifest names read-only, and no writer ever changes those.
// So `query` and `serve` are never blocked by a running `run --repo`, and a
// writer killed at any point leaves every source as it was; the next commit
// removes its leftovers (temporary directories are kept while the process
// named in them is alive). Re-running a source replaces its objects: no
// duplicates.
//
// # Files
//
//   - schema.go: Kind, Field and Fields (an SOD's queryable fields),
//     normalised numbers and date intervals.
//   - document.go: the Bleve mapping (one for every index) and the
//     document of an object; Confidence.
//   - repo.go: the manifest, its atomic replacement, garbage collection,
//     Remove.
//   - lock_unix.go, lock_other.go: the writers' lock.
//   - writer.go: Writer (NewWriter, Add, Commit, Abort).
//   - reader.go: Reader (OpenReader), snapshots, global BM25 statistics.
//   - query.go: Query, Restriction (ParseRestriction), Join (ParseJoin).
//   - build.go: planning a query: SODs, sides of a join, Bleve queries of
//     restrictions.
//   - search.go: Search, ranking (Hit, Result).
//   - topk.go: the collector handler that keeps a query's best matches.
//   - join.go: joins across two SODs.
//   - joinkeys.go: a join side's matches and their keys, read from the
//     postings of the k.PATH terms (keysQuery, sideHits).
//   - explain.go: explanations of scores.
//
// # Ranking
//
// A query's restrictions split in two: exact values, ranges, SODs and
// sources filter without scoring; full-text parts (FIELD~words, keywords)
// score with BM25. Relevance is a hit's BM25 score divided by the best
// score of the query's matches (1 without a full-text part), and
//
//	Score = Relevance × Confidence
//
// (a join multiplies the scores of its two objects). Without a full-text
// part Bleve sorts by confidence directly, without scoring; with one, every
// match is scored once and a handler of Bleve's collector keeps those that
// can still be among the best (BM25 score × confidence not below the
// current best ones, less a rounding margin), ranked at the end. Ranking
// reads no stored field: the confidence of a match comes from the Reader's
// memory (each index's confidences, 8 bytes per object, read from the conf
// doc values by the first query that ranks in it; the indexes are
// read-only), and pos (the tie-break: source, page, index, SOD) from doc
// values when an index's matches are done, for those it keeps; the stored
// objects are read for the results alone. A query without a restriction
// (keywords alone, over one SOD or several) runs without a filter: Bleve
// then searches the full-text part alone.
//
// # Joins
//
// The side of a join that matches fewer objects (the build side) is read
// whole, then its keys restrict the other (the probe side). Neither side
// reads a stored field: a stored read decompresses the object's whole
// stored document (the object and its page's text). The probe side is
// restricted by keysQuery, whose searcher reads the postings of the build
// side's keys in each segment once and leaves each match's keys for the
// collector; the build side's keys come from the postings of the field's
// whole dictionary, read once per index and field and kept by the Reader
// (or, when the side may match less than a sixteenth of its indexes'
// objects, from the stored k.PATH field). Internal document
// IDs tie postings to matches within one index snapshot (the handler's
// reader). BM25 uses
// document and token counts summed over the sources searched, but Bleve
// takes a word's document frequency from each source's index, so relevance
// across sources is comparable only roughly.
package repository
