package mapping

import (
	"sync"

	"github.com/objectrunner/objectrunner/annotate"
)

// Extraction in one pass (ExtractFile, ExtractBytes): the page is read by
// annotate's stream, which builds the cleaned tree and hands it, node by
// node, to the wrapper's tokenizer; the tokens are then matched against
// the template. Token buffers go back to a pool after each page, and so
// does the page's tree: nothing of a page is kept once its objects are
// built (their values are copies).

// tokenizerPool holds tokenizers with their buffers.
var tokenizerPool = sync.Pool{New: func() any { return new(Tokenizer) }}

// maxPooledTokens bounds the token buffer a pooled tokenizer keeps.
const maxPooledTokens = 1 << 16

// ExtractUnreleased is ExtractStream without releasing the page (nil when it
// could not be read).
func (w *State) ExtractUnreleased(read func(annotate.Visitor) (*annotate.Page, error)) ([]*Object, *annotate.Page, error) {
	if w.Records != nil {
		// Record mode cuts the page's tree into records first.
		p, err := read(nil)
		if err != nil {
			return nil, nil, err
		}
		objs, err := w.Extract(p)
		return objs, p, err
	}
	tz := tokenizerPool.Get().(*Tokenizer)
	defer func() {
		if cap(tz.toks) > maxPooledTokens {
			tz.toks = nil // a huge page does not keep its buffer
		}
		if cap(tz.rb.Out) > maxPooledTokens || cap(tz.rb.End) > maxPooledTokens {
			tz.rb = reorderBufs{}
		}
		tz.toks = tz.toks[:0]
		tz.Ps, tz.byNode, tz.page = nil, nil, nil
		tz.deferred, tz.counting, tz.stream = false, false, false
		tokenizerPool.Put(tz)
	}()
	tz.Ps = w.Paths
	if w.Paths.Cls.Labels() {
		// A row's label, when labels are roles, is only known once the
		// row's children are read (list_class.go): the page's tree is
		// built first and walked by the same tokenizer, with its pooled
		// buffers (tokenize would allocate them page after page).
		p, err := read(nil)
		if err != nil {
			return nil, nil, err
		}
		tz.walkTree(p)
		objs, err := w.extractPage(p, tz.toks)
		return objs, p, err
	}
	tz.stream = true
	p, err := read(tz)
	tz.stream = false
	if err != nil {
		return nil, nil, err
	}
	if tz.deferred {
		// A large page: its tree was built without tokens (Begin).
		tz.walkTree(p)
	} else {
		tz.toks = tz.Finish()
	}
	objs, err := w.extractPage(p, tz.toks)
	return objs, p, err
}

// LargePage is the size in bytes from which a page's tokens are counted
// before they are made (walkTree): an array grown token by token holds,
// while it grows, its old copy and the new one (up to 2.5 times the
// tokens), and keeps up to half its length spare at the end. Below it, the
// pooled buffer grows as the stream reads the page (one pass). The tokens
// are the same either way; tests lower it to take the large pages' path on
// small pages (it is read while pages are extracted: set it before).
var LargePage = 2 << 20

// walkTree makes tz.toks the tokens of p's tree in an array of exactly
// their number, for the large pages whose stream was not tokenized
// (Tokenizer.deferred) and the pages whose labels are roles: one walk
// counts the tokens, a second makes them. Below LargePage the tokens are
// made in one walk into the pooled buffer.
func (tz *Tokenizer) walkTree(p *annotate.Page) {
	tz.deferred = false
	if p != nil && p.Size >= LargePage && p.Doc != nil {
		tz.counting, tz.counted = true, 0
		tz.Begin(p)
		annotate.Walk(p.Doc, tz)
		// And the end sentinel, and the room roomFor keeps before each
		// node's tokens (so that the array is not grown at the end).
		n := tz.counted + len(tz.toks) + 1 + roomFew
		tz.counting = false
		if cap(tz.toks) < n {
			tz.toks = make([]Token, 0, n)
		}
	}
	tz.Begin(p)
	if p != nil && p.Doc != nil {
		annotate.Walk(p.Doc, tz)
	}
	tz.toks = tz.Finish()
}

// matchBufs are the arrays of a matcher, reused from page to page.
type matchBufs struct {
	int32s [5][]int32
	occ    [][]int32
}

var matchPool = sync.Pool{New: func() any { return new(matchBufs) }}

// ints returns the i-th array, zeroed, of length n.
func (b *matchBufs) ints(i, n int) []int32 {
	if cap(b.int32s[i]) < n {
		b.int32s[i] = make([]int32, n)
	}
	s := b.int32s[i][:n]
	clear(s)
	return s
}

// lists returns the array of position lists, cleared, of length n.
func (b *matchBufs) lists(n int) [][]int32 {
	if cap(b.occ) < n {
		b.occ = make([][]int32, n)
	}
	s := b.occ[:n]
	clear(s)
	return s
}

// release gives the matcher's arrays back for the next page: the matcher
// must not be used afterwards.
func (m *matcher) release() {
	if m.bufs == nil {
		return
	}
	if m.keys != nil && cap(m.keys) <= maxPooledTokens {
		matchPool.Put(m.bufs)
	}
	m.bufs, m.keys, m.occ, m.w = nil, nil, nil, nil
}
