package annotate

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc64"
	"hash/maphash"
	"sync"

	"golang.org/x/net/html"
)

// Visitor receives the cleaned tree of a page in document order while it
// is built: Start when an element is known to stay in the cleaned tree
// (before any of its content), Text for each cleaned text node, End after
// an element's content. Every node is already linked into the tree
// (Parent, PrevSibling and the node's earlier children are set; later
// siblings are not yet). Head content (the <title>, kept <meta>) is
// visited too.
//
// Begin starts a page: the visitor forgets what it was given, and the
// page's nodes come next, from the start. p is the page being read: its
// Path, Size, Encoding, URL and BaseURL are set, so Page.AttrNode works,
// but its Doc is complete only once the read returns. Begin is called
// again, with the same page, when the stream hands the page to the tree
// path (see ParsePageVisit).
type Visitor interface {
	Begin(p *Page)
	Start(n *html.Node)
	Text(n *html.Node)
	End(n *html.Node)
}

// ParsePageVisit is ParsePage that also hands the cleaned tree to v (nil:
// none) as it is built, in one pass over the page.
//
// The page is read by one pass of the x/net/html Tokenizer (the tokenizer
// html.Parse itself uses, so the tokens are the same) through a tree
// builder that mirrors html.Parse's stack of open elements and list of
// active formatting elements, with Clean's rules applied as a filter:
// dropped elements never make nodes, attributes are filtered, text is
// merged and collapsed when its neighbours are known, and an element is
// linked only once it has content (empty ones are never linked). The tree
// holds only what Clean keeps, allocated in blocks that Page.Release
// recycles.
//
// The stream follows html.Parse exactly for the insertion modes and
// repairs of ordinary pages: implied html/head/body/tbody/tr/colgroup,
// implied end tags (p, li, dd/dt, option, cells, rows, sections, headings),
// end tags that close open descendants, formatting elements closed in
// order, ignored stray tags, raw text elements, forms, select, tables,
// captions and column groups, foreign content (svg, math) that is later
// dropped. For the repairs that move or clone nodes — the adoption agency
// with a furthest block, reconstruction of active formatting elements,
// foster parenting of content misplaced in tables — and for rare modes
// (frameset, template, plaintext, integration points of foreign content,
// a <table> inside an open <p> whose quirks mode would decide, repeated
// <html>/<body> tags with attributes, more than 512 open elements) it stops
// at the first such token, and the page is parsed by html.Parse and
// cleaned by Clean instead (v is Reset and visited again from that tree).
// Both paths give the same tree: TestStreamMatchesDOM compares them on
// every example page and the SWDE pages, FuzzStreamMatchesDOM on random
// markup.
func ParsePageVisit(data []byte, rel string, opts LoadOptions, v Visitor) (*Page, error) {
	return parsePageVisit(data, rel, opts, v, false)
}

// parsePageVisit is ParsePageVisit; own says that data is the caller's to
// give away: nothing else reads or writes it afterwards. The page's text
// is then data itself when decoding leaves it as it is (UTF-8), not a
// copy: a large page's bytes and its text are not both resident.
func parsePageVisit(data []byte, rel string, opts LoadOptions, v Visitor, own bool) (*Page, error) {
	if err := checkSize(data, rel, opts); err != nil {
		return nil, err
	}
	text, enc, certain, replaced, err := decode(data, opts.Encoding)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rel, err)
	}
	p := &Page{Path: rel, Size: len(data), Encoding: enc, EncodingCertain: certain, Replaced: replaced, Sum: opts.sum(text)}
	p.URL, p.BaseURL = pageBase("", opts.BaseURL) // set again when <base> is read
	if v != nil {
		v.Begin(p)
	}
	if sp := streamParse(text, v, p, opts.BaseURL, own); sp != nil {
		p.Doc, p.arena, p.text = sp.doc, sp.ar, sp.textBuf
		putParser(sp)
		return p, nil
	}
	doc, base, flattened, err := parseDOM(text)
	if err != nil {
		return nil, fmt.Errorf("%s: parse: %w", rel, err)
	}
	p.Doc, p.attrs, p.Flattened = doc, nil, flattened
	p.URL, p.BaseURL = pageBase(base, opts.BaseURL)
	if v != nil {
		v.Begin(p)
		Walk(doc, v)
	}
	return p, nil
}

// ReadPageVisit is ReadPage that also hands the cleaned tree to v while it
// is built (see ParsePageVisit).
func ReadPageVisit(path, rel string, opts LoadOptions, v Visitor) (*Page, error) {
	// The file's bytes are not kept (the page's text is a copy): the
	// buffer is reused for the next page.
	buf := readBufs.Get().(*[]byte)
	defer readBufs.Put(buf)
	data, err := readFile(path, opts, *buf)
	if err != nil {
		return nil, err
	}
	// A buffer too large for the pool is this page's alone: its text
	// can be the buffer itself.
	own := cap(data) > maxPooledRead
	if !own {
		*buf = data[:0]
	}
	p, err := parsePageVisit(data, rel, opts, v, own)
	if err != nil {
		return nil, withPath(path, err)
	}
	return p, nil
}

