package objectrunner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/warc"
	"github.com/objectrunner/objectrunner/wrapper"
)

// RunFS is Run over the pages of fsys: its .htm, .html and .xhtml files,
// walked from its root (an embedded site, a zip archive through
// zip.Reader, os.DirFS). Page paths in the objects are fs paths.
func RunFS(ctx context.Context, fsys fs.FS, cfg Config, emit func(*wrapper.Object) error) (*Report, error) {
	names, err := annotate.ListFS(fsys)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, errors.New("objectrunner: no pages (.htm, .html or .xhtml files) in the file system")
	}
	return run(ctx, fsPages(fsys, names, cfg.Load), cfg, emit)
}

// LearnFS is Learn over pages of fsys: names are fs paths (annotate.ListFS
// lists them), rep.Root is ".". It is what RunFS does before extracting,
// for a caller that extracts the pages elsewhere (objectrunner-beam reads
// WARC sources so).
func LearnFS(ctx context.Context, fsys fs.FS, names []string, rep *Report, cfg Config) error {
	return learn(ctx, fsPages(fsys, names, cfg.Load), rep, cfg)
}

// fsPages is the page source of names in fsys.
func fsPages(fsys fs.FS, names []string, load annotate.LoadOptions) *pageSource {
	return &pageSource{root: ".", names: names,
		read: func(name string, v annotate.Visitor) (*annotate.Page, error) {
			return annotate.ReadPageFSVisit(fsys, name, load, v)
		},
		open: func(name string) (io.ReadCloser, error) { return fsys.Open(name) },
		size: func(name string) int64 {
			if st, err := fs.Stat(fsys, name); err == nil {
				return st.Size()
			}
			return 0
		}}
}

// Page is a page handed to RunPages: its name in the source (unique; the
// objects' Page) and its bytes, in any encoding ParsePage detects.
type Page struct {
	Name string
	Data []byte
}

// RunPages is Run over pages from an iterator (a crawler, a database, an
// archive), stopping at the first error it yields. The iterator runs on a
// goroutine of its own, not emit's. The wrapper learned does not depend
// on the order of the pages (they are sampled in name order); objects are
// emitted in the iterator's order. With cfg.Wrapper set,
// pages are extracted as they come and memory stays bounded as in Run;
// the report's Pages is known at the end. Without a wrapper, learning
// makes several passes over the source, so every page is held in memory
// first: for a large source, learn on a part of it (or use RunFS), save
// the wrapper and run again with it.
func RunPages(ctx context.Context, pages iter.Seq2[Page, error], cfg Config, emit func(*wrapper.Object) error) (*Report, error) {
	if cfg.Wrapper != nil {
		rep := &Report{Root: ".", Wrapper: cfg.Wrapper}
		start := time.Now()
		err := extractFeed(ctx, cfg.Wrapper, func(yield func(pageJob) bool) error {
			i := 0
			for pg, err := range pages {
				if err != nil {
					return err
				}
				data, name := pg.Data, pg.Name
				load := func(v annotate.Visitor) (*annotate.Page, error) {
					return annotate.ParsePageVisit(data, name, cfg.Load, v)
				}
				if !yield(pageJob{i: i, rel: name, size: int64(len(data)), load: load}) {
					return nil
				}
				i++
			}
			return nil
		}, 0, nil, rep, cfg, emit)
		rep.ExtractTime = time.Since(start)
		rep.Pages = rep.Processed
		return rep, err
	}
	data := map[string][]byte{}
	var names []string
	for pg, err := range pages {
		if err != nil {
			return nil, err
		}
		if _, dup := data[pg.Name]; dup {
			return nil, fmt.Errorf("objectrunner: two pages are called %q", pg.Name)
		}
		data[pg.Name] = pg.Data
		names = append(names, pg.Name)
	}
	if len(names) == 0 {
		return nil, errors.New("objectrunner: no pages")
	}
	// Learning sees the pages in name order, whatever the iterator's
	// (the wrapper does not depend on it); they are extracted, and their
	// objects emitted, in the iterator's order.
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	src := &pageSource{root: ".", names: sorted, extractOrder: names,
		read: func(name string, v annotate.Visitor) (*annotate.Page, error) {
			return annotate.ParsePageVisit(data[name], name, cfg.Load, v)
		},
		size: func(name string) int64 { return int64(len(data[name])) },
		open: func(name string) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data[name])), nil }}
	return run(ctx, src, cfg, emit)
}

