package annotate

import (
	"bytes"
	"slices"
	"unsafe"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/objectrunner/objectrunner/annotate/internal/htmllex"
)

// sparser is the stream's tree builder: html.Parse's algorithm
// (golang.org/x/net/html parse.go, whose structure and names it follows)
// over a stack of selem, building only the cleaned tree (stream_tree.go).
// Where html.Parse would move or clone nodes it stops (stop), and the page
// goes to the tree path.
type sparser struct {
	z       htmllex.Lexer
	src     string  // the decoded page, in text
	textBuf *[]byte // src's buffer (a Page's text)
	// spare is the room left in textBuf's array after src: collapsed
	// texts that are not substrings of the page are written there
	// (keepText) rather than each in an allocation of its own, and share
	// the page's text's lifetime (Page.ReleaseText).
	spare []byte
	pos   int  // offset in src of the current token
	tok   stok // the token being processed

	oe         []selem
	afe        []afEntry
	im, origIM imode
	head       bool  // a head element was inserted (html.Parse's p.head != nil)
	body       bool  // a body element was inserted
	form       int32 // id of the form element pointer, 0 for none
	foster     bool  // html.Parse's fosterParenting
	nextID     int32
	doctype    string // the doctype as written, when it came first

	doc      *html.Node
	ar       *arena
	v        Visitor
	visited  bool
	page     *Page  // the page being read: its URLs are set when <base> is read
	fallback string // LoadOptions.BaseURL
	base     string
	baseSet  bool
	bail     string

	tokStart int     // offset of the current token in src
	abuf     []sattr // the current start tag's attributes
	keyBuf   []byte  // their keys, lower case
	nameBuf  []byte
	attrRead bool
	allBuf   []sattr // all the attributes (allAttrs)
	allKeys  []byte
	allRead  bool
	other    htmllex.Lexer // reads the attributes of earlier tags
	// lastAttrs is the attribute list sharedAttrs gave last (a list of
	// the page's arena).
	lastAttrs []html.Attribute
}

// stok is a token: read from the tokenizer, or implied by the parser.
type stok struct {
	tt      html.TokenType // SelfClosingTagToken is folded into StartTagToken
	a       atom.Atom
	name    string
	self    bool
	data    string
	raw     bool // a start tag read from the page (its attributes can be read)
	implied bool
	lazy    bool // a text token whose data is not read yet
}

// afEntry is an entry of the list of active formatting elements: an
// element (by id) or a marker (id 0).
type afEntry struct {
	id    int32
	a     atom.Atom
	drop  bool             // Clean removes the element for its own sake
	attrs []html.Attribute // the attributes Clean keeps, for clones
	raw   string           // the tag as written, for the Noah's Ark clause
}

func (sp *sparser) reset(text []byte, v Visitor, own bool) {
	if own {
		// text is the page's (parsePageVisit): kept, not copied, with
		// spare room of the same size in an array of its own (only the
		// part written is resident). Too large for the pool, it is
		// never given back (Page.ReleaseText).
		sp.textBuf = new([]byte) // not &text: text would be moved to the heap on every call
		*sp.textBuf = text
		sp.spare = make([]byte, 0, len(text)/8)
	} else {
		sp.textBuf = getText(len(text) + len(text)/8)
		*sp.textBuf = append((*sp.textBuf)[:0], text...)
		sp.spare = (*sp.textBuf)[len(text):len(text)]
	}
	sp.src = ""
	if len(text) > 0 {
		// The page's strings share the buffer, which is written no more
		// unless the page's reader gives it back (Page.ReleaseText).
		sp.src = unsafe.String(unsafe.SliceData(*sp.textBuf), len(text))
	}
	sp.z.Reset(sp.src)
	sp.pos = 0
	sp.tok = stok{}
	sp.oe = sp.oe[:0]
	sp.afe = sp.afe[:0]
	sp.im, sp.origIM = imInitial, imInitial
	sp.head, sp.body, sp.form, sp.foster, sp.nextID = false, false, 0, false, 0
	sp.doctype = ""
	sp.ar = newArena()
	sp.doc = sp.ar.node()
	sp.doc.Type = html.DocumentNode
	sp.v, sp.visited = v, false
	sp.base, sp.baseSet, sp.bail = "", false, ""
	sp.abuf, sp.attrRead = sp.abuf[:0], false
	sp.lastAttrs = nil
}

