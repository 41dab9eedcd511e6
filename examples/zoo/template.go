package zoo

import (
	"slices"
	"strings"
)

// tmpl is one site's page template: how a record's facts are laid out and
// what surrounds them.
type tmpl struct {
	container  string      // list pages: table, cards, ul, dl, articles, ol; detail pages: page
	block      blockStyle  // how a record's labelled rows are laid out
	block2     blockStyle  // detail pages with two blocks: the second one's layout
	metaSep    string      // between inline rows under the heading
	headCol    int         // table container: the heading's column
	headTag    string      // the heading's element (h1, h2, h3, div, a)
	headWrap   string      // element inside the heading around the value ("", a, span)
	headExtra  bool        // the heading also holds a small note after the value ("(Paperback)")
	rows       []*row      // the record's rows in template order, heading excluded
	shuffle    bool        // block rows come in another order on every page (all labelled)
	twoBlocks  bool        // detail pages: rows split into a summary and a details block
	wraps      []string    // nesting around the record container
	chrome     chromeStyle // what surrounds the records
	pages      int         // distinct pages
	dups       int         // pages saved a second time under another name
	maxRecs    int         // list pages: most records on a page
	thead      bool        // table container: a header row with the labels
	headRowTag string      // element of the rows shown under the heading (div, p, span)
	pageStyle  int         // list pages: how the page's shared fact is shown
}

// chromeStyle is what a page shows besides the records.
type chromeStyle struct {
	sidebar     bool // a "customers also viewed" / "related" box with look-alike values
	ads         bool // ad boxes with look-alike names and prices
	adRows      bool // list pages: an ad inside the list, in the records' markup
	promo       bool // list pages: featured items in the records' markup above the list
	breadcrumbs bool // the heading repeated in breadcrumbs (detail pages)
	reviews     bool // reviews with names and dates (detail pages)
	groups      bool // list pages: records grouped under a heading holding a shared fact
	groupFact   string
	na          bool // an absent optional fact shows "N/A" rather than dropping its row
}

// row is one fact (or two facts written together) of a record.
type row struct {
	keys   []string // the fact, and the combined one when there are two
	label  string   // label text; "" for none
	prefix string   // unlabeled rows: text before the value ("by ")
	wrap   string   // element around each value: "", a, span, b, strong, em
	cls    string   // class of the row or value element
	multi  string   // multi facts: links, text, ul, br
	msep   string   // separator of links and text joins
	mlast  string   // last separator of text joins (" and ")
	addr   string   // address facts: line, br, spans, tag, divs
	mid    string   // combos: text between the two facts
	post   string   // combos: text after the second
	head   bool     // shown under the heading, unlabeled
}

// blockStyle is how the labelled rows of a record are laid out.
type blockStyle struct {
	kind   string // table, dl, ul, divs, pbr, ddonly
	cls    string
	lblTag string // element around a label: th, td, dt, b, strong, span, label, "" (one text with the value)
	colon  bool   // labels end with ":"
	inner  string // divs: the element of label and value (div, span)
}

// drawTemplate draws the template of a source: site habits, formats,
// which facts are shown and how, and the page chrome.
func (s *state) drawTemplate() {
	r := s.r
	t := &tmpl{}
	s.t = t
	if s.list {
		t.container = pick(r, []string{"table", "cards", "ul", "dl", "articles", "ol"})
		t.pages = r.between(20, 32)
		t.maxRecs = r.between(4, 20)
		s.tag("list:" + t.container)
	} else {
		t.container = "page"
		t.pages = r.between(30, 60)
	}
	if r.chance(0.25) {
		t.dups = r.between(2, max(2, t.pages/5))
		s.tag("dup-pages")
	}
	t.block = s.drawBlock()
	t.block2 = s.drawBlock()
	t.metaSep = pick(r, []string{" · ", " | ", " ", " — ", ", "})
	s.tag("block:" + t.block.kind)
	t.headTag, t.headWrap = s.drawHeading()
	t.pageStyle = r.IntN(3)
	t.headRowTag = pick(r, []string{"div", "p", "div", "span"})
	t.headExtra = !s.list && r.chance(0.25)
	if t.headExtra {
		s.tag("heading-note")
	}
	for range r.IntN(4) {
		t.wraps = append(t.wraps, pick(r, []string{"div", "div", "section", "div", "main"}))
	}
	if len(t.wraps) >= 2 {
		s.tag("deep-nesting")
	}
	s.drawRows()
	if r.chance(0.2) {
		t.headCol = r.IntN(len(t.rows) + 1)
	}
	s.drawChrome()
}

