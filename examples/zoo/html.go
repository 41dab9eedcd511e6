package zoo

import (
	"fmt"
	"strings"
)

// node is an HTML element, a text node (tag == "") or raw markup written
// as is (raw == true: scripts, styles, comments).
type node struct {
	tag   string
	attrs []string // key, value, key, value, …
	text  string   // text of a text node (unescaped) or raw markup
	raw   bool
	kids  []*node
}

// el makes an element; attrs are key/value pairs, pairs with an empty
// value are dropped.
func el(tag string, attrs ...string) *node {
	n := &node{tag: tag}
	for i := 0; i+1 < len(attrs); i += 2 {
		if attrs[i+1] != "" {
			n.attrs = append(n.attrs, attrs[i], attrs[i+1])
		}
	}
	return n
}

// txt makes a text node; s is visible text, escaped when written.
func txt(s string) *node { return &node{text: s} }

// rawHTML makes a node written as is.
func rawHTML(s string) *node { return &node{text: s, raw: true} }

// add appends kids (nil ones are skipped) and returns n.
func (n *node) add(kids ...*node) *node {
	for _, k := range kids {
		if k != nil {
			n.kids = append(n.kids, k)
		}
	}
	return n
}

// addText appends a text node.
func (n *node) addText(s string) *node { return n.add(txt(s)) }

// voidTags have no end tag.
var voidTags = map[string]bool{"br": true, "img": true, "input": true, "meta": true, "link": true, "hr": true}

// inlineTags flow inside a line of text: no line break or indentation is
// written around them, so white space is exactly what the text nodes hold.
var inlineTags = map[string]bool{
	"a": true, "span": true, "b": true, "strong": true, "em": true, "i": true, "small": true,
	"time": true, "abbr": true, "br": true, "img": true, "s": true, "del": true, "sup": true,
	"sub": true, "label": true, "cite": true, "input": true, "button": true, "select": true,
	"option": true, "u": true, "font": true, "bdi": true, "mark": true, "meter": true,
}

func (n *node) inline() bool { return n.tag == "" || inlineTags[n.tag] }

// entStyle is how a site's templates write characters outside ASCII.
type entStyle int

const (
	entRaw     entStyle = iota // UTF-8 bytes, only & < > escaped
	entNamed                   // &eacute; &rsquo; (numeric where no name is known)
	entNumeric                 // &#233; &#8217;
)

var entNames = [...]string{"raw", "named", "numeric"}

func (e entStyle) String() string { return entNames[e] }

var namedEntities = map[rune]string{
	'é': "eacute", 'è': "egrave", 'á': "aacute", 'à': "agrave", 'í': "iacute", 'ó': "oacute", 'ú': "uacute",
	'ñ': "ntilde", 'ü': "uuml", 'ö': "ouml", 'ä': "auml", 'ç': "ccedil", 'ë': "euml", 'ï': "iuml", 'ô': "ocirc",
	'ê': "ecirc", 'â': "acirc", 'É': "Eacute", 'ø': "oslash", '’': "rsquo", '‘': "lsquo", '“': "ldquo",
	'”': "rdquo", '–': "ndash", '—': "mdash", '…': "hellip", '·': "middot", '©': "copy", '»': "raquo",
	'«': "laquo", '€': "euro", '£': "pound", '›': "rsaquo", '★': "starf", '®': "reg", '™': "trade",
}

// writer serialises a node tree in one site's habits.
type writer struct {
	b       strings.Builder
	indent  string          // one level of indentation; "" writes everything on one line
	ent     entStyle        // how non-ASCII text is written
	omitEnd map[string]bool // end tags the site leaves out (li, dd, td, p, tr)
	single  bool            // attribute values in single quotes
	upper   bool            // upper-case tag names (an old hand-written site)
}

// esc escapes text for a text node or an attribute value.
func (w *writer) esc(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case c == '&':
			b.WriteString("&amp;")
		case c == '<':
			b.WriteString("&lt;")
		case c == '>':
			b.WriteString("&gt;")
		case c == '"' && !w.single:
			b.WriteString("&quot;")
		case c == '\'' && w.single:
			b.WriteString("&#39;")
		case c == '\u00a0':
			b.WriteString("&nbsp;")
		case c <= 0x9f || w.ent == entRaw: // &#128;–&#159; would mean Windows-1252
			b.WriteRune(c)
		case w.ent == entNamed && namedEntities[c] != "":
			b.WriteString("&" + namedEntities[c] + ";")
		default:
			fmt.Fprintf(&b, "&#%d;", c)
		}
	}
	return b.String()
}

func (w *writer) tagName(t string) string {
	if w.upper {
		return strings.ToUpper(t)
	}
	return t
}

func (w *writer) open(n *node) {
	w.b.WriteString("<" + w.tagName(n.tag))
	q := `"`
	if w.single {
		q = `'`
	}
	for i := 0; i+1 < len(n.attrs); i += 2 {
		w.b.WriteString(" " + n.attrs[i] + "=" + q + w.esc(n.attrs[i+1]) + q)
	}
	w.b.WriteString(">")
}

func (w *writer) close(n *node) {
	if !voidTags[n.tag] && !w.omitEnd[n.tag] {
		w.b.WriteString("</" + w.tagName(n.tag) + ">")
	}
}

// inlineRun writes n (an inline node or text) and everything in it on the
// current line.
func (w *writer) inlineRun(n *node) {
	switch {
	case n.raw:
		w.b.WriteString(n.text)
	case n.tag == "":
		w.b.WriteString(w.esc(n.text))
	default:
		w.open(n)
		for _, k := range n.kids {
			w.inlineRun(k)
		}
		w.close(n)
	}
}

func (w *writer) newline(depth int) {
	if w.indent == "" {
		return
	}
	w.b.WriteString("\n")
	w.b.WriteString(strings.Repeat(w.indent, depth))
}

// block writes a block element: on one line when it holds only inline
// content, else its block children on lines of their own.
func (w *writer) block(n *node, depth int) {
	if n.raw || n.inline() {
		w.inlineRun(n)
		return
	}
	w.open(n)
	allInline := true
	for _, k := range n.kids {
		if !k.inline() && !k.raw {
			allInline = false
		}
	}
	if allInline || n.tag == "pre" || n.tag == "textarea" {
		for _, k := range n.kids {
			w.inlineRun(k)
		}
		w.close(n)
		return
	}
	startLine := true
	for _, k := range n.kids {
		if k.inline() && !k.raw {
			if startLine {
				w.newline(depth + 1)
				startLine = false
			}
			w.inlineRun(k)
			continue
		}
		w.newline(depth + 1)
		w.block(k, depth+1)
		startLine = true
	}
	w.newline(depth)
	w.close(n)
}

// render serialises a whole page (the <html> element) with a doctype.
func (w *writer) render(doctype string, root *node) []byte {
	w.b.Reset()
	w.b.WriteString(doctype)
	w.b.WriteString("\n")
	w.block(root, 0)
	w.b.WriteString("\n")
	return []byte(w.b.String())
}
