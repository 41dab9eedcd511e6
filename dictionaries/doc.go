// Package dictionaries holds the isInstanceOf dictionaries of ObjectRunner:
// one class of entity names per dictionary (author, title, team, …), seeded
// from word lists and grown from extracted values, and the recognizers that
// find their entries in page text (seed 003, §3.1).
//
// A class's entries live in its Bleve index and its bulk segments (bulk.go:
// the names an import found new, written as sorted records without one
// Bleve document each; a Bleve document wins over a segment's record of the
// same name). Matching never queries either per n-gram: a run maps the
// class's matcher file (a vellum FST built from both when a writer closes),
// and Grow keeps an in-memory trie beside it. Bleve and the segments serve
// exact lookups, statistics and fuzzy, prefix and word queries for near
// misses.
//
// # Layout on disk
//
// A store is a directory (DefaultDir: $OBJECTRUNNER_DICT_DIR, else
// <user cache dir>/objectrunner/dictionaries) holding a LOCK file and one
// Bleve scorch index per class, in a subdirectory named after the class
// (with the class's bulk segments, bulk-NNNNNN.orb, beside the index's
// files), and the classes' matcher files (<class>.fst).
// One index per class, rather than one index with a class field, because the
// class is the unit of everything done to a dictionary: a run loads the
// classes its SOD names and no others, statistics are per class (an index's
// document count and term dictionaries), export and deletion are per class,
// and a million-entry class does not slow lookups in a small one. The
// document ID of an entry is its normalised form, so an entry exists once
// per class whatever its spellings.
//
// # Concurrency and crashes
//
// One writer at a time: a writer (Open without ReadOnly) takes an flock(2)
// on LOCK exclusively; a second writer gets an *InUseError (errors.Is
// ErrInUse) naming the holder's pid after Options.LockTimeout (1s), never
// a hang. Readers never wait for a writer: they open the snapshot the last
// writer published under .snapshots/ (snapshot.go: segment files
// hard-linked, root.bolt copied, at writer open and close, milliseconds),
// so `dict lookup` or `extract` run beside `extract --grow` or `dict
// import` and see the dictionaries as they were when the last writer
// closed. Writes go in batches (Options.BatchSize entries; an import's
// batches are DefaultBulkSize lines unless it is set); each batch is one
// scorch segment and at most one bulk segment (written to a temporary file,
// synced and renamed), and Bleve's safe-batch mode returns only when the
// segment is persisted, so a process killed mid-import leaves exactly the
// batches that completed; the next writer publishes them for readers (a
// DIRTY mark tells it to) and re-importing the file completes the import.
// A store directory that cannot be written is refused to writers with a
// clear error and serves readers.
//
// # Files
//
//   - normalize.go: Normalize and the tokenizer it shares with the Matcher.
//   - entry.go: Entry and Provenance; how an observation updates an entry.
//   - store.go: DefaultDir, Open, Options, Store, classes, the Bleve mapping.
//   - lock_unix.go, lock_other.go: the directory lock and ErrInUse, the
//     snapshot locks (no snapshots without flock: readers wait as writers do).
//   - snapshot.go: the readers' snapshots: publishing, opening, collecting.
//   - write.go: merging a batch of values into a class, durably: names new
//     to the class into a bulk segment (imports), the rest into Bleve.
//   - bulk.go: bulk segments (a class's imported names as sorted records,
//     word postings and a vocabulary FST), their look-ups and merging.
//   - import.go: Import and ImportFile of plain lists and TSV with counts;
//     lines over MaxLineBytes are skipped with a warning naming them.
//   - grow.go: Grow from extracted values, with refusals and their reasons.
//   - lookup.go: Lookup (exact), Search (fuzzy, prefix, words), Entries, Export.
//   - matcher.go: the in-memory Matcher and the per-class recognizers.
//   - load.go: Store.Recognizer and Store.Matcher, loading classes from their
//     matcher files (rebuilt from Bleve and the bulk segments when needed).
//   - stats.go: Selectivity (per class) and Matcher.Stats (hits on sample pages).
package dictionaries
