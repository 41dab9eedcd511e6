package mapping

// Record roles from class attributes.
//
// ExAlg tells token roles apart by their occurrence path: the tag names
// from the record's root down to the token. Sibling elements with the same
// tag then share every role: in
//
//	<dl><dd class="pos">Center</dd><dd>Ht. 6' 1"</dd><dd class="born">May 1, 1990</dd>…
//
// the <dd> of an optional row makes the count of <dd> tags vary from
// record to record, ExAlg cannot make them template tokens, and one slot
// runs over several rows (a height and a date in one value). Sites tell
// such rows apart by their class; so does record mode: an element's
// occurrence step is its tag name followed by its distinctive class
// tokens ("dd.born"), where a class token is distinctive at a bare path
// (tag names only) when, in the sample records, it is on some but not all
// of a group of sibling elements of that path (same parent, same tag), in
// at least classMinRecords records and on two sample pages or more. The
// record's root is never given its class (records of a list alternate
// classes: odd, even), and neither is an element whose class tokens are
// all shared by its same-tag siblings. Extraction applies the same rules,
// so a record is tokenized the same way at both times; a class token the
// sample never showed as distinctive is ignored.
//
// Rows without classes are often told apart by the label they open with
// ("<div><b>Published by:</b> <div>…</div></div>"): such a label (labelOf)
// is a role token too, "@published_by", kept on the same terms and when
// it sits beside another label on at least labelMinRecords of the records,
// unless the sample annotates it (a
// venue's name before its address is a value) or the labelled siblings
// come in another order from record to record (shuffled rows stay one
// role: ExAlg makes them a set and each row's label keys its value).
//
// Page mode (detail pages) learns the same rules from the sample pages,
// each page one record whose nodes are the document's children
// (pageRecords), with restrictions: a class token that is on two
// elements at one bare path of any page is no role (the items of a list
// alternate odd and even, every row of a table has its "label" cell: they
// must stay one set; a token with a digit is rather an item's id); a
// label is a role only where the labels that recur on labelMinRecords of
// the pages make most of the labels seen at its path (a list's items,
// "<li><a>Name</a> …", differ by their first text page after page), and
// only when the text after it varies from page to page (a menu entry
// with the same submenu on every page is template, not a row). A label
// element whose tag comes again among its siblings, other than as the
// value right after it, opens a list ("<dl><dt>…</dt><dd>…</dd><dt>…"),
// not a row, and gives no label (labelOf). Labels that are variants of
// one place (a sidebar box headed "Most viewed" on some pages,
// "Teammates" on others) make the template a disjunction; a page with a
// variant the sample lacks passes over it when it holds no field
// (match.go). A label needs the element's children, which a page read as
// a stream gives after the element's start tag: a wrapper with label
// roles reads the whole page before tokenizing it, with the stream's
// pooled tokenizer (stream.go).

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// classRules maps bare occurrence paths (tag names from the record's
// parent) to the class tokens that give an element there a role of its
// own.
type classRules struct {
	Bare *Paths             // bare paths; frozen once learned
	keep map[int32][]string // bare path -> distinctive class tokens, sorted
}

// classMinRecords is the least share of the sample records in which a
// class token must tell same-tag siblings apart to be distinctive.
const classMinRecords = 0.05

// labelMinRecords is the same for a label (labelOf): template text, it is
// on a good share of the records, while a value recurs on few.
const labelMinRecords = 0.2

// roleTokens returns the tokens that may give element n a role of its
// own: its class tokens and, when it opens with a label, "@" and the
// label (see labelOf).
func roleTokens(n *html.Node) []string {
	toks := classTokens(n)
	if l, _ := labelOf(n); l != "" {
		toks = append(toks, "@"+l)
	}
	return toks
}

// maxLabelBytes bounds the text taken for a row's label.
const maxLabelBytes = 40

