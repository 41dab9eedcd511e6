#!/usr/bin/env bash
# Regression check on the four generated held-out sources (examples/heldout):
# generate them outside the repository, extract each as a user would, and
# fail when a field's value F1 or the record F1 falls below 0.98.
# usage: scripts/heldout-check.sh [GAZETTEERS_DIR]   (default ../shared/data/gazetteers)
set -euo pipefail
cd "$(dirname "$0")/.."
gaz=${1:-../shared/data/gazetteers}
if [ ! -d "$gaz" ]; then echo "heldout-check: $gaz not found (../shared sits beside the repository): skipped"; exit 0; fi
if ! command -v python3 >/dev/null; then echo "heldout-check: python3 not found: skipped"; exit 0; fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 examples/heldout/gen.py "$gaz" "$tmp/src" >/dev/null
go build -o "$tmp/objectrunner" ./cmd/objectrunner
fail=0
for d in "$tmp"/src/*/; do
  name=$(basename "$d")
  OBJECTRUNNER="$tmp/objectrunner" examples/heldout/run.sh "${d%/}" >/dev/null 2>&1 || true
  "$tmp/objectrunner" eval -q --json --truth "$d/expected.jsonl" --results "$d/results.jsonl" >"$tmp/$name.json" || { echo "$name: eval failed"; fail=1; continue; }
  python3 - "$name" "$tmp/$name.json" <<'PY' || fail=1
import json, sys
name, path = sys.argv[1], sys.argv[2]
r = json.load(open(path))
scores = [(a["name"], a["value"]["f1"]) for a in r["attributes"]]
rec = r.get("records")
if rec:
    scores.append(("(records)", rec["f1"]))
print(name + ": " + ", ".join(f"{n} {f:.3f}" for n, f in scores))
bad = [n for n, f in scores if f < 0.98]
if bad:
    print(f"{name}: below 0.98: {', '.join(bad)}")
    sys.exit(1)
PY
done
exit $fail