// clearRefs drops what the pooled parser must not keep alive.
func (sp *sparser) clearRefs() {
	sp.src, sp.doc, sp.ar, sp.v, sp.page, sp.textBuf, sp.spare = "", nil, nil, nil, nil, nil, nil
	sp.lastAttrs = nil
	sp.z.Reset("")
	sp.tok = stok{}
	for i := range sp.oe[:cap(sp.oe)] {
		sp.oe[:cap(sp.oe)][i].node = nil
		sp.oe[:cap(sp.oe)][i].pstr = ""
	}
	sp.oe = sp.oe[:0]
	clear(sp.afe[:cap(sp.afe)])
	sp.afe = sp.afe[:0]
	clear(sp.abuf[:cap(sp.abuf)])
	sp.abuf = sp.abuf[:0]
	clear(sp.allBuf[:cap(sp.allBuf)])
	sp.allBuf = sp.allBuf[:0]
}

// stop abandons the stream: html.Parse would do here what the stream does
// not reproduce.
func (sp *sparser) stop(reason string) {
	sp.bail = reason
	panic(errBail)
}

// run reads the page and builds its tree; false when it stopped.
func (sp *sparser) run() (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if r != errBail {
				panic(r)
			}
			ok = false
		}
	}()
	for {
		t := sp.top()
		sp.z.AllowCDATA(t != nil && t.ns != nsHTML)
		tt := sp.z.Next()
		if tt == html.ErrorToken {
			sp.tok = stok{tt: html.ErrorToken}
			sp.parseCurrent()
			break
		}
		sp.read(tt)
		sp.parseCurrent()
	}
	sp.popTo(0)
	return true
}

// read makes sp.tok of the lexer's current token, without copying text
// that needs no decoding.
func (sp *sparser) read(tt html.TokenType) {
	start, end := sp.z.Raw()
	sp.tokStart, sp.pos = start, end
	sp.tok = stok{tt: tt}
	sp.attrRead, sp.allRead = false, false
	switch tt {
	case html.TextToken:
		sp.tok.lazy = true // see text
	case html.StartTagToken, html.SelfClosingTagToken:
		sp.tok.tt = html.StartTagToken
		sp.tok.self = tt == html.SelfClosingTagToken
		sp.tok.raw = true
		sp.tagName()
	case html.EndTagToken:
		sp.tagName()
	case html.DoctypeToken:
		if sp.im == imInitial {
			sp.tok.data = sp.src[start:end]
		}
	}
}

// text returns the current text token's data (Text's decoding), a
// substring of the page when there is nothing to decode. Line ends are
// left as written (TextKeepCR): the text is only tested for white space
// and collapsed (collapseEdges), to which '\r' is white space as '\n'
// is, and a <pre>'s or <textarea>'s first line end is trimmed as "\r",
// then "\n" (inBodyIM, textIM).
func (sp *sparser) text() string {
	if sp.tok.lazy {
		sp.tok.lazy = false
		sp.tok.data = sp.z.TextKeepCR()
	}
	return sp.tok.data
}

func (sp *sparser) setText(s string) { sp.tok.data, sp.tok.lazy = s, false }

// tagName sets the token's name: TagName's lower-casing, without a copy
// for the names of known elements.
func (sp *sparser) tagName() {
	a, b := sp.z.Data()
	name := append(sp.nameBuf[:0], sp.src[a:b]...)
	nul := false
	for i, c := range name {
		if 'A' <= c && c <= 'Z' {
			name[i] = c + 'a' - 'A'
		} else if c == 0 {
			nul = true
		}
	}
	sp.nameBuf = name
	if nul {
		name = bytes.ReplaceAll(name, []byte{0}, []byte("\ufffd"))
	}
	if a := atom.Lookup(name); a != 0 {
		sp.tok.a, sp.tok.name = a, a.String()
	} else {
		sp.tok.name = string(name)
	}
}

