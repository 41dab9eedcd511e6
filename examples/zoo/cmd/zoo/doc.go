// Command zoo writes template-zoo sources (package zoo) to disk, one
// directory per seed in the layout of examples/<name>/, and prints a line
// per seed describing the template it drew.
//
//	go run ./examples/zoo/cmd/zoo -seeds 1-40 -out /tmp/zoo
//
// Each directory (e.g. /tmp/zoo/s0007-sports-list) holds sod.toml, pages/,
// expected.jsonl, dictionaries/CLASS.txt and FEATURES.txt, so that
//
//	objectrunner extract --sod DIR/sod.toml --source DIR/pages --import DIR/dictionaries \
//	    --dict-dir "$(mktemp -d)" -o out.jsonl
//	objectrunner eval --truth DIR/expected.jsonl --results out.jsonl
//
// runs and scores the pipeline on it.
package main
