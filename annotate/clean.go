package annotate

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Clean removes from doc, in place and in one pass, what is not content, while
// keeping the element structure that carries the page's template:
//
//   - comments, doctype and processing nodes;
//   - elements that are never visible text: script, style, noscript, template,
//     head metadata (link, base, and meta but for a <meta> of <head> with a
//     name, property or itemprop and a content), embedded objects (iframe, object,
//     embed, applet, param, svg, math, canvas, audio, video, source, track);
//   - hidden elements: the hidden attribute, an inline style with
//     display:none or visibility:hidden, <input type="hidden">;
//   - attributes other than href, src, alt, title, content and datetime
//     (the ones that carry content or link targets, sod.Attributes) and
//     class (which tells record roles apart in record mode,
//     wrapper/list_class.go);
//   - insignificant whitespace: adjacent text nodes are merged, runs of
//     Unicode white space (including no-break spaces) become one space, and
//     whitespace-only text nodes are dropped (text inside <pre> is collapsed
//     too). A text node is trimmed only where it meets a block boundary: a
//     single leading (trailing) space is kept when the source had white
//     space there and the node's previous (next) sibling is an inline
//     element, or it has no such sibling and its parent is inline (see
//     isBlock). So "A &amp; <i>B</i>" keeps the text "A & " and a value
//     spanning both nodes reads "A & B"; "<td> A </td>" gives "A". A kept
//     space is never part of an annotation (the Annotator trims match spans
//     of white space, and WholeNode and Annotation.Whole ignore surrounding
//     white space). Known
//     limit: a whitespace-only node between two inline elements
//     ("<b>A</b> <b>B</b>") is still dropped;
//   - empty elements: an element left without children is removed, except
//     void elements (img, br, hr, input, wbr, area, col) and table cells
//     (td, th), which keep a table's column structure.
//
// The <title> element in <head> is kept (an empty <head> goes); the html and
// body elements are always kept, so every cleaned page has paths starting
// with "html/body".
func Clean(doc *html.Node) {
	if doc == nil {
		return
	}
	cleanChildren(doc)
}

// cleanChildren cleans n's children in two passes: elements and non-text
// nodes first, so that text left adjacent by removals can then be merged and
// collapsed.
func cleanChildren(n *html.Node) {
	hasText := false
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		switch c.Type {
		case html.ElementNode:
			if keptMeta(n, c) { // attr.go
				break
			}
			if dropElement(c) {
				n.RemoveChild(c)
				break
			}
			filterAttrs(c)
			cleanChildren(c)
			if c.FirstChild == nil && !keepEmpty(c) {
				n.RemoveChild(c)
			}
		case html.TextNode:
			hasText = true
		case html.DocumentNode:
			cleanChildren(c)
		default: // comments, doctype, raw nodes
			n.RemoveChild(c)
		}
		c = next
	}
	if !hasText {
		return
	}
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if c.Type != html.TextNode {
			c = next
			continue
		}
		for next != nil && next.Type == html.TextNode {
			after := next.NextSibling
			c.Data += next.Data
			n.RemoveChild(next)
			next = after
		}
		c.Data = collapseEdges(c.Data, !isBlock(c.PrevSibling, n), !isBlock(c.NextSibling, n))
		if c.Data == "" {
			n.RemoveChild(c)
		}
		c = next
	}
}

func dropElement(n *html.Node) bool {
	if n.Namespace != "" { // svg, math foreign content
		return true
	}
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template,
		atom.Meta, atom.Link, atom.Base,
		atom.Iframe, atom.Object, atom.Embed, atom.Applet, atom.Param,
		atom.Svg, atom.Math, atom.Canvas, atom.Audio, atom.Video, atom.Source, atom.Track:
		return true
	}
	for _, a := range n.Attr {
		switch a.Key {
		case "hidden":
			return true
		case "style":
			if hiddenStyle(a.Val) {
				return true
			}
		case "type":
			if n.DataAtom == atom.Input && strings.EqualFold(strings.TrimSpace(a.Val), "hidden") {
				return true
			}
		}
	}
	return false
}

// hiddenStyle reports whether an inline style hides its element.
func hiddenStyle(s string) bool {
	if !strings.Contains(s, "none") && !strings.Contains(s, "hidden") {
		// Cheap exit for the common case: "none" and "hidden" in any case
		// hold one of these capitals ("nonE" too).
		if !strings.ContainsAny(s, "NOEHID") && asciiOnly(s) {
			return false
		}
	}
	if asciiOnly(s) {
		// The same without copies: for ASCII, ToLower then == is EqualFold.
		for rest := s; rest != ""; {
			var decl string
			decl, rest, _ = strings.Cut(rest, ";")
			k, v, ok := strings.Cut(decl, ":")
			if !ok {
				continue
			}
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			if n := len(v) - len("!important"); n >= 0 && strings.EqualFold(v[n:], "!important") {
				v = strings.TrimSpace(v[:n])
			}
			if (strings.EqualFold(k, "display") && strings.EqualFold(v, "none")) || (strings.EqualFold(k, "visibility") && strings.EqualFold(v, "hidden")) {
				return true
			}
		}
		return false
	}
	return hiddenStyleFold(s)
}

