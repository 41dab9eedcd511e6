package mapping

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// pathKey is one step of an occurrence path: the parent path and a tag name.
type pathKey struct {
	parent int32
	tag    string
}

// Paths interns DOM occurrence paths (root-to-element tag names) as small
// integers. Path 0 is the empty path (the document).
type Paths struct {
	// kids gives, by parent path, its children's paths by tag: a small
	// map per parent, looked up without hashing a struct key.
	kids   []map[string]int32
	Keys   []pathKey
	Frozen bool // a wrapper's table: unknown paths map to -1
	// attrs are the attributes whose values are tokens (attr.go).
	Attrs []string
	// cls gives elements distinctive class tokens (record mode: and
	// labels) in their occurrence step (list_class.go).
	Cls *classRules
	// rows puts label-value rows in a canonical order (roworder.go).
	Rows *rowOrder
}

func NewPaths() *Paths {
	return &Paths{Keys: []pathKey{{-1, ""}}}
}

func (ps *Paths) Child(parent int32, tag string) int32 {
	if parent < 0 {
		return -1
	}
	if int(parent) < len(ps.kids) {
		if id, ok := ps.kids[parent][tag]; ok {
			return id
		}
	}
	if ps.Frozen {
		return -1
	}
	id := int32(len(ps.Keys))
	ps.Keys = append(ps.Keys, pathKey{parent, tag})
	for len(ps.kids) <= int(parent) {
		ps.kids = append(ps.kids, nil)
	}
	if ps.kids[parent] == nil {
		ps.kids[parent] = map[string]int32{}
	}
	ps.kids[parent][tag] = id
	return id
}

// ChildBytes is Child for a tag held in bytes: a known step is looked up
// without making it a string.
func (ps *Paths) ChildBytes(parent int32, tag []byte) int32 {
	if parent < 0 {
		return -1
	}
	if int(parent) < len(ps.kids) {
		if id, ok := ps.kids[parent][string(tag)]; ok {
			return id
		}
	}
	if ps.Frozen {
		return -1 // Child's answer, without making tag a string
	}
	return ps.Child(parent, string(tag))
}

// String returns the path as tag names joined by "/".
func (ps *Paths) String(id int32) string {
	if id <= 0 || int(id) >= len(ps.Keys) {
		return ""
	}
	var parts []string
	for id > 0 {
		k := ps.Keys[id]
		parts = append(parts, k.tag)
		id = k.parent
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, "/")
}

// Parse interns a path printed by String.
func (ps *Paths) Parse(s string) int32 {
	id := int32(0)
	if s == "" {
		return id
	}
	for _, tag := range strings.Split(s, "/") {
		id = ps.Child(id, tag)
	}
	return id
}

// Skipped elements carry no visible page content.
func Skipped(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Head, atom.Iframe, atom.Object, atom.Svg:
		return true
	}
	return false
}

func void(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input,
		atom.Link, atom.Meta, atom.Param, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}

// Tokenize turns a page into tokens (ExAlg: "a token is a word or an HTML
// tag"), framed by two sentinels. Elements without visible content (head,
// script, style, …) are skipped; attributes are ignored but for those the
// wrapper reads (ps.attrs, attr.go). Occurrence paths start at the document.
func Tokenize(p *annotate.Page, ps *Paths) []Token {
	// About one token per 16 bytes of HTML, or two per node (a start
	// and an end tag, or a text's words) on a page dense in tags.
	n := 1024
	if p != nil {
		n = max(n, p.Size/16, 2*p.Nodes())
	}
	tz := Tokenizer{toks: make([]Token, 0, n), Ps: ps}
	tz.Begin(p)
	if p != nil && p.Doc != nil {
		annotate.Walk(p.Doc, &tz)
	}
	return tz.Finish()
}

// tokenizeNodes turns a run of sibling nodes (one record of a list page)
// into tokens framed by two sentinels, as tokenize does for a whole page.
// Occurrence paths are relative to the nodes' parent (path 0), so that
// records at different places or depths of their pages share roles.
// p is the nodes' page (nil: no annotations, no attribute values).
func tokenizeNodes(nodes []*html.Node, p *annotate.Page, ps *Paths) []Token {
	tz := Tokenizer{toks: make([]Token, 0, 64), Ps: ps}
	tz.Begin(p)
	for _, n := range nodes {
		switch {
		case n == nil:
		case n.Type == html.ElementNode:
			tz.Start(n)
			annotate.Walk(n, &tz)
			tz.End(n)
		case n.Type == html.TextNode:
			tz.Text(n)
		case n.Type == html.DocumentNode:
			annotate.Walk(n, &tz)
		}
	}
	return tz.Finish()
}

