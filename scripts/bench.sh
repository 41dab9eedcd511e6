#!/usr/bin/env bash
# Performance measurements for the README's "Performance" section (for humans,
# not CI). From the repository root, with ../shared beside it:
#
#   scripts/bench.sh            # everything (~5 min on 2 cores)
#   scripts/bench.sh e2e        # only `objectrunner extract` on 200 and 2,000 pages
#   scripts/bench.sh stages     # only the stage benchmarks + benchstat
#
# Environment: SHARED (default ../shared), OUT (results directory, default a
# new temporary one), COUNT (benchmark -count, default 6), BENCHTIME (benchmark
# -benchtime, default go test's 1s), REPEAT (runs of each end-to-end command;
# the median by wall time is reported, default 3).
#
# End to end, the SWDE book SOD of examples/swde-book is run on the SWDE
# booksamillion source: learning + extraction (dictionaries: the book
# gazetteers, imported beforehand, not timed), then the saved wrapper applied
# alone (`extract --wrapper`), each on the first 200 pages and on all 2,000.
# Wall time and peak resident memory come from GNU time (Debian package
# `time`) when /usr/bin/time exists, else from a small Go program that reads
# the child's rusage (also with PEAKRSS=go).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
shared=${SHARED:-../shared}
count=${COUNT:-6}
repeat=${REPEAT:-3}
what=${1:-all}
src="$shared/data/swde/book-booksamillion"
if [ ! -d "$src" ]; then
	echo "bench.sh: $src not found (the shared data sits beside the repository; set SHARED)" >&2
	exit 1
fi
out=${OUT:-$(mktemp -d /tmp/objectrunner-bench.XXXXXX)}
mkdir -p "$out"
echo "results in $out"

echo "== machine"
{
	echo "cpus: $(nproc)"
	echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
	echo "go: $(go version)"
	echo "load: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min)"
	echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo ' + local changes')"
} | tee "$out/machine.txt"

# measure LABEL PAGES BYTES CMD...: runs CMD, prints pages/s, MB/s, peak RSS.
if [ -x /usr/bin/time ] && [ "${PEAKRSS:-}" != go ]; then
	measure_cmd() { /usr/bin/time -f '%e %M' -o "$out/time.txt" "$@"; }
else
	# Fallback: wall time and ru_maxrss (KiB) of the child through os/exec.
	mkdir -p "$out/peakrss"
	cat >"$out/peakrss/main.go" <<'EOF'
package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	cmd := exec.Command(os.Args[2], os.Args[3:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	t0 := time.Now()
	err := cmd.Run()
	wall := time.Since(t0)
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	os.WriteFile(os.Args[1], []byte(fmt.Sprintf("%.2f %d\n", wall.Seconds(), ru.Maxrss)), 0o644)
	os.Exit(cmd.ProcessState.ExitCode())
}
EOF
	(cd "$out/peakrss" && go build -o peakrss main.go)
	measure_cmd() { "$out/peakrss/peakrss" "$out/time.txt" "$@"; }
fi
# measure LABEL PAGES BYTES CMD...: runs CMD $REPEAT times (stderr to
# e2e.log) and prints the run of median wall time: pages/s, MB/s, peak RSS.
measure() {
	local label=$1 pages=$2 bytes=$3
	shift 3
	: >"$out/runs.txt"
	for _ in $(seq "$repeat"); do
		measure_cmd "$@" 2>>"$out/e2e.log"
		cat "$out/time.txt" >>"$out/runs.txt"
	done
	read -r secs kib < <(sort -n "$out/runs.txt" | sed -n "$(((repeat + 1) / 2))p")
	awk -v l="$label" -v p="$pages" -v b="$bytes" -v s="$secs" -v k="$kib" 'BEGIN {
		printf "| %-18s | %5d | %7.2f | %8.0f | %6.1f | %6.0f |\n", l, p, s, p/s, b/1e6/s, k/1024 }' |
		tee -a "$out/e2e.md"
}

if [ "$what" = all ] || [ "$what" = e2e ]; then
	echo "== end to end: objectrunner extract"
	bin="$out/objectrunner"
	go build -o "$bin" ./cmd/objectrunner
	dict="$out/dict"
	for f in "$shared"/data/gazetteers/book/*.txt; do
		"$bin" dict import --dir "$dict" --class "$(basename "$f" .txt)" "$f" >/dev/null 2>&1
	done
	sod=examples/swde-book/sod.toml
	small="$src/0[01]??.htm" # the first 200 pages (annotate.ListSource globs)
	# shellcheck disable=SC2086 # $small is a glob on purpose
	small_bytes=$(cat $small | wc -c)
	small_pages=$(ls $small | wc -l)
	all_bytes=$(cat "$src"/*.htm | wc -c)
	all_pages=$(ls "$src"/*.htm | wc -l)
	{
		echo "| run (median of $repeat) | pages | wall s | pages/s | MB/s | peak RSS MiB |"
		echo "|---|---:|---:|---:|---:|---:|"
	} | tee "$out/e2e.md"
	# Learning runs once untimed first, so every timed run reads warm files.
	"$bin" extract -q --sod "$sod" --source "$src" --dict-dir "$dict" --save-wrapper "$out/wrapper.json" -o /dev/null 2>/dev/null
	measure "learn + extract" "$small_pages" "$small_bytes" \
		"$bin" extract -q --sod "$sod" --source "$small" --dict-dir "$dict" -o "$out/small-learn.jsonl"
	measure "learn + extract" "$all_pages" "$all_bytes" \
		"$bin" extract -q --sod "$sod" --source "$src" --dict-dir "$dict" -o "$out/all-learn.jsonl"
	measure "extract --wrapper" "$small_pages" "$small_bytes" \
		"$bin" extract -q --wrapper "$out/wrapper.json" --source "$small" -o "$out/small.jsonl"
	measure "extract --wrapper" "$all_pages" "$all_bytes" \
		"$bin" extract -q --wrapper "$out/wrapper.json" --source "$src" -o "$out/all.jsonl"
	echo "objects: $(wc -l <"$out/small.jsonl") from $small_pages pages, $(wc -l <"$out/all.jsonl") from $all_pages"
	echo "== in-process heap (TestExtractMemoryFlat)"
	go test -run '^TestExtractMemoryFlat$' -count 1 -v . | grep -E 'pages:|learned|ok|FAIL' | tee "$out/memory.txt"
fi

if [ "$what" = all ] || [ "$what" = stages ]; then
	echo "== stage benchmarks: go test -run '^\$' -bench Stages -count $count ."
	bt=()
	[ -n "${BENCHTIME:-}" ] && bt=(-benchtime "$BENCHTIME")
	go test -run '^$' -bench Stages -count "$count" "${bt[@]}" . | tee "$out/stages.txt"
	echo "== benchstat"
	go run golang.org/x/perf/cmd/benchstat@latest "$out/stages.txt" | tee "$out/benchstat.txt"
fi
echo "results in $out"
