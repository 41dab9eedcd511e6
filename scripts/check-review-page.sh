#!/usr/bin/env bash
# Checks the review page (`objectrunner extract --preview DIR` writes
# DIR/review.html when the wrapper is unsure; docs/review.md) in a real
# headless Chromium, driven over the DevTools protocol by scripts/headless:
#
#  1. learns a wrapper on examples/review-shop (two prices after "Price:",
#     the wrapper asks which) with --preview and --report;
#  2. renders the question's highlighted sample pages and checks that each
#     candidate's values on the page are highlighted, each in a mark of its
#     candidate;
#  3. clicks, on review.html, a candidate other than the one the wrapper
#     chose, then "Download answers.json", and checks the downloaded file
#     holds the pin of that candidate (and is the file the page shows);
#  4. replays the file with extract --answers and checks that the field's
#     values are now the candidate's values on its sample pages, where they
#     were the chosen slot's before;
#  5. clicks "none of these" instead, downloads, replays: the field is gone
#     from every object.
#
# Needs: go, python3, chromium (Debian package "chromium"; CHROMIUM=/path
# to use another). Prints OK or the failures; exit status 1 on failure, 2
# when a tool is missing.
#
#   scripts/check-review-page.sh            # from the repository root
#   KEEP=1 scripts/check-review-page.sh     # keep the work directory
set -euo pipefail
cd "$(dirname "$0")/.."
CHROMIUM=${CHROMIUM:-chromium}
export CHROMIUM
for tool in go python3 "$CHROMIUM"; do
	command -v "$tool" >/dev/null || { echo "check-review-page: $tool not found" >&2; exit 2; }
done

work=$(mktemp -d)
cleanup() {
	if [ -n "${KEEP:-}" ]; then echo "work directory kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

go build -o "$work/objectrunner" ./cmd/objectrunner
go build -o "$work/headless" ./scripts/headless
shop=examples/review-shop
learn=(--dict-dir "$work/dicts" --sod "$shop/sod.toml" --source "$shop/pages")

"$work/objectrunner" extract -q "${learn[@]}" --import "$shop/dictionaries" \
	--report "$work/report.json" --preview "$work/preview" -o "$work/first.jsonl" </dev/null
[ -f "$work/preview/review.html" ] || { echo "FAIL: no review.html (the wrapper asked nothing?)"; exit 1; }

# The question and the candidate to click: the first one the wrapper did
# not choose whose values differ from the chosen one's.
read -r field cand slot < <(python3 - "$work/report.json" <<'EOF'
import json, sys
q = json.load(open(sys.argv[1]))["questions"][0]
chosen = [c for c in q["candidates"] if c.get("chosen")]
for k, c in enumerate(q["candidates"]):
    if not c.get("chosen") and (not chosen or c["samples"] != chosen[0]["samples"]):
        print(q["field"], k + 1, c["slot"]); break
else:
    sys.exit("no candidate to click")
EOF
)
echo "question 1: $field; clicking candidate $cand (slot $slot)"

fail=0
# Each candidate's values are highlighted on the rendered sample pages.
for f in "$work"/preview/review-q1-*.html; do
	"$work/headless" -url "file://$f" -dom "$work/$(basename "$f" .html).dom"
done
python3 - "$work" <<'EOF' || fail=1
import glob, html.parser, json, os, sys
work = sys.argv[1]
q = json.load(open(os.path.join(work, "report.json")))["questions"][0]

class Marks(html.parser.HTMLParser):
    """Collects (sup label, text) of each <mark>."""
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
            if self.sup is not None: self.sup += data
            else: self.text += data

doms = sorted(glob.glob(os.path.join(work, "review-q1-*.dom")))
bad = checked = 0
if not doms:
    print("FAIL: no highlighted sample page"); sys.exit(1)
for d in doms:
    m = Marks(); m.feed(open(d).read())
    marks = set(m.marks)
    page = os.path.basename(d)[len("review-q1-00-"):-4]
    for k, c in enumerate(q["candidates"]):
        for s in c["samples"]:
            if os.path.splitext(s["page"])[0].replace("/", "_") != page:
                continue
            for v in s["values"]:
                checked += 1
                if (f"[{k+1}] slot {c['slot']}", v) not in marks:
                    print(f"FAIL: {os.path.basename(d)}: candidate {k+1}'s {v!r} is not highlighted"); bad += 1
if checked < 2 * len(doms):
    print(f"FAIL: only {checked} candidate values checked on {len(doms)} pages"); bad += 1
print(f"{checked} candidate values checked on {len(doms)} rendered sample pages")
sys.exit(1 if bad else 0)
EOF

# choose SELECTOR NAME: click SELECTOR then the download button on
# review.html; the answers file lands in $work/NAME/answers.json.
choose() {
	mkdir -p "$work/$2"
	"$work/headless" -url "file://$work/preview/review.html" -click "$1" -click '#download' \
		-downloads "$work/$2" -want answers.json -dom "$work/$2.dom"
	"$work/objectrunner" extract -q "${learn[@]}" --answers "$work/$2/answers.json" -o "$work/$2.jsonl" 2>"$work/$2.log" ||
		{ cat "$work/$2.log"; echo "FAIL: replaying the answers of $1"; exit 1; }
}
choose "#q1-c$cand input" pick
choose "#q1-none input" none

python3 - "$work" "$field" "$slot" "$cand" <<'EOF' || fail=1
import html, json, os, re, sys
work, field, slot, cand = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
q = json.load(open(os.path.join(work, "report.json")))["questions"][0]
def objects(name):
    return {o["page"]: o["object"] for o in map(json.loads, open(os.path.join(work, name)))}
bad = 0
def fail(msg):
    global bad
    print("FAIL: " + msg); bad += 1
for name, want in (("pick", {"field": field, "slot": slot}), ("none", {"field": field, "absent": True})):
    text = open(os.path.join(work, name, "answers.json")).read()
    pins = json.loads(text)["answers"]
    if not any(all(p.get(k) == v for k, v in want.items()) for p in pins):
        fail(f"{name}: the downloaded answers {pins} lack {want}")
    shown = re.search(r'<pre id="answers">(.*?)</pre>', open(os.path.join(work, name + ".dom")).read(), re.S)
    if not shown or html.unescape(shown.group(1)) != text:
        fail(f"{name}: the answers the page shows are not the file downloaded")
first, pick, none = objects("first.jsonl"), objects("pick.jsonl"), objects("none.jsonl")
changed = 0
for s in q["candidates"][cand - 1]["samples"]:
    before, after = first.get(s["page"], {}).get(field), pick.get(s["page"], {}).get(field)
    if after != s["values"][0]:
        fail(f"{s['page']}: {field} is {after!r} after the answer, want the candidate's {s['values'][0]!r}")
    if before == after:
        fail(f"{s['page']}: {field} was already {before!r}: the answer changed nothing")
    changed += 1
if changed == 0:
    fail("the candidate shows no sample page")
if any(field in o for o in none.values()) or not none:
    fail(f"after \"none of these\", {field} is still extracted (or nothing is)")
print(f"{field}: {changed} sample page(s) changed to the clicked candidate's values; \"none of these\" removed it from {len(none)} object(s)")
sys.exit(1 if bad else 0)
EOF

if [ "$fail" = 0 ]; then echo "OK: the review page highlights the candidates, and its downloaded answers replay as chosen"; fi
exit "$fail"
