#!/usr/bin/env python3
"""A hand-written lxml/XPath scraper of one book site, the peer that
scripts/bench.sh compares `objectrunner extract --wrapper` with.

It does what scripts/bookscraper/main.go (the goquery scraper) does, with
XPath instead of CSS selectors, and writes the same JSON Lines:

    python3 scripts/bookscraper/lxml_scraper.py -selectors scripts/bookscraper/swde-book.xpath.json DIR

Needs lxml (Debian: `apt-get install python3-lxml`; pip: `pip install lxml`).
"""
import argparse
import copy
import glob
import json
import os
import sys

import lxml.html


def clean(s):
    return " ".join(s.split())


def load(path):
    with open(path, encoding="utf-8") as f:
        sel = json.load(f)
    for key in ("title", "author", "rows", "row_label"):
        if not sel.get(key):
            sys.exit(f"lxml_scraper: {path}: {key!r} is empty")
    return sel


def scrape(path, sel, xp):
    with open(path, "rb") as f:
        doc = lxml.html.fromstring(f.read())
    book = {"page": os.path.basename(path)}
    titles = xp["title"](doc)
    if titles:
        t = copy.deepcopy(titles[0])
        if "title_drop" in xp:
            for d in xp["title_drop"](t):
                d.drop_tree()  # keeps the text after it
        title = clean(t.text_content())
        if title:
            book["title"] = title
    authors = [clean(a.text_content()) for a in xp["author"](doc)]
    authors = [a for a in authors if a]
    if authors:
        book["author"] = authors
    labels = sel.get("labels", {})
    for row in xp["rows"](doc):
        raw = "".join(n.text_content() for n in xp["row_label"](row))
        text = row.text_content()
        if text.startswith(raw):
            text = text[len(raw):]
        value = clean(text.strip().removeprefix(":"))
        field = labels.get(clean(raw))
        if field in ("isbn_13", "publisher", "publication_date"):
            book[field] = value
    return book


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-selectors", required=True, help="JSON file of the site's XPaths")
    ap.add_argument("dir")
    args = ap.parse_args()
    sel = load(args.selectors)
    xp = {k: lxml.etree.XPath(v) for k, v in sel.items() if k != "labels" and v}
    pages = sorted(glob.glob(os.path.join(args.dir, "*.htm")))
    if not pages:
        sys.exit(f"lxml_scraper: {args.dir}: no .htm pages")
    out = sys.stdout
    for p in pages:
        b = scrape(p, sel, xp)
        # The goquery scraper's key order and escaping (encoding/json).
        keys = ["page", "title", "author", "isbn_13", "publisher", "publication_date"]
        out.write(json.dumps({k: b[k] for k in keys if k in b}, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