// labelOf returns the label that element n opens with, and its text node:
// its first text, when
// more text follows it inside n ("<div><strong>Sale price</strong>
// <div>USD 32.49</div></div>"), is short and holds no digit but those naming
// a kind ("ISBN13", "ISBN-10": labelDigits), lower-cased, without a
// final colon, spaces and "/" as "_" (labelKey). Rows of one record that differ
// only by such a label ("Sale price", "Published by", present on some
// records only) get roles of their own, as with class tokens.
func labelOf(n *html.Node) (string, *html.Node) {
	// The first significant child: a text, or an element holding one
	// text only (<strong>Where:</strong>); something must follow it.
	var first, firstEl *html.Node
	more := false
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		if k.Type == html.TextNode && strings.TrimSpace(k.Data) == "" || k.Type == html.CommentNode || (k.Type == html.ElementNode && Skipped(k)) {
			continue
		}
		if first != nil {
			// A row has one label and its value: a label element whose
			// tag comes again, other than as the value right after it
			// ("<tr><td>Imprint:</td><td>…</td></tr>"), opens a list
			// ("<dl><dt>Ht.</dt><dd>…</dd><dt>…</dt>…"), not a row;
			// but after a label ending with ":" only another such
			// label does ("<span>No.:</span> <span>41</span> |
			// <span>Point Guard</span>" is one row: colonValues).
			if firstEl != nil && k.Type == html.ElementNode && k.Data == firstEl.Data && more && !colonValues(first, k) {
				return "", nil
			}
			more = true
			continue
		}
		switch k.Type {
		case html.TextNode:
			first = k
		case html.ElementNode:
			first, firstEl = onlyText(k), k
		}
		if first == nil {
			return "", nil
		}
	}
	if first == nil || !more {
		return "", nil
	}
	t := strings.TrimSpace(first.Data)
	t = strings.TrimSpace(strings.TrimSuffix(t, ":"))
	if t == "" || len(t) > maxLabelBytes || !labelDigits(t) {
		return "", nil
	}
	return labelKey(t), first
}

// textAfter returns the text under element n after its label's text node
// t, words joined by single spaces.
func textAfter(n, t *html.Node) string {
	var b strings.Builder
	past := false
	var walk func(c *html.Node)
	walk = func(c *html.Node) {
		for k := c.FirstChild; k != nil; k = k.NextSibling {
			switch {
			case k == t:
				past = true
			case k.Type == html.TextNode && past:
				for _, w := range strings.Fields(k.Data) {
					b.WriteString(w)
					b.WriteByte(' ')
				}
			case k.Type == html.ElementNode && !Skipped(k):
				walk(k)
			}
		}
	}
	walk(n)
	return b.String()
}

// onlyText returns the one non-blank text node under element n, nil when
// there is none or more than one.
func onlyText(n *html.Node) *html.Node {
	var t *html.Node
	var walk func(c *html.Node) bool
	walk = func(c *html.Node) bool {
		for k := c.FirstChild; k != nil; k = k.NextSibling {
			switch {
			case k.Type == html.TextNode && strings.TrimSpace(k.Data) != "":
				if t != nil {
					return false
				}
				t = k
			case k.Type == html.ElementNode:
				if !walk(k) {
					return false
				}
			}
		}
		return true
	}
	if !walk(n) {
		return nil
	}
	return t
}

// classTokens returns the tokens of n's class attribute.
func classTokens(n *html.Node) []string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == "class" {
			return strings.Fields(a.Val)
		}
	}
	return nil
}

// Step returns the occurrence step of element n at bare path bare: its
// tag, followed by its distinctive class tokens joined by ".".
func (cr *classRules) Step(bare int32, n *html.Node) string {
	if len(cr.keep[bare]) == 0 {
		return n.Data
	}
	return string(cr.AppendStep(nil, bare, n))
}