// hiddenStyleFold is hiddenStyle for any text: declarations compared
// after lower-casing a copy.
func hiddenStyleFold(s string) bool {
	s = strings.ToLower(s)
	for _, decl := range strings.Split(s, ";") {
		k, v, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "!important"))
		if (k == "display" && v == "none") || (k == "visibility" && v == "hidden") {
			return true
		}
	}
	return false
}

// asciiOnly reports whether s holds ASCII bytes only.
func asciiOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func filterAttrs(n *html.Node) {
	if len(n.Attr) == 0 {
		return
	}
	kept := n.Attr[:0]
	for _, a := range n.Attr {
		if a.Namespace == "" {
			switch a.Key {
			case "href", "src", "alt", "title", "content", "datetime", // sod.Attributes
				"class": // record-mode roles (wrapper/list_class.go)
				kept = append(kept, a)
			}
		}
	}
	clear(n.Attr[len(kept):])
	n.Attr = kept
	if len(n.Attr) == 0 {
		n.Attr = nil
	}
}

func keepEmpty(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Img, atom.Br, atom.Hr, atom.Input, atom.Wbr, atom.Area, atom.Col, atom.Td, atom.Th,
		atom.Html, atom.Body:
		return true
	}
	return false
}

// isBlock reports whether a text node's neighbour sib (nil: none, the
// parent's edge) is a block boundary: a block-level element (or br, hr), or,
// for a missing sibling, a block-level parent. Elements HTML does not list as
// block-level are inline, as browsers render unknown elements.
func isBlock(sib, parent *html.Node) bool {
	n := sib
	if n == nil {
		n = parent
	}
	if n == nil || n.Type != html.ElementNode {
		return true
	}
	switch n.DataAtom {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Body, atom.Br,
		atom.Caption, atom.Center, atom.Dd, atom.Details, atom.Dialog, atom.Dir, atom.Div,
		atom.Dl, atom.Dt, atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer,
		atom.Form, atom.Frameset, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6,
		atom.Head, atom.Header, atom.Hgroup, atom.Hr, atom.Html, atom.Legend, atom.Li,
		atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.Optgroup, atom.Option, atom.P,
		atom.Pre, atom.Section, atom.Select, atom.Summary, atom.Table, atom.Tbody,
		atom.Td, atom.Textarea, atom.Tfoot, atom.Th, atom.Thead, atom.Title, atom.Tr, atom.Ul:
		return true
	}
	return false
}

// collapseEdges replaces each run of white space in s with one space and
// trims s, except that one leading (trailing) space is kept when s starts
// (ends) with white space and keepLead (keepTrail) is set. A string with no
// visible character gives "". When the result is a substring of s (the
// common case of indented markup: white space only around the text, single
// ASCII spaces inside) it is returned without copying.
func collapseEdges(s string, keepLead, keepTrail bool) string {
	if t, ok := collapseFast(s, keepLead, keepTrail); ok {
		return t
	}
	return collapseSlow(s, keepLead, keepTrail)
}

// collapseFast is collapseEdges when its result is "" or a part of s (ok);
// false when collapseSlow must build it.
func collapseFast(s string, keepLead, keepTrail bool) (string, bool) {
	// One pass: the bounds of the visible text [lo, hi), and whether its
	// interior holds white space other than single ASCII spaces.
	lo, hi := -1, 0
	run, runBad := 0, false // the white space since the last visible byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return "", false
		}
		if asciiSpace(c) {
			run++
			runBad = runBad || c != ' ' || run > 1
			continue
		}
		if lo < 0 {
			lo = i
		} else if runBad {
			return "", false
		}
		run, runBad, hi = 0, false, i+1
	}
	if lo < 0 {
		return "", true
	}
	lead := keepLead && lo > 0
	trail := keepTrail && hi < len(s)
	switch {
	case (!lead || s[lo-1] == ' ') && (!trail || s[hi] == ' '):
		if lead {
			lo--
		}
		if trail {
			hi++
		}
		return s[lo:hi], true
	}
	return "", false
}

// appendCollapsed appends collapseSlow(s, keepLead, keepTrail) to dst, for
// s valid UTF-8 (the result is then at most len(s)+2 bytes).
func appendCollapsed(dst []byte, s string, keepLead, keepTrail bool) []byte {
	start := len(dst)
	if keepLead && startsSpace(s) {
		dst = append(dst, ' ')
	}
	body := len(dst)
	pending := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			pending = len(dst) > body
			continue
		}
		if pending {
			dst = append(dst, ' ')
			pending = false
		}
		dst = utf8.AppendRune(dst, r)
	}
	if len(dst) == body {
		return dst[:start]
	}
	if keepTrail && endsSpace(s) {
		dst = append(dst, ' ')
	}
	return dst
}

