package wrapper

import (
	"sync"
	"unsafe"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// Extraction in one pass (ExtractFile, ExtractBytes): the page is read by
// annotate's stream, which builds the cleaned tree and hands it, node by
// node, to the wrapper's tokenizer; the tokens are then matched against
// the template. Token buffers go back to a pool after each page, and so
// does the page's tree: nothing of a page is kept once its objects are
// built (their values are copies).

// tokenizerPool holds tokenizers with their buffers.
var tokenizerPool = sync.Pool{New: func() any { return new(tokenizer) }}

// maxPooledTokens bounds the token buffer a pooled tokenizer keeps.
const maxPooledTokens = 1 << 16

// ExtractFile reads the page at path, relative path rel, and extracts it
// with ExtractStream.
func (w *Wrapper) ExtractFile(path, rel string, opts annotate.LoadOptions) ([]*Object, error) {
	return w.ExtractStream(func(v annotate.Visitor) (*annotate.Page, error) {
		return annotate.ReadPageVisit(path, rel, opts, v)
	})
}

// ExtractBytes is ExtractFile for a page held in memory.
func (w *Wrapper) ExtractBytes(data []byte, rel string, opts annotate.LoadOptions) ([]*Object, error) {
	return w.ExtractStream(func(v annotate.Visitor) (*annotate.Page, error) {
		return annotate.ParsePageVisit(data, rel, opts, v)
	})
}

// ExtractStream reads a page with read — annotate.ReadPageVisit,
// ParsePageVisit or ReadPageFSVisit, handed the wrapper's visitor — and
// extracts its objects in the same pass: the objects and error Extract
// gives for the page read, each object's URL set to the page's address
// (annotate.Page.URL). An error from read is returned as it is. The page's
// tree and the tokens are recycled once the objects are built.
func (w *Wrapper) ExtractStream(read func(annotate.Visitor) (*annotate.Page, error)) ([]*Object, error) {
	objs, p, err := w.extractStream(read)
	if p != nil {
		for _, o := range objs {
			o.URL = p.URL
		}
		detach(objs)
		p.ReleaseText()
	}
	return objs, err
}

// detach copies the texts of objs that may share the page's text (values,
// their normalized forms and paths, rejected values, the URL) into one new
// string, so that the page's text can be recycled (Page.ReleaseText).
func detach(objs []*Object) {
	n := 0
	eachText(objs, func(s *string) { n += len(*s) })
	if n == 0 {
		return
	}
	buf := make([]byte, 0, n)
	eachText(objs, func(s *string) { buf = append(buf, *s...) })
	all := unsafe.String(unsafe.SliceData(buf), len(buf))
	off := 0
	eachText(objs, func(s *string) {
		l := len(*s)
		*s = all[off : off+l]
		off += l
	})
}

// eachText calls f with every text of objs that may come from the page.
func eachText(objs []*Object, f func(*string)) {
	var fields func(fs []Field)
	fields = func(fs []Field) {
		for i := range fs {
			for j := range fs[i].Values {
				v := &fs[i].Values[j]
				f(&v.Text)
				f(&v.Normalized)
				f(&v.Path)
				fields(v.Fields)
			}
		}
	}
	for _, o := range objs {
		f(&o.URL)
		fields(o.Fields)
		for i := range o.Rejected {
			f(&o.Rejected[i].Text)
			f(&o.Rejected[i].Reason)
		}
	}
}

// extractStream is ExtractStream without releasing the page (nil when it
// could not be read).
func (w *Wrapper) extractStream(read func(annotate.Visitor) (*annotate.Page, error)) ([]*Object, *annotate.Page, error) {
	if w.rp != nil {
		// Record mode cuts the page's tree into records first.
		p, err := read(nil)
		if err != nil {
			return nil, nil, err
		}
		objs, err := w.Extract(p)
		return objs, p, err
	}
	tz := tokenizerPool.Get().(*tokenizer)
	defer func() {
		if cap(tz.toks) > maxPooledTokens {
			tz.toks = nil // a huge page does not keep its buffer
		}
		if cap(tz.rb.Out) > maxPooledTokens || cap(tz.rb.End) > maxPooledTokens {
			tz.rb = mapping.ReorderBufs{}
		}
		tz.toks = tz.toks[:0]
		tz.ps, tz.byNode, tz.page = nil, nil, nil
		tokenizerPool.Put(tz)
	}()
	tz.ps = w.ps
	if w.ps.Cls.Labels() {
		// A row's label, when labels are roles, is only known once the
		// row's children are read (list_class.go): the page's tree is
		// built first and walked by the same tokenizer, with its pooled
		// buffers (tokenize would allocate them page after page).
		p, err := read(nil)
		if err != nil {
			return nil, nil, err
		}
		tz.Begin(p)
		if p.Doc != nil {
			annotate.Walk(p.Doc, tz)
		}
		tz.toks = tz.finish()
		objs, err := w.extractPage(p, tz.toks)
		return objs, p, err
	}
	p, err := read(tz)
	if err != nil {
		return nil, nil, err
	}
	tz.toks = tz.finish()
	objs, err := w.extractPage(p, tz.toks)
	return objs, p, err
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
	if cap(m.keys) <= maxPooledTokens {
		matchPool.Put(m.bufs)
	}
	m.bufs, m.keys, m.occ = nil, nil, nil
}
