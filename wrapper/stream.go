package wrapper

import (
	"unsafe"

	"github.com/objectrunner/objectrunner/annotate"
)

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
	objs, p, err := w.ExtractUnreleased(read)
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