// AppendStep appends Step(bare, n) to dst (the tokenizer looks the step up
// without making it a string: Paths.ChildBytes).
func (cr *classRules) AppendStep(dst []byte, bare int32, n *html.Node) []byte {
	keep := cr.keep[bare]
	if len(keep) == 0 {
		return append(dst, n.Data...)
	}
	// The element's role tokens (roleTokens, read without building its
	// list): its class tokens and, only where a label is a role, "@" and
	// its label (page mode keeps none: no walk of children per element).
	var arr [4]string
	own := arr[:0]
	anyLabel := false // a role token is a label
	add := func(c string) {
		if strings.HasPrefix(c, "@") {
			anyLabel = true
		}
		if i := sort.SearchStrings(keep, c); i < len(keep) && keep[i] == c && !slices.Contains(own, c) {
			own = append(own, c)
		}
	}
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == "class" {
			for c := range strings.FieldsSeq(a.Val) {
				add(c)
			}
			break
		}
	}
	if slices.ContainsFunc(keep, func(k string) bool { return strings.HasPrefix(k, "@") }) {
		if l, _ := labelOf(n); l != "" {
			add("@" + l)
		}
	}
	// A label that is no role of its own where labels are variants of
	// one place takes the place's role (mergeVariants).
	isLabel := func(c string) bool { return strings.HasPrefix(c, "@") }
	if !slices.ContainsFunc(own, isLabel) && anyLabel {
		for _, k := range keep {
			if strings.HasPrefix(k, variantMark) {
				own = append(own, k[len(variantMark):])
			}
		}
	}
	dst = append(dst, n.Data...)
	if len(own) == 0 {
		return dst
	}
	sort.Strings(own)
	for _, c := range own {
		dst = append(dst, '.')
		dst = append(dst, c...)
	}
	return dst
}

// learnClassRules finds the distinctive class tokens of the sample
// records (see the comment at the top of the file); nil when there are
// none.
func learnClassRules(recs []sampleRecord) *classRules {
	return LearnClassRulesOnce(recs, false)
}