// parseCurrent runs the current token through the insertion modes until
// it is consumed (html.Parse's parseCurrentToken).
func (sp *sparser) parseCurrent() {
	for consumed := false; !consumed; {
		if sp.inForeign() {
			consumed = sp.foreign()
		} else {
			consumed = sp.mode()
		}
	}
}

// implied processes a token html.Parse implies (parseImpliedToken).
func (sp *sparser) implied(tt html.TokenType, a atom.Atom) {
	real := sp.tok
	sp.tok = stok{tt: tt, a: a, name: a.String(), implied: true}
	sp.parseCurrent()
	sp.tok = real
}

// Scopes (html.Parse's indexOfElementInScope).
type scope uint8

const (
	defaultScope scope = iota
	listItemScope
	buttonScope
	tableScope
)

func (sp *sparser) indexInScope(s scope, tags ...atom.Atom) int {
	for i := len(sp.oe) - 1; i >= 0; i-- {
		e := &sp.oe[i]
		if e.ns == nsHTML {
			for _, t := range tags {
				if t == e.a {
					return i
				}
			}
			switch s {
			case listItemScope:
				if e.a == atom.Ol || e.a == atom.Ul {
					return -1
				}
			case buttonScope:
				if e.a == atom.Button {
					return -1
				}
			case tableScope:
				if e.a == atom.Html || e.a == atom.Table || e.a == atom.Template {
					return -1
				}
			}
		}
		if s != tableScope && scopeStop(e) {
			return -1
		}
	}
	return -1
}

// scopeStop reports the elements that bound the default, list item and
// button scopes (defaultScopeStopTags).
func scopeStop(e *selem) bool {
	switch e.ns {
	case nsHTML:
		switch e.a {
		case atom.Applet, atom.Caption, atom.Html, atom.Table, atom.Td, atom.Th, atom.Marquee, atom.Object, atom.Template, atom.Select:
			return true
		}
	case nsMath:
		switch e.name {
		case "annotation-xml", "mi", "mn", "mo", "ms", "mtext":
			return true
		}
	case nsSVG:
		switch e.name {
		case "desc", "foreignobject", "title":
			return true
		}
	}
	return false
}

func (sp *sparser) inScope(s scope, tags ...atom.Atom) bool {
	return sp.indexInScope(s, tags...) != -1
}

func (sp *sparser) popUntil(s scope, tags ...atom.Atom) bool {
	if i := sp.indexInScope(s, tags...); i != -1 {
		sp.popTo(i)
		return true
	}
	return false
}

// clearStackToContext pops up to the table, row or body context.
func (sp *sparser) clearStackToContext(stops ...atom.Atom) {
	for i := len(sp.oe) - 1; i >= 0; i-- {
		for _, a := range stops {
			if sp.oe[i].a == a {
				sp.popTo(i + 1)
				return
			}
		}
	}
}

var (
	tableContext = []atom.Atom{atom.Html, atom.Table, atom.Template}
	rowContext   = []atom.Atom{atom.Html, atom.Tr, atom.Template}
	bodyContext  = []atom.Atom{atom.Html, atom.Tbody, atom.Tfoot, atom.Thead, atom.Template}
)

// generateImpliedEndTags pops dd, dt, li, optgroup, option, p, rb, rp, rt
// and rtc elements, but for except.
func (sp *sparser) generateImpliedEndTags(except atom.Atom) {
	for len(sp.oe) > 0 {
		switch a := sp.top().a; a {
		case atom.Dd, atom.Dt, atom.Li, atom.Optgroup, atom.Option, atom.P, atom.Rb, atom.Rp, atom.Rt, atom.Rtc:
			if a == except {
				return
			}
			sp.pop()
			continue
		}
		return
	}
}

func (sp *sparser) contains(a atom.Atom) bool {
	for i := range sp.oe {
		if sp.oe[i].a == a {
			return true
		}
	}
	return false
}

func (sp *sparser) onStack(id int32) int {
	for i := len(sp.oe) - 1; i >= 0; i-- {
		if sp.oe[i].id == id {
			return i
		}
	}
	return -1
}

// The list of active formatting elements.

func (sp *sparser) afeIndex(id int32) int {
	for i := len(sp.afe) - 1; i >= 0; i-- {
		if sp.afe[i].id == id {
			return i
		}
	}
	return -1
}

