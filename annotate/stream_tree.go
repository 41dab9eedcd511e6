package annotate

import (
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The cleaned tree as the stream builds it (see ParsePageVisit). Each open
// element of the parser's stack knows whether Clean drops it (drop, which
// its descendants inherit), whether it is already linked into the tree
// (linked: it has content, or is an element Clean keeps empty), and the
// text appended to it since its last linked child (pending). Pending text
// becomes a text node, merged and collapsed exactly as Clean does, when the
// next child is linked or the element is closed: only then are both of its
// neighbours known. An element is linked when its first child is, or when
// it is closed holding text or being one of the elements Clean keeps empty;
// linking an element first links its unlinked ancestors, top down, so the
// visitor sees the tree in document order.

// selem is an element on the stack of open elements.
type selem struct {
	id   int32
	a    atom.Atom
	name string // tag name, lower case
	ns   uint8  // nsHTML, nsSVG, nsMath
	drop bool   // Clean removes it (or an ancestor): no node
	keep bool   // Clean keeps it even empty (a <meta> of <head>: keptMeta)
	kids bool   // html.Parse gave it a child (any node type)
	// node is the element's node in the cleaned tree (nil when dropped);
	// linked reports whether it is in the tree yet.
	node   *html.Node
	linked bool
	// pending text: pstr, or pbuf when several pieces were appended.
	pstr  string
	pbuf  []byte
	pmode uint8 // 0 none, 1 pstr, 2 pbuf
}

const (
	nsHTML uint8 = iota
	nsSVG
	nsMath
)

// arena allocates the nodes of one page's cleaned tree in blocks, and
// gives them back to a pool when the page is released.
type arena struct {
	blocks [][]html.Node
	cur    int // index of the block in use
	next   int // next free node in it
	// Attributes, in blocks too: attr is the block in use (its length
	// the slots handed out), ablocks[:acur] the blocks filled before it.
	attr    []html.Attribute
	ablocks [][]html.Attribute
	acur    int
}

// arenaBlock is the nodes in a block: as many as fill 32 KiB, the
// largest small-object size class (256 nodes of 104 bytes took the
// 27,264-byte class: 640 bytes of each block unused).
const arenaBlock = int(32768 / unsafe.Sizeof(html.Node{}))

// attrBlock is the attributes in a block (256 of 48 bytes: a size class).
const attrBlock = 256

var arenaPool = sync.Pool{New: func() any { return new(arena) }}

func newArena() *arena { return arenaPool.Get().(*arena) }

// node returns a zeroed node.
func (ar *arena) node() *html.Node {
	if ar.cur < len(ar.blocks) && ar.next == len(ar.blocks[ar.cur]) {
		ar.cur++
		ar.next = 0
	}
	if ar.cur == len(ar.blocks) {
		ar.blocks = append(ar.blocks, make([]html.Node, arenaBlock))
	}
	n := &ar.blocks[ar.cur][ar.next]
	ar.next++
	return n
}

// attrs returns an empty attribute slice of capacity n.
func (ar *arena) attrs(n int) []html.Attribute {
	if len(ar.attr)+n > cap(ar.attr) {
		if n > attrBlock {
			return make([]html.Attribute, 0, n) // not pooled
		}
		if ar.attr != nil {
			ar.acur++
		}
		if ar.acur == len(ar.ablocks) {
			ar.ablocks = append(ar.ablocks, make([]html.Attribute, attrBlock))
		}
		ar.attr = ar.ablocks[ar.acur][:0]
	}
	s := ar.attr[len(ar.attr) : len(ar.attr) : len(ar.attr)+n]
	ar.attr = ar.attr[:len(ar.attr)+n]
	return s
}

// release clears the nodes handed out and returns the arena to the pool.
func (ar *arena) release() {
	if ar == nil {
		return
	}
	for i := 0; i <= ar.cur && i < len(ar.blocks); i++ {
		b := ar.blocks[i]
		if i == ar.cur {
			b = b[:ar.next]
		}
		clear(b)
	}
	// Very large pages do not keep their blocks pooled forever.
	if len(ar.blocks) > 64 {
		ar.blocks = ar.blocks[:64]
	}
	ar.cur, ar.next = 0, 0
	if ar.attr != nil {
		for _, b := range ar.ablocks[:ar.acur] {
			clear(b)
		}
		clear(ar.attr)
	}
	if len(ar.ablocks) > 64 {
		clear(ar.ablocks[64:])
		ar.ablocks = ar.ablocks[:64]
	}
	ar.attr, ar.acur = nil, 0
	arenaPool.Put(ar)
}

// Nodes returns how many nodes the parser made for the page's tree (some
// may have been cleaned away since), or 0 when the tree was not built by
// the stream: a hint for sizing what is built per node.
func (p *Page) Nodes() int {
	if p == nil || p.arena == nil {
		return 0
	}
	return p.arena.cur*arenaBlock + p.arena.next
}

// Release gives the memory of a page's tree back for the next page read:
// the page, its tree and the nodes of its annotations must not be used
// afterwards. Only pages whose tree the stream built hold such memory
// (ParsePage, ReadPage and their Visit forms); for the others, and for
// pages that are simply dropped, Release does nothing and the garbage
// collector reclaims the tree.
func (p *Page) Release() {
	if p == nil {
		return
	}
	if p.arena != nil {
		p.arena.release()
		p.arena = nil
	}
	p.Doc, p.Annotations, p.ByNode, p.attrs, p.text = nil, nil, nil, nil, nil
}

// ReleaseText is Release that also gives the page's decoded text back for
// the next page read. Every string read from the page — the text of its
// nodes, its attribute values, their substrings, Page.URL when <base>
// set it — must be unreachable or never used again: the text is
// overwritten. Release leaves the text to the garbage collector, so such
// strings stay valid.
func (p *Page) ReleaseText() {
	if p == nil {
		return
	}
	t := p.text
	p.Release()
	if t != nil && cap(*t) <= maxPooledRead {
		textBufs.Put(t)
	}
}

// textBufs holds buffers for the decoded text of pages (ReleaseText).
var textBufs = sync.Pool{New: func() any { return new([]byte) }}

// getText returns a text buffer with room for n bytes.
func getText(n int) *[]byte {
	t := textBufs.Get().(*[]byte)
	if cap(*t) < n {
		*t = make([]byte, 0, n)
	}
	return t
}

// top returns the current node, or nil when the stack is empty.
func (sp *sparser) top() *selem {
	if len(sp.oe) == 0 {
		return nil
	}
	return &sp.oe[len(sp.oe)-1]
}

// push inserts an element at the current node (html.Parse's addChild of an
// element) and makes it the current node. selfDrop says whether Clean
// removes the element for its own sake (tag or attributes); attrs are its
// kept attributes.
func (sp *sparser) push(a atom.Atom, name string, ns uint8, selfDrop bool, attrs []html.Attribute) *selem {
	if sp.foster && sp.tableTop() {
		sp.stop("foster parenting")
	}
	parentDrop := false
	if t := sp.top(); t != nil {
		t.kids = true
		parentDrop = t.drop
	}
	if len(sp.oe) >= 512 {
		sp.stop("more than 512 open elements")
	}
	sp.nextID++
	if len(sp.oe) < cap(sp.oe) {
		sp.oe = sp.oe[:len(sp.oe)+1] // the slot as it was left
	} else {
		sp.oe = append(sp.oe, selem{})
	}
	e := &sp.oe[len(sp.oe)-1]
	pbuf := e.pbuf[:0] // keep the buffer of the slot
	*e = selem{id: sp.nextID, a: a, name: name, ns: ns, pbuf: pbuf}
	e.drop = parentDrop || ns != nsHTML || selfDrop
	if !e.drop {
		n := sp.ar.node()
		n.Type, n.DataAtom, n.Data, n.Attr = html.ElementNode, a, name, attrs
		e.node = n
	}
	return e
}

// pop closes the current node.
func (sp *sparser) pop() {
	i := len(sp.oe) - 1
	sp.close(i)
	sp.oe = sp.oe[:i]
}

// popTo closes the elements above index i, and the one at i.
func (sp *sparser) popTo(i int) {
	for len(sp.oe) > i {
		sp.pop()
	}
}

// close finishes element i before it leaves the stack: its pending text
// becomes its last child, and it is linked when it has content or is kept
// empty.
func (sp *sparser) close(i int) {
	e := &sp.oe[i]
	if e.drop {
		return
	}
	var data string
	if e.pmode != 0 {
		data = sp.collapsePending(e, !isBlock(e.node.LastChild, e.node), !isBlock(nil, e.node))
	}
	if !e.linked {
		if data == "" && !keepEmpty(e.node) && !e.keep {
			return
		}
		sp.link(i)
	}
	if data != "" {
		sp.linkText(e.node, data)
	}
	if sp.v != nil {
		sp.v.End(e.node)
	}
}

// collapsePending returns the text appended to e since its last child,
// collapsed (collapseEdges), and clears it. Text appended in several
// pieces is collapsed in e's buffer, and copied only when collapseEdges
// returns part of it (the buffer is reused).
func (sp *sparser) collapsePending(e *selem, keepLead, keepTrail bool) string {
	var data string
	switch e.pmode {
	case 1:
		data = sp.collapseEdges(e.pstr, keepLead, keepTrail)
	case 2:
		if len(e.pbuf) > 0 {
			data = sp.collapseEdges(unsafe.String(unsafe.SliceData(e.pbuf), len(e.pbuf)), keepLead, keepTrail)
			if p, b := uintptr(unsafe.Pointer(unsafe.StringData(data))), uintptr(unsafe.Pointer(unsafe.SliceData(e.pbuf))); data != "" && b <= p && p < b+uintptr(cap(e.pbuf)) {
				data = sp.keepText(data)
			}
		}
	}
	e.pstr, e.pbuf, e.pmode = "", e.pbuf[:0], 0
	return data
}

// collapseEdges is collapseEdges (clean.go), the texts it must build
// written into the page's spare text room (keepText) when they fit.
func (sp *sparser) collapseEdges(s string, keepLead, keepTrail bool) string {
	if t, ok := collapseFast(s, keepLead, keepTrail); ok {
		return t
	}
	// A valid text collapses to at most len(s)+2 bytes; an invalid byte
	// becomes three (U+FFFD), and should the room be exceeded, append
	// moves the rest to the heap, which is as safe.
	if cap(sp.spare)-len(sp.spare) < len(s)+2 {
		return collapseSlow(s, keepLead, keepTrail)
	}
	n := len(sp.spare)
	sp.spare = appendCollapsed(sp.spare, s, keepLead, keepTrail)
	if len(sp.spare) == n {
		return ""
	}
	return unsafe.String(&sp.spare[n], len(sp.spare)-n)
}

// keepText returns a copy of s in the page's spare text room, or on the
// heap when it is full.
func (sp *sparser) keepText(s string) string {
	if cap(sp.spare)-len(sp.spare) < len(s) {
		return strings.Clone(s)
	}
	n := len(sp.spare)
	sp.spare = append(sp.spare, s...)
	return unsafe.String(&sp.spare[n], len(s))
}

// addText appends text to the current node (html.Parse's addText).
func (sp *sparser) addText(s string) {
	if s == "" {
		return
	}
	if sp.foster && sp.tableTop() {
		sp.stop("foster parenting of text")
	}
	e := sp.top()
	if e == nil {
		return
	}
	e.kids = true
	if e.drop {
		return
	}
	switch e.pmode {
	case 0:
		e.pstr, e.pmode = s, 1
	case 1:
		e.pbuf = append(append(e.pbuf[:0], e.pstr...), s...)
		e.pstr, e.pmode = "", 2
	default:
		e.pbuf = append(e.pbuf, s...)
	}
}

// link links element i into the tree, with its unlinked ancestors, and
// visits it.
func (sp *sparser) link(i int) {
	j := i
	for j > 0 && !sp.oe[j-1].linked {
		j--
	}
	for ; j <= i; j++ {
		e := &sp.oe[j]
		var parent *html.Node
		if j == 0 {
			parent = sp.doc
		} else {
			pe := &sp.oe[j-1]
			parent = pe.node
			if pe.pmode != 0 {
				if data := sp.collapsePending(pe, !isBlock(parent.LastChild, parent), !isBlock(e.node, parent)); data != "" {
					sp.linkText(parent, data)
				}
			}
		}
		parent.AppendChild(e.node)
		e.linked = true
		if sp.v != nil {
			sp.visited = true
			sp.v.Start(e.node)
		}
	}
}

// linkText appends a text node to parent and visits it.
func (sp *sparser) linkText(parent *html.Node, data string) {
	n := sp.ar.node()
	n.Type, n.Data = html.TextNode, data
	parent.AppendChild(n)
	if sp.v != nil {
		sp.visited = true
		sp.v.Text(n)
	}
}

// tableTop reports whether the current node is one whose misplaced content
// html.Parse foster-parents.
func (sp *sparser) tableTop() bool {
	t := sp.top()
	if t == nil || t.ns != nsHTML {
		return false
	}
	switch t.a {
	case atom.Table, atom.Tbody, atom.Tfoot, atom.Thead, atom.Tr:
		return true
	}
	return false
}

// textSet holds a sampled page's texts in one string: text i is
// all[ends[i-1]:ends[i]] (ends[-1] being 0). The stream's text nodes are
// substrings of their page's decoded text: texts kept after the page is
// dropped (Sample's candidate texts) would keep the whole page in memory,
// and a string header per text would cost 16 bytes against 4 here.
type textSet struct {
	all  string
	ends []uint32
}

// packTexts copies texts into a new textSet.
func packTexts(texts []string) *textSet {
	n := 0
	for _, t := range texts {
		n += len(t)
	}
	var b strings.Builder
	b.Grow(n)
	ends := make([]uint32, len(texts))
	for i, t := range texts {
		b.WriteString(t)
		ends[i] = uint32(b.Len())
	}
	return &textSet{all: b.String(), ends: ends}
}

// len returns the number of texts (0 for nil: texts not in memory).
func (s *textSet) len() int {
	if s == nil {
		return 0
	}
	return len(s.ends)
}

// at returns text i.
func (s *textSet) at(i int) string {
	lo := uint32(0)
	if i > 0 {
		lo = s.ends[i-1]
	}
	return s.all[lo:s.ends[i]]
}
