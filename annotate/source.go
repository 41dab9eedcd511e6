package annotate

import (
	"fmt"
	"io"
	"io/fs"
	"sort"
)

// Sources other than a directory of files: an fs.FS (an embedded or zipped
// site, a test fixture) is listed with ListFS and read with ReadPageFS;
// SampleOptions.Read lets Sample read pages from anywhere.

// read reads a page for Sample: with o.Read when set, else ReadPage.
func (o *SampleOptions) read(path, rel string) (*Page, error) {
	if o.Read != nil {
		return o.Read(path, rel)
	}
	return ReadPage(path, rel, o.Load)
}

// ListFS lists the page files (.htm, .html, .xhtml) of fsys, walked from
// its root, sorted; the names are slash-separated fs paths, usable with
// ReadPageFS and as Page.Path.
func ListFS(fsys fs.FS) ([]string, error) {
	var out []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && IsPageFile(p) {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(out)
	return out, nil
}

// ReadPageFS reads the page called name in fsys and parses it with
// ParsePage; name is also its Page.Path. The size limit of opts applies as
// in ReadPage.
func ReadPageFS(fsys fs.FS, name string, opts LoadOptions) (*Page, error) {
	return ReadPageFSVisit(fsys, name, opts, nil)
}

// ReadPageFSVisit is ReadPageFS that also hands the cleaned tree to v as it
// is built (see ParsePageVisit).
func ReadPageFSVisit(fsys fs.FS, name string, opts LoadOptions, v Visitor) (*Page, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	max := opts.maxBytes()
	var r io.Reader = f
	if max > 0 {
		r = io.LimitReader(f, int64(max)+1)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if max > 0 && len(data) > max {
		return nil, &TooLargeError{Path: name, Size: int64(len(data)), MaxBytes: max}
	}
	return ParsePageVisit(data, name, opts, v)
}
