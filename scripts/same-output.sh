#!/usr/bin/env bash
# Byte-comparison harness for behaviour-preserving refactorings (issue 21):
# captures the output of the pipeline on every examples/ source (objects,
# run report without timings, saved wrapper, and the objects the saved
# wrapper extracts alone), the zoo seeds (default 1-150: objects, report,
# wrapper) and the SWDE dev sites (TestRealDev's log without timings and
# its judged values), into OUT. Run it before and after a move and compare
# the two directories with `diff -r`.
# usage: scripts/same-output.sh OUT [ZOO_SEEDS]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "$1"); seeds=${2:-1-150}
mkdir -p "$out/examples" "$out/zoo" "$out/real"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/objectrunner" ./cmd/objectrunner
bin="$tmp/objectrunner"
notime() { python3 -c '
import json, sys
r = json.load(open(sys.argv[1])); r.pop("timings_s", None)
json.dump(r, sys.stdout, indent=1, sort_keys=True)' "$1"; }
for d in examples/*/; do
  [ -f "$d/expected.jsonl" ] || continue
  n=$(basename "$d"); store="$tmp/store-$n"
  "$bin" extract -q --workers 1 --dict-dir "$store" --import "$d/dictionaries" --sod "$d/sod.toml" \
    --source "$d/pages" -o "$out/examples/$n.jsonl" --save-wrapper "$out/examples/$n.wrapper.json" \
    --report "$tmp/$n.report.json" 2>"$out/examples/$n.stderr" || echo "exit $?" >>"$out/examples/$n.stderr"
  notime "$tmp/$n.report.json" >"$out/examples/$n.report.json"
  "$bin" extract -q --workers 1 --dict-dir "$store" --wrapper "$out/examples/$n.wrapper.json" \
    --source "$d/pages" -o "$out/examples/$n.rewrap.jsonl" 2>>"$out/examples/$n.stderr" || echo "exit $?" >>"$out/examples/$n.stderr"
  sed -i -E 's/^time=[^ ]+ //' "$out/examples/$n.stderr"
done
zdir="$tmp/zoo"; mkdir -p "$zdir"
go test ./examples/zoo -count=1 -timeout 60m -run 'TestZoo$' -zoo.seeds="$seeds" -zoo.out="$zdir" >"$tmp/zoo.log" 2>&1 || true
grep -E '^(ok|FAIL|---)' "$tmp/zoo.log" | sed -E 's/[0-9.]+s\)?$//' >"$out/zoo/test.log" || true
cp "$zdir/zoo-report.txt" "$out/zoo/" 2>/dev/null || true
for d in "$zdir"/*/; do
  n=$(basename "$d")
  for f in results.jsonl wrapper.json; do [ -f "$d/$f" ] && cp "$d/$f" "$out/zoo/$n.$f"; done
  [ -f "$d/report.txt" ] && sed -E '/ objects, [0-9]+ unfit pages, /s/, [0-9.hmµns]+$//' "$d/report.txt" >"$out/zoo/$n.report.txt"
done
if [ -d ../shared/data/swde ]; then
  go test . -count=1 -timeout 60m -run 'TestRealDev$' -v -realdev.values="$out/real/values.jsonl" >"$tmp/real.log" 2>&1 || true
  sed -E 's/\([0-9.]+s\)//; s/[0-9.]+s$//' "$tmp/real.log" >"$out/real/test.log"
fi
echo "outputs in $out: $(find "$out" -type f | wc -l) files"
