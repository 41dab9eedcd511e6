#!/usr/bin/env bash
# Checks `objectrunner extract --preview` in a real headless Chromium:
#
#  1. generates a small list source whose pages reference images, a style
#     sheet, a script, a frame and a background image on a local web server
#     (through <base href> and absolute URLs), with links and images as SOD
#     attribute fields;
#  2. runs extract --preview and renders the preview's index and pages in
#     headless Chromium (--dump-dom);
#  3. checks that the server received no request from the previews, while it
#     does receive requests when Chromium renders an original page (so the
#     check can fail), and that every extracted value of every page is
#     highlighted in the rendered DOM, each in a mark of its field.
#
# Needs: go, python3 (the local server), chromium (Debian package
# "chromium"; CHROMIUM=/path/to/chrome to use another). Prints OK or the
# failures; exit status 1 on failure, 2 when a tool is missing.
#
#   scripts/check-preview.sh            # from the repository root
#   KEEP=1 scripts/check-preview.sh     # keep the work directory
set -euo pipefail
cd "$(dirname "$0")/.."
CHROMIUM=${CHROMIUM:-chromium}
for tool in go python3 "$CHROMIUM"; do
	command -v "$tool" >/dev/null || { echo "check-preview: $tool not found" >&2; exit 2; }
done

work=$(mktemp -d)
server=""
cleanup() {
	[ -n "$server" ] && kill "$server" 2>/dev/null || true
	if [ -n "${KEEP:-}" ]; then echo "work directory kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

go build -o "$work/objectrunner" ./cmd/objectrunner

# The "remote" site: a local server that logs every request it receives.
mkdir -p "$work/www"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
python3 -m http.server --bind 127.0.0.1 --directory "$work/www" "$port" 2>"$work/requests.log" >/dev/null &
server=$!
for _ in $(seq 50); do
	python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null && break
	sleep 0.1
done
site="http://127.0.0.1:$port"

# A list source: 12 pages of 3 to 6 books each.
mkdir -p "$work/pages"
for p in $(seq -w 0 11); do
	{
		echo "<!DOCTYPE html><html><head><base href=\"$site/shop/\"><title>Results $p</title>"
		echo "<link rel=\"stylesheet\" href=\"$site/style.css\"><script src=\"$site/app.js\"></script></head>"
		echo "<body style=\"background:url($site/bg.png)\"><div class=\"nav\"><a href=\"/\">Home</a> <img src=\"$site/logo.png\" alt=\"logo\"></div>"
		echo "<h1>Books</h1><ul>"
		n=$((3 + 10#$p % 4))
		for i in $(seq 1 $n); do
			id=$((10#$p * 10 + i))
			echo "<li><a href=\"book/$id.html\"><img src=\"covers/$id.jpg\" alt=\"cover\"></a>"
			echo "<h3><a href=\"book/$id.html\">Volume $id of the series</a></h3><p>Price: \$$((5 + id % 20)).99</p></li>"
		done
		echo "</ul><iframe src=\"$site/ad.html\"></iframe><div class=\"footer\">Shop footer</div></body></html>"
	} >"$work/pages/$p.html"
done
cat >"$work/sod.toml" <<'EOF'
object = "book"
objects = "+"
[tuple.book]
title = "1"
link = "1"
cover = "1"
price = "1"
[entity.title]
regex = 'Volume \d+ of the series'
whole_node = true
[entity.link]
attr = "href"
regex = '/book/\d+\.html$'
[entity.cover]
attr = "src"
regex = '/covers/\d+\.jpg$'
[entity.price]
predefined = "price"
EOF

"$work/objectrunner" extract -q --sod "$work/sod.toml" --source "$work/pages" \
	-o "$work/books.jsonl" --preview "$work/preview" --sample 12

chrome() { # chrome URL OUT: render URL headless, the DOM to OUT
	"$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$work/profile-$RANDOM" --virtual-time-budget=2000 \
		--dump-dom "$1" >"$2" 2>>"$work/chromium.log"
}

fail=0
# The detector works: an original page makes Chromium request its images.
chrome "file://$work/pages/00.html" "$work/original.dom"
if ! grep -q '"GET /' "$work/requests.log"; then
	echo "FAIL: Chromium made no request for an original page; the check cannot detect loads"
	fail=1
fi
: >"$work/requests.log"

chrome "file://$work/preview/index.html" "$work/index.dom"
for f in "$work"/preview/[0-9]*.html; do
	chrome "file://$f" "$work/$(basename "$f" .html).dom"
done
sleep 0.5
if grep -q '"GET /' "$work/requests.log"; then
	echo "FAIL: rendering the previews loaded from the web:"
	grep '"GET /' "$work/requests.log" | sed 's/^/  /'
	fail=1
fi

# Every extracted value is highlighted, in a mark of its field.
python3 - "$work" <<'EOF' || fail=1
import html.parser, json, os, sys
work = sys.argv[1]
objs = {}
for line in open(os.path.join(work, "books.jsonl")):
    o = json.loads(line)
    objs.setdefault(o["page"], []).append(o)

class Marks(html.parser.HTMLParser):
    """Collects the text of each <mark> with its field (the <sup> label)."""
    def __init__(self):
        super().__init__()
        self.marks, self.depth, self.text, self.sup = [], 0, "", None
    def handle_starttag(self, tag, attrs):
        if tag == "mark":
            self.depth, self.text, self.sup = 1, "", None
        elif tag == "sup" and self.depth:
            self.sup = ""
    def handle_endtag(self, tag):
        if tag == "mark" and self.depth:
            self.marks.append((self.sup or "", self.text.strip()))
            self.depth = 0
    def handle_data(self, data):
        if self.depth:
            if self.sup is not None:
                self.sup += data
            else:
                self.text += data

bad = checked = 0
pages = sorted(f for f in os.listdir(os.path.join(work, "preview")) if f[0].isdigit())
if len(pages) != 12:
    print(f"FAIL: {len(pages)} preview pages, want 12"); bad += 1
for f in pages:
    dom = open(os.path.join(work, f[:-5] + ".dom")).read()
    m = Marks(); m.feed(dom)
    marks = set(m.marks)
    page = f.split("-", 1)[1]
    for o in objs.get(page, []):
        for field, value in o["object"].items():
            checked += 1
            want = (field, value) if field in ("title", "price") else (field, "@" + {"link": "href", "cover": "src"}[field] + " " + value)
            if want not in marks:
                print(f"FAIL: {f}: {field} {value!r} is not highlighted"); bad += 1
if checked < 12 * 3 * 4:
    print(f"FAIL: only {checked} values checked"); bad += 1
index = open(os.path.join(work, "index.dom")).read()
if "What the wrapper extracts: 12 page(s)" not in index:
    print("FAIL: the index did not render"); bad += 1
print(f"{checked} extracted values checked in {len(pages)} rendered previews")
sys.exit(1 if bad else 0)
EOF

if [ "$fail" = 0 ]; then echo "OK: previews render in Chromium, highlight every extracted value and load nothing"; fi
exit "$fail"