func (sp *sparser) afeRemove(id int32) {
	if i := sp.afeIndex(id); i >= 0 {
		sp.afe = append(sp.afe[:i], sp.afe[i+1:]...)
	}
}

func (sp *sparser) pushMarker() { sp.afe = append(sp.afe, afEntry{}) }

// clearActiveFormattingElements pops the list up to the last marker.
func (sp *sparser) clearActiveFormattingElements() {
	for len(sp.afe) > 0 {
		n := sp.afe[len(sp.afe)-1]
		sp.afe = sp.afe[:len(sp.afe)-1]
		if n.id == 0 {
			return
		}
	}
}

// reconstruct is html.Parse's reconstructActiveFormattingElements: the
// formatting elements closed by other elements' ends are opened again, as
// clones, at the current node.
func (sp *sparser) reconstruct() {
	if len(sp.afe) == 0 {
		return
	}
	n := sp.afe[len(sp.afe)-1]
	if n.id == 0 || sp.onStack(n.id) >= 0 {
		return
	}
	i := len(sp.afe) - 1
	for sp.afe[i].id != 0 && sp.onStack(sp.afe[i].id) == -1 {
		if i == 0 {
			i = -1
			break
		}
		i--
	}
	for {
		i++
		en := sp.afe[i]
		e := sp.push(en.a, en.a.String(), nsHTML, en.drop, slices.Clone(en.attrs))
		sp.afe[i].id = e.id
		if i == len(sp.afe)-1 {
			break
		}
	}
}

// addElement inserts an element of the current token.
func (sp *sparser) addElement() *selem {
	if sp.tok.a == atom.Meta {
		if t := sp.top(); t != nil && t.a == atom.Head && t.ns == nsHTML && !t.drop {
			if ok, attrs := sp.keptMeta(); ok {
				e := sp.push(atom.Meta, sp.tok.name, nsHTML, false, attrs)
				e.keep = true
				return e
			}
		}
	}
	drop := sp.dropTag(sp.tok.a)
	var attrs []html.Attribute
	if t := sp.top(); !drop && (t == nil || !t.drop) {
		attrs = sp.sharedAttrs()
	}
	return sp.push(sp.tok.a, sp.tok.name, nsHTML, drop, attrs)
}

// addVoid inserts an element of the current token and pops it.
func (sp *sparser) addVoid() {
	sp.addElement()
	sp.pop()
}

// isSpecial is html.Parse's isSpecialElement.
func isSpecial(e *selem) bool {
	switch e.ns {
	case nsHTML:
		return specialHTML(e.a)
	case nsMath:
		switch e.name {
		case "mi", "mo", "mn", "ms", "mtext", "annotation-xml":
			return true
		}
	case nsSVG:
		switch e.name {
		case "foreignobject", "desc", "title":
			return true
		}
	}
	return false
}

func specialHTML(a atom.Atom) bool {
	switch a {
	case atom.Address, atom.Applet, atom.Area, atom.Article, atom.Aside, atom.Base, atom.Basefont,
		atom.Bgsound, atom.Blockquote, atom.Body, atom.Br, atom.Button, atom.Caption, atom.Center,
		atom.Col, atom.Colgroup, atom.Dd, atom.Details, atom.Dir, atom.Div, atom.Dl, atom.Dt,
		atom.Embed, atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Form, atom.Frame,
		atom.Frameset, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Head, atom.Header,
		atom.Hgroup, atom.Hr, atom.Html, atom.Iframe, atom.Img, atom.Input, atom.Keygen, atom.Li,
		atom.Link, atom.Listing, atom.Main, atom.Marquee, atom.Menu, atom.Meta, atom.Nav,
		atom.Noembed, atom.Noframes, atom.Noscript, atom.Object, atom.Ol, atom.P, atom.Param,
		atom.Plaintext, atom.Pre, atom.Script, atom.Section, atom.Select, atom.Source, atom.Style,
		atom.Summary, atom.Table, atom.Tbody, atom.Td, atom.Template, atom.Textarea, atom.Tfoot,
		atom.Th, atom.Thead, atom.Title, atom.Tr, atom.Track, atom.Ul, atom.Wbr, atom.Xmp:
		return true
	}
	return false
}