// LearnClassRulesOnce is learnClassRules; with once (page mode), a class
// token must never be on two elements at its bare path in one record nor
// hold a digit (an item's id, "player-46-5286", names one row of a list,
// not a kind of row), and labels are roles on the terms the comment at
// the top of the file gives. Rows of a detail page are one of a kind,
// while the items of a page's lists repeat their classes (odd, even; a
// "label" cell in every row of a table) and must stay one role.
func LearnClassRulesOnce(recs []sampleRecord, once bool) *classRules {
	bare := NewPaths()
	type key = pathToken
	records := map[key]int{}
	pages := map[key]map[int]bool{}
	valued := map[key]bool{}
	before := map[bareOrder]bool{}
	amongLabels := map[key]int{} // records where a label sits beside another
	shuffled := map[int32]bool{}
	repeated := map[key]bool{}          // on two elements or more of some record
	after := map[key]string{}           // page mode: the text after a label
	varies := map[key]bool{}            // page mode: that text differs between pages
	together := map[[2]key]bool{}       // labels among one record's siblings
	seenIn := map[key]int{}             // records where a label is among siblings
	prevOf := map[key]map[string]bool{} // the labels right before a label ("" first)
	for _, r := range recs {
		seen := map[key]bool{}
		inRecord := map[key]int{}
		var visit func(group []*html.Node, parent int32, root bool)
		visit = func(group []*html.Node, parent int32, root bool) {
			byTag := map[string][]*html.Node{}
			var order []string
			for _, n := range group {
				if n.Type != html.ElementNode || Skipped(n) {
					continue
				}
				if byTag[n.Data] == nil {
					order = append(order, n.Data)
				}
				byTag[n.Data] = append(byTag[n.Data], n)
			}
			for _, tag := range order {
				sibs := byTag[tag]
				p := bare.Child(parent, tag)
				if !root && len(sibs) >= 2 {
					on := map[string]int{}
					for _, n := range sibs {
						for _, c := range uniq(roleTokens(n)) {
							on[c]++
						}
					}
					for c, k := range on {
						if k < len(sibs) && !strings.Contains(c, "/") {
							seen[key{p, c}] = true
						}
						inRecord[key{p, c}] += k
					}
					// A label that the sample annotates is a value
					// (a venue's name before its address), not a row's.
					var ls []string
					for _, n := range sibs {
						l, t := labelOf(n)
						if t != nil && r.Page != nil && len(r.Page.ByNode[t]) > 0 {
							valued[key{p, "@" + l}] = true
						}
						if t != nil && once {
							k := key{p, "@" + l}
							txt := textAfter(n, t)
							if prev, ok := after[k]; ok && prev != txt {
								varies[k] = true
							}
							after[k] = txt
						}
						if l != "" {
							ls = append(ls, l)
						}
					}
					// Rows are several labels under one parent: a
					// lone label-like text is rather a value from a
					// small set ("Downtown", "$$$").
					u := uniq(ls)
					if len(u) >= 2 {
						for _, l := range u {
							amongLabels[key{p, "@" + l}]++
						}
					}
					for i, l := range ls {
						prev := ""
						if i > 0 {
							prev = ls[i-1]
						}
						k := key{p, "@" + l}
						if prevOf[k] == nil {
							prevOf[k] = map[string]bool{}
						}
						prevOf[k][prev] = true
					}
					for _, l := range u {
						seenIn[key{p, "@" + l}]++
						for _, m := range u {
							together[[2]key{{p, "@" + l}, {p, "@" + m}}] = true
						}
					}
					// Rows in another order from record to record
					// are better left one role (ExAlg then makes them a
					// set, and each row's label keys its value).
					for i := range ls {
						for j := i + 1; j < len(ls); j++ {
							if before[bareOrder{p, ls[j], ls[i]}] {
								shuffled[p] = true
							}
							before[bareOrder{p, ls[i], ls[j]}] = true
						}
					}
				}
				for _, n := range sibs {
					var kids []*html.Node
					for c := n.FirstChild; c != nil; c = c.NextSibling {
						kids = append(kids, c)
					}
					visit(kids, p, false)
				}
			}
		}
		visit(r.Nodes, 0, true)
		for k, n := range inRecord {
			if n > 1 {
				repeated[k] = true
			}
		}
		for k := range seen {
			records[k]++
			if pages[k] == nil {
				pages[k] = map[int]bool{}
			}
			pages[k][r.PageIndex] = true
		}
	}
	min := max(2, int(classMinRecords*float64(len(recs))+0.5))
	cr := &classRules{Bare: bare, keep: map[int32][]string{}}
	minLabel := max(2, int(labelMinRecords*float64(len(recs))+0.5))
	// In page mode, the labels at a path must be mostly template text:
	// the labels that recur on minLabel of the pages make most of the
	// labels seen there (a list's items, "<li><a>Name</a> …", differ by
	// their first text page after page).
	recurring, all := map[int32]int{}, map[int32]int{}
	for k, n := range amongLabels {
		all[k.path] += n
		if n >= minLabel {
			recurring[k.path] += n
		}
	}
	for k, n := range records {
		if strings.HasPrefix(k.cls, "@") && (valued[k] || amongLabels[k] < minLabel || shuffled[k.path] || once && (2*recurring[k.path] < all[k.path] || !varies[k])) {
			continue
		}
		if once && (repeated[k] || strings.ContainsAny(k.cls, "0123456789")) {
			continue
		}
		if n >= min && len(pages[k]) >= 2 {
			cr.keep[k.path] = append(cr.keep[k.path], k.cls)
		}
	}
	if once {
		mergeVariants(cr, seenIn, together, prevOf)
	}
	if len(cr.keep) == 0 {
		return nil
	}
	for p := range cr.keep {
		sort.Strings(cr.keep[p])
	}
	bare.Frozen = true
	return cr
}

// pathToken is a class token or label at a bare path.
type pathToken struct {
	path int32
	cls  string
}

// variantMark starts the token that names the role every label at a path
// takes when it is not a role of its own (mergeVariants).
const variantMark = "~"

