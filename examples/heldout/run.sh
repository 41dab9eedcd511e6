#!/usr/bin/env bash
# Run one held-out source through objectrunner as a user would, and score it.
# usage: examples/heldout/run.sh DIR/NAME [--plain]    (DIR as given to gen.py)
set -u
d=$1; shift
bin=${OBJECTRUNNER:-objectrunner}
store=$(mktemp -d)
"$bin" extract "$@" -q --dict-dir "$store" --import "$d/dictionaries" --sod "$d/sod.toml" \
    --source "$d/pages" -o "$d/results.jsonl" --save-wrapper "$d/wrapper.json"
"$bin" eval --truth "$d/expected.jsonl" --results "$d/results.jsonl" --show 3
rm -rf "$store"