// sumSeed seeds Page.Sum for the process.
var sumSeed = maphash.MakeSeed()

// stableSumTable and stableSumInit make the stable Page.Sum
// (LoadOptions.StableSum): a CRC-64 of the text from a fixed nonzero start,
// so that an empty page too has a nonzero sum (0 means "not read").
var (
	stableSumTable = crc64.MakeTable(crc64.ECMA)
	stableSumInit  = uint64(0x6f626a72756e6e72)
)

// sum is the Page.Sum of a page's decoded text.
func (o LoadOptions) sum(text []byte) uint64 {
	if o.StableSum {
		return crc64.Update(stableSumInit, stableSumTable, text)
	}
	return maphash.Bytes(sumSeed, text)
}

// readBufs holds buffers to read page files into.
var readBufs = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledRead bounds the read buffers kept for reuse.
const maxPooledRead = 4 << 20

// ParsePageDOM is ParsePage by the tree path alone: html.Parse builds the
// whole document, Clean then removes what is not content. It gives the
// same page as ParsePage (TestStreamMatchesDOM); it is the reference of
// the equivalence tests and benchmarks, and the path ParsePage takes for
// the pages the stream hands over.
func ParsePageDOM(data []byte, rel string, opts LoadOptions) (*Page, error) {
	if err := checkSize(data, rel, opts); err != nil {
		return nil, err
	}
	text, enc, certain, replaced, err := decode(data, opts.Encoding)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rel, err)
	}
	doc, base, flattened, err := parseDOM(text)
	if err != nil {
		return nil, fmt.Errorf("%s: parse: %w", rel, err)
	}
	p := &Page{Path: rel, Doc: doc, Size: len(data), Encoding: enc, EncodingCertain: certain, Flattened: flattened, Replaced: replaced, Sum: opts.sum(text)}
	p.URL, p.BaseURL = pageBase(base, opts.BaseURL)
	return p, nil
}

// parseDOM is the tree path: html.Parse, the <base href>, Clean. A page
// nested deeper than the parser accepts is flattened first (deep.go);
// flattened counts the tags dropped.
func parseDOM(text []byte) (doc *html.Node, base string, flattened int, err error) {
	doc, err = html.Parse(bytes.NewReader(text))
	if isDepthError(err) {
		doc, flattened, err = parseFlattened(text)
	}
	if err != nil {
		return nil, "", 0, err
	}
	base = findBase(doc)
	Clean(doc)
	return doc, base, flattened, nil
}

// checkSize refuses a page over the size limit, in bytes or in tags (see
// TagWeight).
func checkSize(data []byte, rel string, opts LoadOptions) error {
	max := opts.maxBytes()
	if max <= 0 {
		return nil
	}
	if len(data) > max {
		return &TooLargeError{Path: rel, Size: int64(len(data)), MaxBytes: max}
	}
	// A page has at most one "<" a byte: counting them can only refuse
	// a page whose bytes, TagWeight each, are over the limit.
	if int64(len(data))*TagWeight <= int64(max) {
		return nil
	}
	if tags := countTags(data); tags*TagWeight > int64(max) {
		return &TooLargeError{Path: rel, Size: int64(len(data)), Tags: tags, MaxBytes: max}
	}
	return nil
}

// Walk visits the tree under n (a cleaned tree) in document order, as
// ParsePageVisit does while building it.
func Walk(n *html.Node, v Visitor) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.ElementNode:
			v.Start(c)
			Walk(c, v)
			v.End(c)
		case html.TextNode:
			v.Text(c)
		case html.DocumentNode:
			Walk(c, v)
		}
	}
}

// streamParse builds the cleaned tree of text in one pass, calling v and
// setting p's URLs when the <base> is read (fallback: the base of
// relative ones); nil when the page needs the tree path (the reason is in
// the parser's bail).
func streamParse(text []byte, v Visitor, p *Page, fallback string, own bool) *sparser {
	sp := getParser(text, v, own)
	sp.page, sp.fallback = p, fallback
	if sp.run() {
		return sp
	}
	sp.ar.release()
	sp.ar = nil
	putParser(sp)
	return nil
}

// StreamBail reports why the stream hands a page to the tree path ("" when
// it does not): for tests and measurements.
func StreamBail(data []byte, opts LoadOptions) (string, error) {
	text, _, _, _, err := decode(data, opts.Encoding)
	if err != nil {
		return "", err
	}
	sp := getParser(text, nil, false)
	ok := sp.run()
	reason := sp.bail
	sp.ar.release()
	sp.ar = nil
	putParser(sp)
	if ok {
		return "", nil
	}
	if reason == "" {
		reason = "unknown"
	}
	return reason, nil
}

// errBail stops the stream (recovered in run).
var errBail = errors.New("annotate: stream bail")

var parserPool = sync.Pool{New: func() any { return new(sparser) }}

func getParser(text []byte, v Visitor, own bool) *sparser {
	sp := parserPool.Get().(*sparser)
	sp.reset(text, v, own)
	return sp
}

func putParser(sp *sparser) {
	sp.clearRefs()
	parserPool.Put(sp)
}
