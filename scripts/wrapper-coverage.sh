#!/usr/bin/env bash
# Coverage of wrapper/... over what the product is judged on (issue 21,
# branch prune7): the zoo seeds given, TestRealDev, examples/*/ and the
# four held-out sources, NOT wrapper's own unit tests. Writes OUT/all.out
# (a set-mode profile, the union of the runs) and OUT/regions.txt (the
# never-executed regions, largest first: lines, statements, file:lines).
# usage: scripts/wrapper-coverage.sh OUT SEEDS...   (e.g. /tmp/cov 1-100 48000-48299)
# Heavy: run it under nice on a quiet machine; -timeout is 60m per zoo range.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mkdir -p "$1" && cd "$1" && pwd); shift
profiles=()
for seeds in "$@"; do
  go test -count=1 -timeout 60m -covermode=set -coverpkg=./wrapper/... -coverprofile="$out/zoo-$seeds.out" \
    ./examples/zoo -run 'TestZoo$' -zoo.seeds="$seeds" -zoo.determinism=false >"$out/zoo-$seeds.txt" 2>&1
  profiles+=("$out/zoo-$seeds.out")
done
go test -count=1 -timeout 60m -covermode=set -coverpkg=./wrapper/... -coverprofile="$out/realdev.out" \
  -run 'TestRealDev$' . >"$out/realdev.txt" 2>&1 || true
profiles+=("$out/realdev.out")
# The CLI as a user runs it; the main package must be in -coverpkg for
# GOCOVERDIR to be written.
go build -cover -covermode=set -coverpkg=./wrapper/...,./cmd/objectrunner -o "$out/objectrunner" ./cmd/objectrunner
mkdir -p "$out/gocov" "$out/src" "$out/res"
python3 examples/heldout/gen.py ../shared/data/gazetteers "$out/src" >/dev/null
for d in examples/*/ "$out"/src/*/; do
  [ -f "$d/expected.jsonl" ] || continue
  n=$(basename "$d"); store=$(mktemp -d)
  GOCOVERDIR="$out/gocov" "$out/objectrunner" extract -q --dict-dir "$store" --import "$d/dictionaries" \
    --sod "$d/sod.toml" --source "$d/pages" -o "$out/res/$n.jsonl" 2>/dev/null || true
  rm -rf "$store"
done
go tool covdata textfmt -i="$out/gocov" -o="$out/cli.out"
profiles+=("$out/cli.out")
# Union: a block counts as executed when any run executed it.
awk '/^mode:/ {next} /\/cmd\/objectrunner\// {next}
     { k = $1; n[k] = $2; if ($3 > 0) c[k] = 1; else if (!(k in c)) c[k] = 0 }
     END { print "mode: set"; for (k in n) print k, n[k], c[k] }' "${profiles[@]}" >"$out/all.out"
awk 'NR > 1 { t += $2; if (!$3) u += $2 } END { printf "wrapper/...: %d statements, %d never executed (%.1f%% covered)\n", t, u, 100 * (t - u) / t }' "$out/all.out"
# Regions: runs of never-executed blocks with no executed block between.
sort -t: -k1,1 -k2,2n "$out/all.out" | awk '{
    if ($0 ~ /^mode/) next
    split($0, a, " "); split(a[1], fp, ":"); f = fp[1]; split(fp[2], r, ","); split(r[1], s, "."); split(r[2], e, ".")
    if (a[3] == 0) { if (f == cf && cur) { ce = (e[1] > ce ? e[1] : ce); cn += a[2] } else { if (cur) print ce - cs + 1, cn, cf ":" cs "-" ce; cur = 1; cf = f; cs = s[1]; ce = e[1]; cn = a[2] } }
    else { if (cur) print ce - cs + 1, cn, cf ":" cs "-" ce; cur = 0 }
  } END { if (cur) print ce - cs + 1, cn, cf ":" cs "-" ce }' | sed 's#github.com/objectrunner/objectrunner/##' | sort -k1,1nr >"$out/regions.txt"
head -20 "$out/regions.txt"
