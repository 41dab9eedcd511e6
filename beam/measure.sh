#!/bin/sh
# measure.sh: CPU and wall time of `objectrunner run` and `objectrunner-beam`
# (Prism, in process) on the same pages: the SWDE dev sites of
# ../shared/data/swde (each with its SOD in examples/real) and generated zoo
# sources (each its own SOD). Every SOD is a corpus of its own
# (WORK/corpus/NAME/{sod.toml,lists/,sources/SOURCE/pages/}); both commands
# run it with --corpus, one after the other (a pair: run, then beam), under
# /usr/bin/time (CPU = user + system of the process and its children). The
# corpus and the outputs go to WORK (never the repository; pages are
# symbolic links). Prints a line per corpus and the totals of each pair.
#
#   beam/measure.sh WORK [ZOO-SEEDS] [GOMAXPROCS]
#
# Environment:
#   OR, ORBEAM  the two binaries (default: objectrunner and objectrunner-beam on PATH)
#   COPIES      copies of each SWDE site, as sources SITE-c01, SITE-c02, … of
#               the site's corpus (default 1: the site itself); its pages are
#               the same files, so the sources differ only by name and by the
#               dictionaries grown before them
#   PAIRS       pairs to run, one after the other (default 1)
#   JOBS        --jobs of both commands (default: theirs, 2)
#   ONLY        run only the side "run" or "beam" (e.g. for a 1-worker wall time)
#   SITES       the SWDE sites to run (default: all four)
#   ORBEAM0     another objectrunner-beam (e.g. the binary before a change),
#               run on each corpus after ORBEAM, so that before and after are
#               paired corpus by corpus under the same load (ORBEAM0 runs
#               after ORBEAM in odd pairs, before it in even ones): its times are
#               columns 10-12 of times-N.txt (column 13 compares its objects
#               with run's) and a line of the totals
#
# The 20,000-page corpus of beam/README.md ("20,000 pages"):
#   COPIES=9 PAIRS=3 beam/measure.sh /tmp/beam20k 101-140
#   (book-booksamillion x 9 = 18,000 pages, the three small sites x 9 = 540,
#   zoo seeds 101-140 = 1,423 pages: 19,963 pages in 44 corpora)
#
# Leave GOGC unset: objectrunner-beam sets its own collector target
# (--gogc, default 200) unless GOGC is set.
#
# The objects of the two commands are compared (sorted lines). Never give the
# held-out zoo seeds (4948-5047, 8254-8353).
set -eu
work=$1
seeds=${2:-101-140}
procs=${3:-}
copies=${COPIES:-1}
pairs=${PAIRS:-1}
only=${ONLY:-}
repo=$(cd "$(dirname "$0")/.." && pwd)
OR=${OR:-objectrunner}
ORBEAM=${ORBEAM:-objectrunner-beam}
ORBEAM0=${ORBEAM0:-}
jobs=
[ -n "${JOBS:-}" ] && jobs="--jobs $JOBS"
data=$repo/../shared/data
mkdir -p "$work/corpus" "$work/runs"
# The SWDE sites: WORK/corpus/SITE/sources/SITE[-cNN]/pages/ (rebuilt, so
# that COPIES may change between calls).
for site in book-booksamillion job-nettemps nbaplayer-usatoday auto-carquotes; do
	d=$work/corpus/$site
	rm -rf "$d"
	case " ${SITES:-$site} " in *" $site "*) ;; *) continue ;; esac
	mkdir -p "$d/lists"
	cp "$repo/examples/real/$site/sod.toml" "$d/"
	i=1
	while [ "$i" -le "$copies" ]; do
		n=$site
		[ "$copies" -gt 1 ] && n=$(printf '%s-c%02d' "$site" "$i")
		mkdir -p "$d/sources/$n/pages"
		ln -s "$data/swde/$site"/*.htm "$d/sources/$n/pages/"
		i=$((i + 1))
	done
	case $site in
	book-*) cp "$data"/gazetteers/book/*.txt "$d/lists/" ;;
	nbaplayer-*) cp "$data"/gazetteers/nbaplayer/*.txt "$d/lists/" ;;
	esac
	[ -d "$repo/examples/real/$site/dictionaries" ] && cp "$repo/examples/real/$site/dictionaries"/*.txt "$d/lists/"
done
# The zoo sources (examples/zoo/cmd/zoo writes them): one corpus each.
zoo=$work/zoo-$seeds
if [ ! -d "$zoo" ]; then
	(cd "$repo" && go run ./examples/zoo/cmd/zoo -seeds "$seeds" -out "$zoo" >/dev/null)
fi
for z in "$zoo"/*/; do
	n=$(basename "$z")
	d=$work/corpus/$n
	[ -d "$d/sources/$n/pages" ] && continue
	mkdir -p "$d/sources/$n" "$d/lists"
	ln -s "$z/sod.toml" "$d/sod.toml"
	ln -s "$z/pages" "$d/sources/$n/pages"
	cp "$z"/dictionaries/*.txt "$d/lists/" 2>/dev/null || true
done
tf='%e %U %S'
[ -n "$procs" ] && export GOMAXPROCS=$procs
for d in "$work"/corpus/*/; do
	find -L "$d/sources" -name '*.htm*' | wc -l >"$d/pages.count"