// drawBlock draws the layout of labelled rows.
func (s *state) drawBlock() blockStyle {
	r := s.r
	var b blockStyle
	switch {
	case s.list && s.t.container == "dl":
		b.kind = "ddonly"
	case s.list && s.t.container == "table":
		b.kind = "cells"
	case s.list:
		b.kind = pick(r, []string{"dl", "ul", "divs", "pbr", "divs"})
	default:
		b.kind = pick(r, []string{"table", "dl", "ul", "divs", "pbr"})
	}
	b.cls = s.cls("details", "info", "specs", "meta", "product-details", "attrs", "facts", "data")
	b.colon = r.chance(0.6)
	switch b.kind {
	case "table":
		b.lblTag = pick(r, []string{"th", "td"})
	case "dl":
		b.lblTag = "dt"
	case "ul", "ddonly":
		b.lblTag = pick(r, []string{"b", "strong", "span", ""})
	case "divs":
		b.lblTag = pick(r, []string{"span", "label", "div", "strong"})
		b.inner = pick(r, []string{"div", "span"})
	case "pbr":
		b.lblTag = pick(r, []string{"", "b"})
	}
	if b.lblTag == "" || b.kind == "pbr" {
		b.colon = true
		s.tag("inline-labels")
	}
	return b
}

// drawHeading draws how a record's heading is marked up.
func (s *state) drawHeading() (tag, wrap string) {
	r := s.r
	if !s.list {
		return pick(r, []string{"h1", "h1", "h1", "div", "h2"}), pick(r, []string{"", "", "span"})
	}
	if s.t.container == "table" {
		return "", pick(r, []string{"a", "a", "b", "", "strong"})
	}
	tag = pick(r, []string{"h2", "h3", "h3", "h4", "div", "a"})
	wrap = pick(r, []string{"a", "a", "", "span"})
	if tag == "a" && wrap == "a" {
		wrap = pick(r, []string{"", "span", "b"})
	}
	return tag, wrap
}