func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// collapseSlow is collapseEdges by copying.
func collapseSlow(s string, keepLead, keepTrail bool) string {
	t := collapseSpace(s)
	if t == "" {
		return ""
	}
	lead := keepLead && startsSpace(s)
	trail := keepTrail && endsSpace(s)
	if !lead && !trail {
		return t
	}
	var b strings.Builder
	b.Grow(len(t) + 2)
	if lead {
		b.WriteByte(' ')
	}
	b.WriteString(t)
	if trail {
		b.WriteByte(' ')
	}
	return b.String()
}

func startsSpace(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsSpace(r)
}

func endsSpace(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return unicode.IsSpace(r)
}

// collapseSpace trims s and replaces each run of white space with one space.
func collapseSpace(s string) string {
	// Fast path: ASCII without leading/trailing/double spaces or non-space
	// white space needs no copy.
	ok := true
	prevSpace := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			ok = false
			break
		}
		if c == ' ' {
			if prevSpace {
				ok = false
				break
			}
			prevSpace = true
			continue
		}
		if c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' {
			ok = false
			break
		}
		prevSpace = false
	}
	if ok && !prevSpace {
		return s
	}
	if ok && len(s) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	pending := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			pending = b.Len() > 0
			continue
		}
		if pending {
			b.WriteByte(' ')
			pending = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// NodePath returns the path of n from the document root, for provenance and
// for finding the same node on other pages of a template, e.g.
// "html/body/div[2]/ul/li[3]/a". Each step is an element's tag name; when the
// element has element siblings with the same tag, its 1-based position among
// them is appended in brackets (so a lone <ul> is "ul", while the first of
// three <li> is "li[1]"). A text node ends the path with "text()", indexed the
// same way among its text siblings. The document node's path is "".
func NodePath(n *html.Node) string {
	if n == nil {
		return ""
	}
	// The nodes from n up, then their steps from the top down into one
	// buffer.
	var stack [32]*html.Node
	nodes := stack[:0]
	size := 0
	for ; n != nil && n.Type != html.DocumentNode; n = n.Parent {
		nodes = append(nodes, n)
		size += len(n.Data) + 8
	}
	buf := make([]byte, 0, size)
	for i := len(nodes) - 1; i >= 0; i-- {
		if i < len(nodes)-1 {
			buf = append(buf, '/')
		}
		buf = appendStep(buf, nodes[i])
	}
	return unsafe.String(unsafe.SliceData(buf), len(buf)) // buf is not kept: no second copy
}

// appendStep appends n's step of NodePath: its name, and its index among
// its parent's children of that name when there are several.
func appendStep(buf []byte, n *html.Node) []byte {
	name := "text()"
	switch n.Type {
	case html.ElementNode:
		name = n.Data
	case html.TextNode:
	default:
		name = "node()"
	}
	idx, count := 0, 0
	if n.Parent != nil {
		for c := n.Parent.FirstChild; c != nil; c = c.NextSibling {
			if sameStep(c, n) {
				count++
				if c == n {
					idx = count
				}
			}
		}
	}
	buf = append(buf, name...)
	if count > 1 {
		buf = append(buf, '[')
		buf = strconv.AppendInt(buf, int64(idx), 10)
		buf = append(buf, ']')
	}
	return buf
}

func sameStep(a, b *html.Node) bool {
	if a.Type != b.Type {
		return false
	}
	return a.Type != html.ElementNode || a.Data == b.Data
}

// FindPath returns the node of doc at path (as printed by NodePath), or nil.
// A step without an index matches the first node of that name.
func FindPath(doc *html.Node, path string) *html.Node {
	n := doc
	if path == "" {
		return n
	}
	for _, step := range strings.Split(path, "/") {
		name, idx := step, 1
		if i := strings.IndexByte(step, '['); i >= 0 && strings.HasSuffix(step, "]") {
			k, err := strconv.Atoi(step[i+1 : len(step)-1])
			if err != nil || k < 1 {
				return nil
			}
			name, idx = step[:i], k
		}
		var next *html.Node
		seen := 0
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			var match bool
			switch name {
			case "text()":
				match = c.Type == html.TextNode
			case "node()":
				match = c.Type != html.ElementNode && c.Type != html.TextNode
			default:
				match = c.Type == html.ElementNode && c.Data == name
			}
			if match {
				seen++
				if seen == idx {
					next = c
					break
				}
			}
		}
		if next == nil {
			return nil
		}
		n = next
	}
	return n
}

// Text returns the visible text of the subtree rooted at n: its text nodes'
// words joined by single spaces, skipping scripts, styles and comments, so it
// gives the same result on cleaned and raw trees. Every text node boundary
// counts as a space (the spaces Clean keeps at inline boundaries are not
// needed here); a caller that joins text nodes itself, as extraction does,
// can use those spaces to tell "A & " + "B" from "<b>Book</b>s".
func Text(n *html.Node) string {
	if n == nil {
		return ""
	}
	if n.Type == html.TextNode {
		return collapseSpace(n.Data)
	}
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.TextNode:
				t := collapseSpace(c.Data)
				if t == "" {
					continue
				}
				if b.Len() > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(t)
			case html.ElementNode:
				switch c.DataAtom {
				case atom.Script, atom.Style, atom.Noscript, atom.Template:
					continue
				}
				walk(c)
			}
		}
	}
	walk(n)
	return b.String()
}
