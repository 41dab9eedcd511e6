#!/usr/bin/env bash
# Checks the query page of `objectrunner serve` in a real browser (headless
# Chromium, Debian package `chromium`): indexes the concert and book examples
# into a temporary repository, starts the server, and has the browser load
#   1. the form of each SOD (inputs generated from its fields),
#   2. searches (a range, words of a field, keywords), whose result rows must be
#      the ones `objectrunner query` gives, in the same order,
#   3. a result's source page through its link.
# Everything is written to a temporary directory, removed at the end.
#
#   scripts/serve-check.sh            # CHROMIUM=/path/to/chromium to choose the browser
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=${CHROMIUM:-chromium}
if ! command -v "$CHROMIUM" >/dev/null; then
	echo "serve-check: $CHROMIUM not found (Debian: apt-get install chromium)" >&2
	exit 1
fi
tmp=$(mktemp -d)
server=""
cleanup() {
	if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT

fail() { echo "serve-check: FAIL: $*" >&2; exit 1; }

or="$tmp/objectrunner"
go build -o "$or" ./cmd/objectrunner
"$or" run -q --sod examples/concerts-a/sod.toml --dict-dir "$tmp/dict" --import examples/concerts-a/dictionaries \
	--repo "$tmp/repo" examples/concerts-a examples/concerts-b 2>"$tmp/run.log" || { cat "$tmp/run.log"; fail "indexing concerts"; }
"$or" run -q --sod examples/books-a/sod.toml --dict-dir "$tmp/dict" --import examples/books-a/dictionaries \
	--repo "$tmp/repo" examples/books-a examples/books-b 2>>"$tmp/run.log" || { cat "$tmp/run.log"; fail "indexing books"; }

"$or" serve --repo "$tmp/repo" --addr 127.0.0.1:0 2>"$tmp/serve.log" &
server=$!
url=""
for _ in $(seq 100); do
	url=$(sed -n 's/.*msg=serving url=\(http:[^ ]*\).*/\1/p' "$tmp/serve.log")
	[ -n "$url" ] && break
	sleep 0.1
done
[ -n "$url" ] || { cat "$tmp/serve.log"; fail "the server did not start"; }
echo "serve-check: server at $url"

# browse URL: the DOM after the page loaded, as Chromium built it.
n=0
browse() {
	n=$((n + 1))
	"$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$tmp/profile-$n" --virtual-time-budget=5000 --dump-dom "$1" 2>>"$tmp/chromium.log"
}

# 1. The forms.
browse "${url}?sod=book" >"$tmp/form.html"
for want in 'name="f.title"' 'name="op.title"' 'name="f.author"' 'type="number" step="any" name="min.price"' \
	'name="max.price"' 'type="date" name="from.date"' 'name="to.date"' 'name="q"' 'name="source" value="books-a"' 'id="search"'; do
	grep -qF "$want" "$tmp/form.html" || fail "the book form lacks $want"
done
browse "${url}?sod=concert" >"$tmp/form2.html"
for want in 'name="f.artist"' 'name="f.performer"' 'name="f.address"' 'type="date" name="from.date"' 'name="source" value="concerts-b"'; do
	grep -qF "$want" "$tmp/form2.html" || fail "the concert form lacks $want"
done
echo "serve-check: ok: forms generated from the book and concert SODs"

# 2. Searches: the rows the browser shows are the CLI's answer, in order.
# rows FILE: "source/page" of each result row.
rows() { grep -o 'href="/page?[^"]*">[^<]*</a>' "$1" | sed 's/.*">//; s/<\/a>//'; }
check_search() { # QUERYSTRING SOD RESTRICTION...
	local qs=$1 sod=$2
	shift 2
	browse "${url}?sod=${sod}&run=1&${qs}" >"$tmp/results.html"
	grep -q 'id="results"' "$tmp/results.html" || fail "no results table for $qs"
	rows "$tmp/results.html" >"$tmp/browser.txt"
	"$or" query --repo "$tmp/repo" --sod "$sod" --format csv --limit 20 "$@" 2>/dev/null |
		awk -F, 'NR > 1 { print $6 "/" $7 }' >"$tmp/cli.txt"
	[ -s "$tmp/cli.txt" ] || fail "the CLI found nothing for $*"
	diff "$tmp/cli.txt" "$tmp/browser.txt" >/dev/null || { diff "$tmp/cli.txt" "$tmp/browser.txt" | head; fail "browser and CLI differ for $qs"; }
	echo "serve-check: ok: $qs: $(wc -l <"$tmp/browser.txt") rows, as 'objectrunner query $*'"
}
check_search "max.price=5" book 'price<=5'
check_search "f.title=winter&from.date=2000-01-01" book 'title~winter' 'date>=2000-01-01'
check_search "q=sold+out" concert '_text~sold out'
check_search "f.performer=wolves&source=concerts-a" concert 'performer~wolves' '_source=concerts-a'

# 3. A result's source page, through its link.
link=$(grep -o 'href="/page?[^"]*"' "$tmp/results.html" | head -1 | sed 's/href="//; s/"$//; s/&amp;/\&/g')
browse "${url%/}${link}" >"$tmp/page.html"
grep -qi '<table\|<div' "$tmp/page.html" || fail "the source page $link did not load"
echo "serve-check: ok: source page $link loads"
echo "serve-check: all checks passed"