// Tokenizer accumulates the tokens of a cleaned tree given in document
// order: it is an annotate.Visitor, driven by a walk of a tree (tokenize,
// tokenizeNodes) or by the stream that builds the tree while reading the
// page (ExtractStream). The open elements are on a stack of frames with
// their occurrence paths.
type Tokenizer struct {
	toks   []Token
	Ps     *Paths
	byNode map[*html.Node][]*annotate.Annotation
	page   *annotate.Page // for attribute values (attr.go); may be nil
	stack  []frame
	rb     reorderBufs // finish's arrays (roworder.go)
	anns   annStore    // the tokens' annotation lists
	// deferred: the page is large (LargePage), the stream's calls make
	// no tokens; walkTree makes them from the tree once it is built.
	deferred bool
	// counting: the tokens are only counted (walkTree): counted holds
	// those made and dropped from toks so far.
	counting bool
	counted  int
	// stream: the calls come from the stream reading the page
	// (ExtractUnreleased), which Begin may defer.
	stream bool
}

// annStore hands out the annotation lists tokens point to
// (exalg.Token.Ann), carved from blocks: one allocation for many
// annotated tokens. A block is never reused, as tokens may outlive the
// tokenizer.
type annStore struct{ block []exalg.Annotated }

// ref returns a pointer to a list holding a; nil for an empty a.
func (s *annStore) ref(a []*annotate.Annotation) *exalg.Annotated {
	if len(a) == 0 {
		return nil
	}
	if len(s.block) == 0 {
		s.block = make([]exalg.Annotated, 64)
	}
	p := &s.block[0]
	p.List = a
	s.block = s.block[1:]
	return p
}

// frame is an open element of the tokenizer.
type frame struct {
	path int32
	bare int32 // the bare path (tag names only) when ps.cls is set
	mode uint8
	has  bool // frameAttrs: the element carries attribute values, its tags are tokens
}

// Modes of a frame.
const (
	// frameTokens: the element and its content are tokens.
	frameTokens uint8 = iota
	// frameAttrs: inside an element whose content is skipped (head, …),
	// only elements carrying attribute values the wrapper reads give
	// tokens: their tags and the values (attr.go).
	frameAttrs
	// frameNone: nothing under the element gives tokens.
	frameNone
)

// maxDepth bounds the element nesting that is tokenized.
const maxDepth = 512

// Begin starts the tokens of page p (annotate.Visitor): p gives the
// annotations and the attribute values (nil: none).
func (tz *Tokenizer) Begin(p *annotate.Page) {
	if tz.stream && p != nil && p.Size >= LargePage {
		// The tokens are made once the tree is built (walkTree), in an
		// array of their number.
		tz.deferred = true
		return
	}
	tz.page, tz.byNode = p, nil
	if p != nil {
		tz.byNode = p.ByNode
	}
	tz.toks = append(tz.toks[:0], exalg.Sentinel(false))
	tz.stack = tz.stack[:0]
}

func (tz *Tokenizer) Finish() []Token {
	toks := append(tz.toks, exalg.Sentinel(true))
	out := tz.Ps.Rows.Reorder(toks, tz.Ps, &tz.rb)
	if &out[0] != &toks[0] {
		// The tokens in page order are read no more: their array takes
		// the reordered tokens of the next page.
		tz.rb.Out = toks[:0]
	}
	return out
}

// top returns the current element's path and mode (the document's at the
// start).
func (tz *Tokenizer) top() (int32, uint8) {
	if len(tz.stack) == 0 {
		return 0, frameTokens
	}
	f := tz.stack[len(tz.stack)-1]
	return f.path, f.mode
}

// stepPath returns the occurrence path of element c under the current
// element, whose path is path, and c's bare path (list_class.go; -1
// without class rules).
func (tz *Tokenizer) stepPath(path int32, c *html.Node) (int32, int32) {
	cr := tz.Ps.Cls
	if cr == nil {
		return tz.Ps.Child(path, c.Data), -1
	}
	parent := int32(0)
	if len(tz.stack) > 0 {
		parent = tz.stack[len(tz.stack)-1].bare
	}
	b := cr.Bare.Child(parent, c.Data)
	var buf [64]byte
	return tz.Ps.ChildBytes(path, cr.AppendStep(buf[:0], b, c)), b
}

// Start adds an element's start tag, and the tokens of its attribute
// values (annotate.Visitor).
func (tz *Tokenizer) Start(c *html.Node) {
	if tz.deferred {
		return
	}
	tz.room()
	path, mode := tz.top()
	f := frame{mode: frameNone}
	switch {
	case len(tz.stack) > maxDepth || mode == frameNone:
	case mode == frameAttrs || Skipped(c):
		if len(tz.Ps.Attrs) > 0 && tz.page != nil {
			f = frame{path: tz.Ps.Child(path, c.Data), mode: frameAttrs, has: tz.hasAttrs(c)}
			if f.has {
				tz.toks = append(tz.toks, exalg.MakeToken(KindStart, c, f.path, 0, 0, tz.anns.ref(tz.byNode[c])))
				tz.attrTokens(c, f.path)
			}
		}
	default:
		p, bare := tz.stepPath(path, c)
		f = frame{path: p, bare: bare, mode: frameTokens}
		tz.toks = append(tz.toks, exalg.MakeToken(KindStart, c, f.path, 0, 0, tz.anns.ref(tz.byNode[c])))
		if len(tz.Ps.Attrs) > 0 {
			tz.attrTokens(c, f.path) // attr.go
		}
	}
	tz.stack = append(tz.stack, f)
}