done
totals() {
	awk '{p+=$2; rw+=$3; rc+=$4+$5; bw+=$6; bc+=$7+$8; if ($9!="same") d++; if ($9 !~ /^same|^missing:0,/) m++
	if (NF >= 13) { b0w+=$10; b0c+=$11+$12; if ($13!="same") d0++ } }
END {if (b0c > 0) printf "ORBEAM0 (before): %.1f s wall, %.1f s CPU, %.1f pages per CPU-second (%d corpora with other objects than run); CPU ratio to run %.2fx; ORBEAM/ORBEAM0 CPU %.3f\n", b0w, b0c, p/b0c, d0, b0c/(rc+1e-9), bc/b0c
	printf "%d corpora, %d pages (%d with other objects than run: %d lacking some of run'"'"'s, the rest with extra ones)\nobjectrunner run:  %.1f s wall, %.1f s CPU, %.1f pages per CPU-second\nobjectrunner-beam: %.1f s wall, %.1f s CPU, %.1f pages per CPU-second\nCPU ratio %.2fx, wall ratio %.2fx\n",
	NR, p, d, m, rw, rc, p/(rc+1e-9), bw, bc, p/(bc+1e-9), bc/(rc+1e-9), bw/(rw+1e-9)}' "$1"
}
# beam0 runs ORBEAM0 on the corpus d into r: after ORBEAM in odd pairs,
# before it in even pairs, so that neither binary always runs second.
beam0() {
	echo "0 0 0" >"$r/beam0.time"
	/usr/bin/time -f "$tf" -o "$r/beam0.time" $ORBEAM0 $jobs --sod "$d/sod.toml" --dict-dir "$r/dicts-beam0" --out "$r/out-beam0" --corpus "$d/sources" >"$r/beam0.log" 2>&1 || true
}
[ -n "${GOGC:-}" ] && echo "note: GOGC=$GOGC is set: it overrides objectrunner-beam's own --gogc default (and applies to objectrunner run too)" >&2
pair=1
while [ "$pair" -le "$pairs" ]; do
	times=$work/times-$pair.txt
	: >"$times"
	echo "pair $pair: $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)" | tee "$work/load-$pair.txt"
	for d in "$work"/corpus/*/; do
		n=$(basename "$d")
		r=$work/runs/$n
		rm -rf "$r" && mkdir -p "$r"
		for side in run beam beam0; do
			[ "$side" = beam0 ] && [ -z "$ORBEAM0" ] && continue
			mkdir -p "$r/dicts-$side"
			if ls "$d"/lists/*.txt >/dev/null 2>&1; then
				$OR dict import --dict-dir "$r/dicts-$side" "$d/lists" >/dev/null 2>&1
			fi
		done
		echo "0 0 0" >"$r/run.time"
		echo "0 0 0" >"$r/beam.time"
		if [ "$only" != beam ]; then
			/usr/bin/time -f "$tf" -o "$r/run.time" $OR run $jobs --sod "$d/sod.toml" --dict-dir "$r/dicts-run" --out "$r/out-run" --corpus "$d/sources" >"$r/run.log" 2>&1 || true
		fi
		if [ -n "$ORBEAM0" ] && [ "$only" != run ] && [ $((pair % 2)) -eq 0 ]; then
			beam0
		fi
		if [ "$only" != run ]; then
			/usr/bin/time -f "$tf" -o "$r/beam.time" $ORBEAM $jobs --sod "$d/sod.toml" --dict-dir "$r/dicts-beam" --out "$r/out-beam" --corpus "$d/sources" >"$r/beam.log" 2>&1 || true
		fi
		pages=$(cat "$d/pages.count")
		# same when the objects are identical (as they should be), else
		# missing:N, the run's lines the pipeline lacks, and extra:N, the
		# pipeline's lines run does not write.
		same=same
		if [ -z "$only" ]; then
			cat "$r"/out-run/*.jsonl 2>/dev/null | sort >"$r/run.sorted"
			cat "$r"/out-beam/round-*/objects-*.jsonl 2>/dev/null | sort >"$r/beam.sorted"
			if ! cmp -s "$r/run.sorted" "$r/beam.sorted"; then
				same="missing:$(comm -23 "$r/run.sorted" "$r/beam.sorted" | wc -l),extra:$(comm -13 "$r/run.sorted" "$r/beam.sorted" | wc -l)"
			fi
		fi
		b0=
		if [ -n "$ORBEAM0" ] && [ "$only" != run ]; then
			[ $((pair % 2)) -eq 1 ] && beam0
			cat "$r"/out-beam0/round-*/objects-*.jsonl 2>/dev/null | sort >"$r/beam0.sorted"
			s0=same
			[ -z "$only" ] && cmp -s "$r/run.sorted" "$r/beam0.sorted" || s0=differ
			b0=" $(tail -1 "$r/beam0.time") $s0"
		fi
		echo "$n $pages $(tail -1 "$r/run.time") $(tail -1 "$r/beam.time") $same$b0" >>"$times"
	done
	echo "pair $pair ended $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$work/load-$pair.txt"
	totals "$times" | tee "$work/totals-$pair.txt"
	pair=$((pair + 1))
done