// mergeVariants gives labels that are variants of one place one role (page
// mode). A label role and another label at its path, seen on two sample
// pages or more, that are never on one page together are variants: a
// sidebar box headed "Most viewed" on some pages, "Teammates" on others;
// a row "Directors:" on most pages, "Director:" on a few. Roles of their
// own (or a role for one and none for the other) would make the template
// a disjunction of them, and a page with a variant the sample lacks, or
// rarely showed, would fit none. The commonest variant's role is kept;
// every label at the path that is never beside it and stands at its
// place (after the same label, or first) — the other variants — and any
// label the rules do not know there take it (a variantMark token).
func mergeVariants(cr *classRules, seenIn map[pathToken]int, together map[[2]pathToken]bool, prevOf map[pathToken]map[string]bool) {
	type key = pathToken
	// Variants stand at one place: after the same label (or first).
	samePlace := func(a, b key) bool {
		for x := range prevOf[a] {
			if prevOf[b][x] {
				return true
			}
		}
		return false
	}
	byPath := map[int32][]string{}
	for k, n := range seenIn {
		if n >= 2 {
			byPath[k.path] = append(byPath[k.path], k.cls)
		}
	}
	for p, toks := range cr.keep {
		c := ""
		for _, l := range toks {
			if !strings.HasPrefix(l, "@") {
				continue
			}
			k := key{p, l}
			for _, m := range byPath[p] {
				if m != l && !together[[2]key{k, {p, m}}] && samePlace(k, key{p, m}) && (c == "" || seenIn[k] > seenIn[key{p, c}] || seenIn[k] == seenIn[key{p, c}] && l < c) {
					c = l
				}
			}
		}
		if c == "" {
			continue
		}
		var out []string
		for _, t := range toks {
			if t == c || !strings.HasPrefix(t, "@") || together[[2]key{{p, c}, {p, t}}] || !samePlace(key{p, c}, key{p, t}) {
				out = append(out, t)
			}
		}
		cr.keep[p] = append(out, variantMark+c)
	}
}

// Labels reports whether some element's label is a role: the element's
// step then depends on its children, which a page read as a stream does
// not give at its start tag.
func (cr *classRules) Labels() bool {
	if cr == nil {
		return false
	}
	for _, toks := range cr.keep {
		if slices.ContainsFunc(toks, func(k string) bool { return strings.HasPrefix(k, "@") }) {
			return true
		}
	}
	return false
}

// bareOrder says that label a came before label b among the siblings at a
// bare path.
type bareOrder struct {
	path int32
	a, b string
}

// uniq returns ss without repeated strings, in order.
func uniq(ss []string) []string {
	var out []string
	for _, s := range ss {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// File returns the rules in their saved form: bare path -> tokens (nil
// without rules).
func (cr *classRules) File() map[string][]string {
	if cr == nil {
		return nil
	}
	out := map[string][]string{}
	for p, toks := range cr.keep {
		out[cr.Bare.String(p)] = toks
	}
	return out
}

// ClassRulesFromFile rebuilds the rules saved by file.
func ClassRulesFromFile(m map[string][]string) (*classRules, error) {
	cr := &classRules{Bare: NewPaths(), keep: map[int32][]string{}}
	for p, toks := range m {
		if p == "" || len(toks) == 0 {
			return nil, fmt.Errorf("classes: path %q with %d class tokens (want a path and at least one token)", p, len(toks))
		}
		for _, t := range toks {
			if t == "" || strings.ContainsAny(t, "/ \t\n") {
				return nil, fmt.Errorf("classes: path %q: invalid class token %q", p, t)
			}
		}
		toks = slices.Clone(toks)
		sort.Strings(toks)
		cr.keep[cr.Bare.Parse(p)] = toks
	}
	cr.Bare.Frozen = true
	return cr, nil
}

// PageRecords makes every sample page one record for learnClassRules in
// page mode: the record's nodes are the document's children, so that the
// paths learned are those the tokenizer walks from the document.
func PageRecords(pages []*annotate.Page) []sampleRecord {
	var out []sampleRecord
	for i, p := range pages {
		if p == nil || p.Doc == nil {
			continue
		}
		var nodes []*html.Node
		for c := p.Doc.FirstChild; c != nil; c = c.NextSibling {
			nodes = append(nodes, c)
		}
		out = append(out, sampleRecord{Nodes: nodes, Page: p, PageIndex: i})
	}
	return out
}

// PageClasses turns on class roles in page mode (a switch for the tests
// that show what they do).
var PageClasses = true