// End adds an element's end tag (annotate.Visitor); void elements have
// none.
func (tz *Tokenizer) End(c *html.Node) {
	if tz.deferred {
		return
	}
	tz.room()
	f := tz.stack[len(tz.stack)-1]
	tz.stack = tz.stack[:len(tz.stack)-1]
	if (f.mode == frameTokens || f.mode == frameAttrs && f.has) && !void(c) {
		tz.toks = append(tz.toks, exalg.MakeToken(KindEnd, c, f.path, 0, 0, tz.anns.ref(tz.byNode[c])))
	}
}

// room makes room in tz.toks for a few more tokens; while the tokens are
// only counted (walkTree), those made so far are counted and dropped.
func (tz *Tokenizer) room() {
	if tz.counting && len(tz.toks) >= 1024 {
		tz.counted += len(tz.toks)
		tz.toks = tz.toks[:0]
	}
	tz.toks = roomFor(tz.toks)
}

// roomFor returns toks with room for a few more tokens, growing it by half
// its length when full: append alone grows a large slice by a quarter,
// and a tag-dense page, whose tokens outnumber the guess made from its
// size, was copied over and over.
func roomFor(toks []Token) []Token {
	if cap(toks)-len(toks) >= roomFew {
		return toks
	}
	return slices.Grow(toks, max(roomFew, len(toks)/2))
}

// roomFew is the room roomFor keeps.
const roomFew = 8

// Text adds the words of a text node (annotate.Visitor).
func (tz *Tokenizer) Text(c *html.Node) {
	if tz.deferred {
		return
	}
	if path, mode := tz.top(); mode == frameTokens && len(tz.stack) <= maxDepth {
		tz.room()
		tz.toks = splitWords(tz.toks, c, path, tz.byNode[c], &tz.anns)
	}
}

func IsPunct(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r]&asciiPunct != 0
	}
	return unicode.IsPunct(r)
}

// wordSpace reports the runes that separate words: white space and the
// no-break space.
func wordSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r]&asciiSpace != 0
	}
	return unicode.IsSpace(r) || r == '\u00a0'
}

// asciiClass caches unicode.IsPunct and unicode.IsSpace for ASCII.
var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for r := range rune(utf8.RuneSelf) {
		if unicode.IsPunct(r) {
			t[r] |= asciiPunct
		}
		if unicode.IsSpace(r) {
			t[r] |= asciiSpace
		}
	}
	return t
}()

const (
	asciiPunct uint8 = 1 << iota
	asciiSpace
)

// DecodeRune is utf8.DecodeRuneInString with the ASCII case inline.
func DecodeRune(s string) (rune, int) {
	if c := s[0]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s)
}

// decodeLastRune is utf8.DecodeLastRuneInString with the ASCII case inline.
func decodeLastRune(s string) (rune, int) {
	if c := s[len(s)-1]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeLastRuneInString(s)
}

// splitWords appends the words of text node n: white-space separated, with
// punctuation at word edges split off (see the package comment).
func splitWords(toks []Token, n *html.Node, path int32, anns []*annotate.Annotation, st *annStore) []Token {
	s := n.Data
	add := func(a, b int) {
		var cover []*annotate.Annotation
		for _, an := range anns {
			if an.Node == n && an.Start < b && an.End > a {
				cover = append(cover, an)
			}
		}
		toks = append(toks, exalg.MakeToken(KindWord, n, path, int32(a), int32(b), st.ref(cover)))
	}
	// punct adds a punctuation run; a comma or semicolon in a longer run
	// is a token of its own, so that "Pilots!," gives "!" and ",": the
	// separator of a list, and punctuation that belongs to the value.
	punct := func(a, b int) {
		if b-a == 1 || !strings.ContainsAny(s[a:b], ",;") {
			add(a, b)
			return
		}
		start := a
		for x := a; x < b; {
			r, w := utf8.DecodeRuneInString(s[x:])
			if r == ',' || r == ';' {
				if x > start {
					add(start, x)
				}
				add(x, x+w)
				start = x + w
			}
			x += w
		}
		if b > start {
			add(start, b)
		}
	}
	i := 0
	for i < len(s) {
		r, w := DecodeRune(s[i:])
		if wordSpace(r) {
			i += w
			continue
		}
		j := i
		for j < len(s) {
			r, w := DecodeRune(s[j:])
			if wordSpace(r) {
				break
			}
			j += w
		}
		// word s[i:j]: split leading and trailing punctuation runs.
		a, b := i, j
		for a < b {
			r, w := DecodeRune(s[a:])
			if !IsPunct(r) {
				break
			}
			a += w
		}
		for b > a {
			r, w := decodeLastRune(s[a:b])
			if !IsPunct(r) {
				break
			}
			b -= w
		}
		if a > i {
			punct(i, a)
		}
		if b > a {
			add(a, b)
		}
		if j > b && b >= a && !(a == j) {
			punct(b, j)
		}
		i = j
	}
	return toks
}