// pageSource is where a run reads its pages: names in order (file paths
// for a directory, fs or iterator names otherwise), the root they are
// relative to, and how to read one (handing its cleaned tree to v, when
// not nil, as it is built: see annotate.Visitor).
type pageSource struct {
	root  string
	names []string
	read  func(name string, v annotate.Visitor) (*annotate.Page, error)
	size  func(name string) int64 // bytes of a page, for the page budget (nil: unknown)
	dir   bool                    // names are file paths under root
	// open reads a page's bytes as they are (for Config.Templates).
	open func(name string) (io.ReadCloser, error)
	// extractOrder, when set, is the order pages are extracted in
	// (RunPages: the iterator's); names are then sorted for learning.
	extractOrder []string
	// listing, when set, is the source directory's listing: names is
	// filled from it by list, and is nil while the pages are walked
	// instead (dirSource).
	listing *annotate.Listing
}

// list fills s.names from s.listing when they are not listed yet.
func (s *pageSource) list() error {
	if s.names != nil || s.listing == nil {
		return nil
	}
	names, err := s.listing.Paths()
	s.names = names
	return err
}

// count is the number of pages of s.
func (s *pageSource) count() int {
	if s.names == nil && s.listing != nil {
		return s.listing.Count
	}
	return len(s.names)
}

// rel is the path of the page called name in the source.
func (s *pageSource) rel(name string) string {
	if s.dir {
		return annotate.SourceRel(s.root, name)
	}
	return name
}

// pageJob is one page to extract: its position, its path in the source
// and how to load it (see pageSource.read).
type pageJob struct {
	i    int
	rel  string
	size int64 // bytes, for the page budget (0: unknown)
	load func(v annotate.Visitor) (*annotate.Page, error)
}

// dirPages is the source of page files relative to root.
func dirPages(root string, paths []string, load annotate.LoadOptions) *pageSource {
	return &pageSource{root: root, names: paths, dir: true, read: func(path string, v annotate.Visitor) (*annotate.Page, error) {
		return annotate.ReadPageVisit(path, annotate.SourceRel(root, path), load, v)
	}, size: annotate.FileSize, open: func(name string) (io.ReadCloser, error) { return os.Open(name) }}
}

// jobs feeds the source's pages to extract, in order: s.names, or the
// pages of s.listing as it walks them.
func (s *pageSource) jobs(yield func(pageJob) bool) error {
	job := func(i int, name string) pageJob {
		var size int64
		if s.size != nil {
			size = s.size(name)
		}
		load := func(v annotate.Visitor) (*annotate.Page, error) { return s.read(name, v) }
		return pageJob{i: i, rel: s.rel(name), size: size, load: load}
	}
	if s.names == nil && s.listing != nil {
		i := 0
		return s.listing.Walk(func(name string) bool {
			i++
			return yield(job(i-1, name))
		})
	}
	names := s.names
	if s.extractOrder != nil {
		names = s.extractOrder
	}
	for i, name := range names {
		if !yield(job(i, name)) {
			return nil
		}
	}
	return nil
}

// rels returns the paths in the source (as rel gives them) of the pages
// at the positions of extraction order asked for.
func (s *pageSource) rels(at map[int]string) error {
	last := -1
	for i := range at {
		last = max(last, i)
	}
	if last < 0 {
		return nil
	}
	return s.jobs(func(j pageJob) bool {
		if _, ok := at[j.i]; ok {
			at[j.i] = j.rel
		}
		return j.i < last
	})
}

// OpenWARC opens a WARC source (see warc.Open) and fails, saying what was
// kept, when it holds no page.
func OpenWARC(source string, f warc.Filter) (*warc.FS, error) {
	fsys, err := warc.Open(source, f)
	if err != nil {
		return nil, err
	}
	if len(fsys.Entries()) == 0 {
		var kept []string
		if len(f.Hosts) > 0 {
			kept = append(kept, "of hosts "+strings.Join(f.Hosts, ","))
		}
		if f.Include != nil {
			kept = append(kept, "matching "+f.Include.String())
		}
		if f.Exclude != nil {
			kept = append(kept, "not matching "+f.Exclude.String())
		}
		what := ""
		if len(kept) > 0 {
			what = " " + strings.Join(kept, " and ")
		}
		return nil, fmt.Errorf("%s: no HTML response with status 200%s", source, what)
	}
	return fsys, nil
}

// only narrows the source to the pages named in keep (as rel names them),
// in the source's order; it fails when none of them is in the source.
func (s *pageSource) only(keep []string) error {
	set := make(map[string]bool, len(keep))
	for _, n := range keep {
		set[n] = true
	}
	filter := func(names []string) []string {
		out := names[:0:0]
		for _, n := range names {
			if set[s.rel(n)] {
				out = append(out, n)
			}
		}
		return out
	}
	names := filter(s.names)
	switch {
	case len(keep) == 0:
		return errors.New("objectrunner: Config.Pages names no page")
	case len(names) == 0:
		return fmt.Errorf("objectrunner: none of the %d pages asked for is in the source (e.g. %s)", len(keep), keep[0])
	}
	s.names = names
	if s.extractOrder != nil {
		s.extractOrder = filter(s.extractOrder)
	}
	return nil
}
