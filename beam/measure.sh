#!/bin/sh
# measure.sh: CPU and wall time of `objectrunner run` and `objectrunner-beam`
# (Prism, in process) on the same pages: the SWDE dev sites of
# ../shared/data/swde (each with its SOD in examples/real) and generated zoo
# sources (each its own SOD), every source a corpus of its own, run one by
# one under /usr/bin/time. The corpus and the outputs go to WORK (never the
# repository). Prints per-source lines and the totals.
#
#   beam/measure.sh WORK [ZOO-SEEDS] [GOMAXPROCS]
#   e.g. beam/measure.sh /tmp/bm 101-600      (about 2,060 SWDE + 18,000 zoo pages)
#
# OR and ORBEAM name the two binaries (default: objectrunner and
# objectrunner-beam on PATH); the objects are compared (sorted lines).
# Never give the held-out zoo seeds (4948-5047, 8254-8353).
set -eu
work=$1
seeds=${2:-101-600}
procs=${3:-}
repo=$(cd "$(dirname "$0")/.." && pwd)
OR=${OR:-objectrunner}
ORBEAM=${ORBEAM:-objectrunner-beam}
data=$repo/../shared/data
mkdir -p "$work/corpus" "$work/runs"
# The sources: WORK/corpus/NAME/{sod.toml,lists/,pages/}.
for site in book-booksamillion job-nettemps nbaplayer-usatoday auto-carquotes; do
	d=$work/corpus/$site
	[ -d "$d/pages" ] && continue
	mkdir -p "$d/pages" "$d/lists"
	cp "$repo/examples/real/$site/sod.toml" "$d/"
	ln -s "$data/swde/$site"/*.htm "$d/pages/"
	case $site in
	book-*) cp "$data"/gazetteers/book/*.txt "$d/lists/" ;;
	nbaplayer-*) cp "$data"/gazetteers/nbaplayer/*.txt "$d/lists/" ;;
	esac
	[ -d "$repo/examples/real/$site/dictionaries" ] && cp "$repo/examples/real/$site/dictionaries"/*.txt "$d/lists/"
done
if [ ! -d "$work/zoo" ]; then
	(cd "$repo" && go run ./examples/zoo/cmd/zoo -seeds "$seeds" -out "$work/zoo")
	for z in "$work"/zoo/*/; do
		n=$(basename "$z")
		mkdir -p "$work/corpus/$n"
		mv "$z/sod.toml" "$z/pages" "$work/corpus/$n/"
		mv "$z/dictionaries" "$work/corpus/$n/lists"
	done
fi
tf='%e %U %S'
[ -n "$procs" ] && export GOMAXPROCS=$procs
: >"$work/times.txt"
for d in "$work"/corpus/*/; do
	n=$(basename "$d")
	r=$work/runs/$n
	rm -rf "$r" && mkdir -p "$r"
	for side in run beam; do
		mkdir -p "$r/dicts-$side"
		if ls "$d"/lists/*.txt >/dev/null 2>&1; then
			$OR dict import --dict-dir "$r/dicts-$side" "$d/lists" >/dev/null 2>&1
		fi
	done
	/usr/bin/time -f "$tf" -o "$r/run.time" $OR run --sod "$d/sod.toml" --dict-dir "$r/dicts-run" --out "$r/out-run" "$d/pages" >"$r/run.log" 2>&1 || true
	/usr/bin/time -f "$tf" -o "$r/beam.time" $ORBEAM --sod "$d/sod.toml" --dict-dir "$r/dicts-beam" --out "$r/out-beam" "$d/pages" >"$r/beam.log" 2>&1 || true
	pages=$(find -L "$d/pages" -name '*.htm*' | wc -l)
	# The pipeline keeps copies of a page (beam/README.md), run leaves them
	# out: same when the objects are identical, else missing:N, the run's
	# lines the pipeline lacks (should be 0), and copies:N, its extra ones.
	cat "$r"/out-run/*.jsonl 2>/dev/null | sort >"$r/run.sorted"
	cat "$r"/out-beam/round-*/objects-*.jsonl 2>/dev/null | sort >"$r/beam.sorted"
	same=same
	if ! cmp -s "$r/run.sorted" "$r/beam.sorted"; then
		same="missing:$(comm -23 "$r/run.sorted" "$r/beam.sorted" | wc -l),copies:$(comm -13 "$r/run.sorted" "$r/beam.sorted" | wc -l)"
	fi
	echo "$n $pages $(tail -1 "$r/run.time") $(tail -1 "$r/beam.time") $same" | tee -a "$work/times.txt"
done
awk '{p+=$2; rw+=$3; rc+=$4+$5; bw+=$6; bc+=$7+$8; if ($9!="same") d++; if ($9 !~ /^same|^missing:0,/) m++}
END {printf "%d sources, %d pages (%d with other objects than run: %d lacking some of run'"'"'s, the rest with copies of pages)\nobjectrunner run:  %.1f s wall, %.1f s CPU, %.1f pages per CPU-second\nobjectrunner-beam: %.1f s wall, %.1f s CPU, %.1f pages per CPU-second\nCPU ratio %.2fx, wall ratio %.2fx\n",
	NR, p, d, m, rw, rc, p/rc, bw, bc, p/bc, bc/rc, bw/rw}' "$work/times.txt"
