#!/usr/bin/env bash
# Runs every fuzz target of the repository for FUZZTIME each (default 60s),
# one after the other, and reports the ones that failed. Targets are found
# with `go test -list`, so a new Fuzz function is fuzzed without editing
# this script. From the repository root:
#
#   scripts/fuzz.sh                       # every target, 60 s each
#   FUZZTIME=10s scripts/fuzz.sh ./sod    # some packages, 10 s each
#
# A failing input is written by Go under PKG/testdata/fuzz/TARGET/; commit
# it with the fix: `go test` then runs it as a regression seed forever.
# Exit status: 0 when every target ran clean, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
fuzztime=${FUZZTIME:-60s}
pkgs=("$@")
if [ ${#pkgs[@]} -eq 0 ]; then
	mapfile -t pkgs < <(go list ./...)
fi
failed=()
ran=0
start=$(date +%s)
for pkg in "${pkgs[@]}"; do
	targets=$(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true)
	for target in $targets; do
		ran=$((ran + 1))
		t0=$(date +%s)
		log=$(mktemp)
		if go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg" >"$log" 2>&1; then
			execs=$(grep -o 'execs: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
			printf '%-60s ok    %4ss  %s execs\n' "$pkg $target" "$(($(date +%s) - t0))" "${execs:-?}"
		else
			printf '%-60s FAIL  %4ss\n' "$pkg $target" "$(($(date +%s) - t0))"
			sed 's/^/    /' "$log" | tail -25
			failed+=("$pkg $target")
		fi
		rm -f "$log"
	done
done
echo "fuzz.sh: $ran targets, $fuzztime each, $(($(date +%s) - start))s in all; ${#failed[@]} failed"
for f in "${failed[@]}"; do
	echo "  FAILED: $f"
done
[ ${#failed[@]} -eq 0 ]
