#!/usr/bin/env bash
# Performance measurements for docs/performance.md (for humans,
# not CI). From the repository root, with ../shared beside it:
#
#   scripts/bench.sh            # everything (~15 min on 2 cores)
#   scripts/bench.sh e2e        # only `objectrunner extract` on 200 and 2,000 pages
#   scripts/bench.sh stages     # only the stage benchmarks + benchstat
#   scripts/bench.sh scraper    # extract --wrapper against the goquery and lxml scrapers (and BASE)
#   scripts/bench.sh scale      # learning and extraction on 200, 2,000 and 20,000 pages
#   scripts/bench.sh memory     # peak RSS over 2,000 / 20,000 / 200,000 distinct pages, and a 20 MB page (not in "all")
#   README=1 scripts/bench.sh   # everything, then README.md's table (summary.md) replaced by this run's
#
# Environment: SHARED (default ../shared), OUT (results directory, default a
# new temporary one), COUNT (benchmark -count, default 6), BENCHTIME (benchmark
# -benchtime, default go test's 1s), REPEAT (runs of each end-to-end command;
# the median by wall time is reported, default 3), PAIRS (runs of each command
# in the scraper comparison, default 7), BASE (another objectrunner binary,
# e.g. built from an older commit, compared in the scraper runs too).
#
# End to end, the SWDE book SOD of examples/swde-book is run on the SWDE
# booksamillion source: learning + extraction (dictionaries: the book
# gazetteers, imported beforehand, not timed), then the saved wrapper applied
# alone (`extract --wrapper`), each on the first 200 pages and on all 2,000.
# Wall time and peak resident memory come from GNU time (Debian package
# `time`) when /usr/bin/time exists, else from a small Go program that reads
# the child's rusage (also with PEAKRSS=go).
#
# The scraper comparison runs `objectrunner extract --wrapper` and the
# hand-written goquery scraper of scripts/bookscraper on the 2,000 pages, in
# turn (A B A B ...), and reports CPU time (user + system, GNU time) and the
# ratio of each pair: pairing keeps the ratio meaningful on a machine whose
# speed drifts. The scale runs copy the 2,000 pages ten times into a
# temporary directory for 20,000 pages. The memory runs write 20,000 and
# 200,000 distinct pages (scripts/manypages: the 2,000 repeated with a
# comment naming the copy, in directories of 2,000; 8 GB for 200,000) and
# reliability's shop pages with one 20 MB page; MEMPAGES (default
# "2000 20000 200000") chooses the sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
shared=${SHARED:-../shared}
count=${COUNT:-6}
repeat=${REPEAT:-3}
pairs=${PAIRS:-7}
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
[ "$what" = summary ] && [ -f "$out/machine.txt" ] && cat "$out/machine.txt" || {
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

# cpu CMD...: runs CMD (output discarded) under GNU time and prints
# "cpu_seconds peak_kib".
cpu() {
	/usr/bin/time -f '%U %S %M' -o "$out/cpu.txt" "$@" >/dev/null 2>>"$out/cpu.log"
	awk '{ printf "%.3f %d\n", $1 + $2, $3 }' "$out/cpu.txt"
}

# median: the median of the numbers on stdin.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# build_tools builds objectrunner and the scraper, imports the gazetteers
# and learns the wrapper of the 2,000 pages (once per results directory).
build_tools() {
	bin="$out/objectrunner"
	scraper="$out/bookscraper"
	[ -x "$bin" ] || go build -o "$bin" ./cmd/objectrunner
	[ -x "$scraper" ] || go build -o "$scraper" ./scripts/bookscraper
	dict="$out/dict"
	if [ ! -d "$dict" ]; then
		for f in "$shared"/data/gazetteers/book/*.txt; do
			"$bin" dict import --dir "$dict" --class "$(basename "$f" .txt)" "$f" >/dev/null 2>&1
		done
	fi
	sod=examples/swde-book/sod.toml
	[ -f "$out/wrapper.json" ] || "$bin" extract -q --sod "$sod" --source "$src" --dict-dir "$dict" \
		--save-wrapper "$out/wrapper.json" -o /dev/null 2>/dev/null
}

if [ "$what" = all ] || [ "$what" = scraper ]; then
	echo "== extract --wrapper against the goquery and lxml scrapers (2,000 pages, $pairs pairs, CPU = user + system)"
	build_tools
	# The lxml/XPath scraper runs when a python3 with lxml is found
	# (Debian: apt-get install python3-lxml); LXML_PYTHON chooses it.
	lxml=
	for py in ${LXML_PYTHON:-python3 /usr/bin/python3}; do
		if command -v "$py" >/dev/null && "$py" -c 'import lxml.html' 2>/dev/null; then
			lxml=$(command -v "$py")
			break
		fi
	done
	[ -n "$lxml" ] || echo "(no python3 with lxml: the lxml scraper is left out)"
	: >"$out/pairs.txt"
	for _ in $(seq "$pairs"); do
		read -r a ka < <(cpu "$bin" extract -q --wrapper "$out/wrapper.json" --source "$src" -o /dev/null)
		read -r s ks < <(cpu "$scraper" -selectors scripts/bookscraper/swde-book.json "$src")
		b=- kb=-
		if [ -n "${BASE:-}" ]; then
			read -r b kb < <(cpu "$BASE" extract -q --wrapper "$out/wrapper.json" --source "$src" -o /dev/null)
		fi
		x=- kx=-
		if [ -n "$lxml" ]; then
			read -r x kx < <(cpu "$lxml" scripts/bookscraper/lxml_scraper.py -selectors scripts/bookscraper/swde-book.xpath.json "$src")
		fi
		echo "$a $s $b $ka $ks $kb $x $kx" >>"$out/pairs.txt"
	done
	{
		echo "| command (median of $pairs runs) | CPU s | pages/s per CPU-s | peak RSS MiB |"
		echo "|---|---:|---:|---:|"
		awk '{ print $1 }' "$out/pairs.txt" | median | awk -v k="$(awk '{ print $4 }' "$out/pairs.txt" | median)" \
			'{ printf "| objectrunner extract --wrapper | %.2f | %.0f | %.0f |\n", $1, 2000 / $1, k / 1024 }'
		awk '{ print $2 }' "$out/pairs.txt" | median | awk -v k="$(awk '{ print $5 }' "$out/pairs.txt" | median)" \
			'{ printf "| goquery scraper (scripts/bookscraper) | %.2f | %.0f | %.0f |\n", $1, 2000 / $1, k / 1024 }'
		if [ -n "$lxml" ]; then
			awk '{ print $7 }' "$out/pairs.txt" | median | awk -v k="$(awk '{ print $8 }' "$out/pairs.txt" | median)" \
				'{ printf "| lxml/XPath scraper (scripts/bookscraper/lxml_scraper.py) | %.2f | %.0f | %.0f |\n", $1, 2000 / $1, k / 1024 }'
		fi
		if [ -n "${BASE:-}" ]; then
			awk '{ print $3 }' "$out/pairs.txt" | median | awk -v k="$(awk '{ print $6 }' "$out/pairs.txt" | median)" \
				'{ printf "| BASE extract --wrapper | %.2f | %.0f | %.0f |\n", $1, 2000 / $1, k / 1024 }'
		fi
		echo
		echo "objectrunner / scraper CPU, per pair: median $(awk '{ print $1 / $2 }' "$out/pairs.txt" | median)" \
			"(min $(awk '{ print $1 / $2 }' "$out/pairs.txt" | sort -g | head -1), max $(awk '{ print $1 / $2 }' "$out/pairs.txt" | sort -g | tail -1))"
		if [ -n "$lxml" ]; then
			echo "objectrunner / lxml scraper CPU, per pair: median $(awk '{ print $1 / $7 }' "$out/pairs.txt" | median)" \
				"(min $(awk '{ print $1 / $7 }' "$out/pairs.txt" | sort -g | head -1), max $(awk '{ print $1 / $7 }' "$out/pairs.txt" | sort -g | tail -1))"
		fi
		if [ -n "${BASE:-}" ]; then
			echo "objectrunner / BASE CPU, per pair: median $(awk '{ print $1 / $3 }' "$out/pairs.txt" | median)" \
				"(min $(awk '{ print $1 / $3 }' "$out/pairs.txt" | sort -g | head -1), max $(awk '{ print $1 / $3 }' "$out/pairs.txt" | sort -g | tail -1))"
		fi
	} | tee "$out/scraper.md"
fi

if [ "$what" = all ] || [ "$what" = scale ]; then
	echo "== learning and extraction on 200, 2,000 and 20,000 pages (the 2,000 copied ten times)"
	build_tools
	big="$out/pages20000"
	if [ ! -d "$big" ]; then
		for c in 0 1 2 3 4 5 6 7 8 9; do
			mkdir -p "$big/copy$c" && cp "$src"/*.htm "$big/copy$c/"
		done
	fi
	{
		echo "| pages | learn: sample s | learn: induce s | sample chosen from | learn + extract CPU s | peak RSS MiB | extract --wrapper CPU s | pages/s per CPU-s | peak RSS MiB |"
		echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	} | tee "$out/scale.md"
	for n in 200 2000 20000; do
		case $n in
		200) source="$src/0[01]??.htm" ;;
		2000) source="$src" ;;
		20000) source="$big" ;;
		esac
		# The 200-page source is a glob that objectrunner expands.
		/usr/bin/time -f '%U %S %M' -o "$out/learn.txt" "$bin" extract --sod "$sod" --source "$source" \
			--dict-dir "$dict" -o /dev/null 2>"$out/learn-$n.log"
		st=$(grep -o 'msg=sample .*time=[0-9.]*m\?s' "$out/learn-$n.log" | grep -o 'time=[0-9.]*m\?s' | sed 's/time=//')
		it=$(grep -o 'msg="wrapper learned".*time=[0-9.]*m\?s' "$out/learn-$n.log" | grep -o 'time=[0-9.]*m\?s' | sed 's/time=//')
		pool=$(grep -o 'pool=[0-9]*' "$out/learn-$n.log" | cut -d= -f2)
		read -r lcpu lrss < <(awk '{ printf "%.2f %d\n", $1 + $2, $3 }' "$out/learn.txt")
		read -r ecpu erss < <(cpu "$bin" extract -q --wrapper "$out/wrapper.json" --source "$source" -o /dev/null)
		awk -v n="$n" -v st="$st" -v it="$it" -v pool="$pool" -v lc="$lcpu" -v lr="$lrss" -v ec="$ecpu" -v er="$erss" 'BEGIN {
			printf "| %d | %s | %s | %s | %.2f | %.0f | %.2f | %.0f | %.0f |\n", n, st, it, pool, lc, lr / 1024, ec, n / ec, er / 1024 }' |
			tee -a "$out/scale.md"
	done
	rm -rf "$big"
fi

if [ "$what" = memory ]; then # not in "all": it writes 8 GB of pages
	echo "== peak RSS (GNU time) over 2,000 to 200,000 distinct pages, and one 20 MB page"
	build_tools
	go build -o "$out/manypages" ./scripts/manypages
	{
		echo "| pages | extract --wrapper: peak RSS MiB | CPU s | learn + extract: peak RSS MiB | CPU s |"
		echo "|---:|---:|---:|---:|---:|"
	} | tee "$out/memory.md"
	for n in ${MEMPAGES:-2000 20000 200000}; do
		source="$src"
		if [ "$n" != 2000 ]; then
			source="$out/pages$n"
			[ -d "$source" ] || "$out/manypages" -src "$src" -n "$n" -out "$source"
		fi
		read -r ecpu erss < <(cpu "$bin" extract -q --wrapper "$out/wrapper.json" --source "$source" -o /dev/null)
		read -r lcpu lrss < <(cpu "$bin" extract -q --sod "$sod" --dict-dir "$dict" --source "$source" -o /dev/null)
		awk -v n="$n" -v ec="$ecpu" -v er="$erss" -v lc="$lcpu" -v lr="$lrss" 'BEGIN {
			printf "| %d | %.1f | %.1f | %.1f | %.1f |\n", n, er / 1024, ec, lr / 1024, lc }' | tee -a "$out/memory.md"
		[ "$source" = "$src" ] || rm -rf "$source"
	done
	"$out/manypages" -big 20000000 -out "$out/bigpage"
	"$bin" extract -q --sod "$out/bigpage/shop.toml" --source "$out/bigpage/learn" --save-wrapper "$out/shop.wrapper.json" -o /dev/null
	read -r bcpu brss < <(cpu "$bin" extract -q --wrapper "$out/shop.wrapper.json" --source "$out/bigpage/big" -o /dev/null)
	echo "one 20 MB page (and 9 small ones), extract --wrapper: peak RSS $((brss / 1024)) MiB, $bcpu CPU s" | tee -a "$out/memory.md"
	rm -rf "$out/bigpage"
fi

if [ "$what" = all ] || [ "$what" = stages ]; then
	echo "== stage benchmarks: go test -run '^\$' -bench Stages -count $count ."
	bt=()
	[ -n "${BENCHTIME:-}" ] && bt=(-benchtime "$BENCHTIME")
	go test -run '^$' -bench Stages -count "$count" "${bt[@]}" . | tee "$out/stages.txt"
	echo "== benchstat"
	go run golang.org/x/perf/cmd/benchstat@latest "$out/stages.txt" | tee "$out/benchstat.txt"
fi
# summary: one table of the run's key figures (summary.md), the table
# README.md shows between its "bench:begin" and "bench:end" markers;
# README=1 writes it there. Also a mode of its own (OUT=DIR scripts/bench.sh
# summary) that rebuilds it from an earlier run's files.
# The load at the end says whether the machine stayed quiet (the start's is in machine.txt).
[ "$what" = all ] && cut -d' ' -f1 /proc/loadavg >"$out/load-end.txt"
if [ "$what" = all ] || [ "$what" = summary ]; then
	# metric BENCH UNIT: the median of UNIT over the stages.txt lines of BENCH.
	metric() {
		[ -f "$out/stages.txt" ] || return 0
		awk -v b="$1" -v u="$2" '$1 ~ "^BenchmarkStages/" b "(-[0-9]+)?$" { for (i = 3; i < NF; i++) if ($(i + 1) == u) print $i }' "$out/stages.txt" | median | awk '{ printf "%.2f", $1 }'
	}
	{
		# The run's own machine.txt (written at its start) says what was measured.
		echo "Measured $(date -u -r "$out/machine.txt" +%Y-%m-%d) at commit $(sed -n 's/^commit: //p' "$out/machine.txt"), $(sed -n 's/^cpus: //p' "$out/machine.txt") CPUs, load $(sed -n 's/^load: \([^ ]*\).*/\1/p' "$out/machine.txt") at the start$([ -f "$out/load-end.txt" ] && echo " and $(cat "$out/load-end.txt") at the end") (\`scripts/bench.sh\`; every ratio is taken within the run):"
		echo
		echo "| what | measured | target |"
		echo "|---|---:|---:|"
		if [ -f "$out/stages.txt" ]; then
			echo "| HTML parse floor (x/net/html \`Parse\`), SWDE book pages | $(metric parse MB/s) MB/s | |"
			echo "| annotate, every SOD type (parse floor time / stage time) | $(metric annotate x-floor)× | ≥ 0.5× |"
			echo "| extract with a learned wrapper (parse floor time / stage time) | $(metric extract x-floor)× | ≥ 1.67× (≤ 0.6 of the floor's time) |"
			echo "| induce a wrapper from the 20-page sample | $(metric induce ms/op | cut -d. -f1) ms | ≤ 1,000 ms |"
		fi
		if [ -f "$out/pairs.txt" ]; then
			echo "| \`extract --wrapper\`, 2,000 pages, CPU / goquery scraper's CPU (median of $(wc -l <"$out/pairs.txt") pairs) | $(awk '{ printf "%.2f\n", $1 / $2 }' "$out/pairs.txt" | median)× | ≤ 0.6× |"
			if awk '$7 != "-" { f = 1 } END { exit !f }' "$out/pairs.txt"; then
				echo "| \`extract --wrapper\`, 2,000 pages, CPU / lxml scraper's CPU (median of $(wc -l <"$out/pairs.txt") pairs) | $(awk '$7 != "-" { printf "%.2f\n", $1 / $7 }' "$out/pairs.txt" | median)× | ≤ 0.5× |"
			fi
			echo "| \`extract --wrapper\`, pages per CPU-second | $(awk '{ print $1 }' "$out/pairs.txt" | median | awk '{ printf "%.0f", 2000 / $1 }') | |"
		fi
		if [ -f "$out/scale.md" ]; then
			awk -F'|' '$2 + 0 == 20000 { printf "| 20,000 pages (the 2,000 ten times: copies read, then left out): learn + extract, CPU s / peak RSS | %s s / %s MiB | sub-linear |\n| the same 20,000 pages: `extract --wrapper`, CPU s / peak RSS | %s s / %s MiB | flat |\n", $6 + 0, $7 + 0, $8 + 0, $10 + 0 }' "$out/scale.md"
		fi
	} >"$out/summary.md"
	cat "$out/summary.md"
	if [ "${README:-}" = 1 ]; then
		awk -v f="$out/summary.md" '
			/<!-- bench:begin -->/ { print; while ((getline l < f) > 0) print l; skip = 1; next }
			/<!-- bench:end -->/ { skip = 0 }
			!skip' README.md >"$out/README.md" && cp "$out/README.md" README.md
		echo "README.md: table replaced"
	fi
fi
echo "results in $out"