// shownFacts lists the facts the template shows: every fact the SOD may
// ask for, and each distractor with some probability.
func (s *state) shownFacts() []*factDef {
	var out []*factDef
	for i := range s.dom.facts {
		f := &s.dom.facts[i]
		if f.key == s.dom.heading || s.extra["hide:"+f.key] || s.list && f.key == s.dom.pageFact {
			continue
		}
		if s.distractor(f.key) && !s.r.chance(0.6) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// distractor reports whether a fact is never asked for by the domain's
// SODs (it is only shown).
func (s *state) distractor(key string) bool {
	return s.extra["distractor:"+key]
}

// drawRows decides each shown fact's row: placement, label, markup,
// combination with another fact.
func (s *state) drawRows() {
	r := s.r
	t := s.t
	facts := s.shownFacts()
	combined := map[string]bool{}
	for _, f := range facts {
		if combined[f.key] {
			continue
		}
		rw := &row{keys: []string{f.key}}
		for _, c := range f.combos {
			if combined[c.with] || !slices.ContainsFunc(facts, func(g *factDef) bool { return g.key == c.with }) {
				continue
			}
			if r.chance(0.35) {
				rw.keys = append(rw.keys, c.with)
				rw.mid, rw.post = c.mid, c.post
				combined[c.with] = true
				s.tag("one-node:" + f.key + "+" + c.with)
				break
			}
		}
		combined[f.key] = true
		s.styleRow(rw, f)
		t.rows = append(t.rows, rw)
	}
	allLabelled := true
	for _, rw := range t.rows {
		if rw.label == "" && !rw.head {
			allLabelled = false
		}
	}
	if allLabelled && t.block.kind != "cells" && r.chance(0.3) {
		t.shuffle = true
		s.tag("rows-shuffled")
	}
	if !s.list && len(t.rows) >= 4 && r.chance(0.3) {
		t.twoBlocks = true
		s.tag("two-blocks")
	}
}

// styleRow draws a row's placement, label and markup.
func (s *state) styleRow(rw *row, f *factDef) {
	r := s.r
	kind := s.t.block.kind
	rw.cls = s.cls(slug(f.key), strings.ReplaceAll(f.key, "_", "-"), f.key+"-value", "field-"+f.key)
	canHead := f.head && kind != "cells" && !f.near
	switch {
	case canHead && r.chance(0.5):
		rw.head = true
		if len(f.prefixes) > 0 && r.chance(0.7) {
			rw.prefix = pick(r, f.prefixes)
		}
	case kind == "cells" || f.near || r.chance(0.8) || (kind == "table" || kind == "dl") && r.chance(0.6):
		rw.label = pick(r, f.labels)
	default:
		s.tag("unlabeled-rows")
		if len(f.prefixes) > 0 && r.chance(0.5) {
			rw.prefix = pick(r, f.prefixes)
		}
	}
	rw.wrap = pick(r, []string{"", "", "", "span", "b", "a"})
	if f.class != "" && r.chance(0.35) {
		rw.wrap = "a"
	}
	if f.kind != single && rw.wrap == "b" {
		rw.wrap = "span"
	}
	if rw.wrap == "a" {
		s.tag("values-in-links")
	}
	inline := kind == "pbr" || kind == "cells" && r.chance(0.5)
	if f.kind == multi {
		rw.multi = pick(r, []string{"links", "text", "text", "ul", "br"})
		if inline && rw.multi == "ul" {
			rw.multi = "text"
		}
		rw.msep = pick(r, []string{", ", ", ", " · ", " | ", " / ", "; "})
		rw.mlast = pick(r, []string{" and ", " & ", ", "})
		if rw.multi == "text" {
			rw.msep = pick(r, []string{", ", ", ", "; ", " / "})
		}
		s.tag("multi:" + rw.multi)
	}
	if f.kind == addr {
		rw.addr = pick(r, []string{"line", "br", "br", "spans", "tag", "divs"})
		if inline && (rw.addr == "tag" || rw.addr == "divs") {
			rw.addr = "br"
		}
		s.tag("address:" + rw.addr)
	}
	if f.near {
		s.tag("near-miss:" + f.key)
	}
}

// drawChrome draws what surrounds the records.
func (s *state) drawChrome() {
	r := s.r
	c := &s.t.chrome
	c.sidebar = r.chance(0.75)
	c.ads = r.chance(0.5)
	if s.list {
		c.adRows = r.chance(0.3)
		c.promo = r.chance(0.2)
		s.t.thead = s.t.container == "table" && r.chance(0.8)
	} else {
		c.breadcrumbs = r.chance(0.6)
		c.reviews = r.chance(0.5)
	}
	c.na = r.chance(0.15) && len(s.presence) > 0
	for name, on := range map[string]bool{"lookalike-sidebar": c.sidebar, "ads": c.ads, "ad-rows": c.adRows,
		"promo-same-markup": c.promo, "breadcrumbs": c.breadcrumbs, "reviews": c.reviews, "na-placeholders": c.na} {
		if on {
			s.tag(name)
		}
	}
}
