package annotate

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// listPages returns the page files under dir, recursively. Symbolic links
// are followed, to files and to directories (a directory reached twice, by
// a link cycle or two links, is read once); a link whose target is missing
// is listed when its name is a page's, so that reading it reports the
// problem instead of the page silently not counting. A subdirectory that
// cannot be read is skipped and returned with the reason, as an
// unreadable page is skipped; only an unreadable dir is an error.
func listPages(dir string) ([]string, []*PageError, error) {
	var out []string
	var skipped []*PageError
	err := walkSource(dir, nil, func(p string) { out = append(out, p) }, func(pe *PageError) { skipped = append(skipped, pe) })
	return out, skipped, err
}

// walkSource walks dir as listPages lists it: visit is called with every
// directory read (nil: none), page with every page in the order the
// directories list them, skip with every subdirectory that could not be
// read. Only an unreadable dir is an error.
func walkSource(dir string, visit func(d string), page func(p string), skip func(*PageError)) error {
	seen := map[string]bool{}
	var walk func(d string) error
	walk = func(d string) error {
		if real, err := filepath.EvalSymlinks(d); err == nil {
			if seen[real] {
				return nil
			}
			seen[real] = true
		}
		entries, err := os.ReadDir(d)
		if err != nil {
			return err
		}
		if visit != nil {
			visit(d)
		}
		for _, e := range entries {
			p := filepath.Join(d, e.Name())
			switch isDir, isPage := entryKind(p, e); {
			case isDir:
				if err := walk(p); err != nil {
					skip(&PageError{Path: p, Err: err})
				}
			case isPage:
				page(p)
			}
		}
		return nil
	}
	return walk(dir)
}

// Listing is a source's pages counted once, then read in order as often as
// needed without being held (ScanSource): memory follows the pages of one
// directory, not of the source. Its order is ListSourceSkipping's.
type Listing struct {
	// Root is the directory page paths are relative to (SourceRoot).
	Root string
	// Count is the number of pages; Skipped the subdirectories that could
	// not be read, with the reason.
	Count   int
	Skipped []*PageError
	// dir is the directory walked (empty: paths is the list);
	// walked the directories it reads, as listPages chose them.
	dir    string
	walked map[string]bool
	paths  []string
}

// ScanSource counts the pages of a source as ListSourceSkipping lists
// them. A directory is walked (Listing.Walk) in the same order without
// keeping the paths; a glob or a single file keeps its list.
func ScanSource(dirOrGlob string) (*Listing, error) {
	st, err := os.Stat(dirOrGlob)
	if err != nil || !st.IsDir() {
		paths, skipped, err := ListSourceSkipping(dirOrGlob)
		if err != nil {
			return nil, err
		}
		return &Listing{Root: SourceRoot(dirOrGlob), Count: len(paths), Skipped: skipped, paths: paths}, nil
	}
	l := &Listing{Root: dirOrGlob, dir: dirOrGlob, walked: map[string]bool{}}
	// The first pass is listPages without the list: it decides which
	// directories are read (a directory reached twice is read where
	// listPages reads it) and counts their pages.
	err = walkSource(dirOrGlob, func(d string) { l.walked[d] = true }, func(string) { l.Count++ },
		func(pe *PageError) { l.Skipped = append(l.Skipped, pe) })
	if err != nil {
		return nil, err
	}
	return l, nil
}

// entryKind says whether the directory entry e, at path p, is a directory
// to walk or a page, following a symbolic link (a link whose target is
// missing is a page when its name is a page's).
func entryKind(p string, e fs.DirEntry) (isDir, page bool) {
	mode := e.Type()
	if mode&fs.ModeSymlink != 0 {
		st, err := os.Stat(p)
		if err != nil {
			return false, IsPageFile(p)
		}
		mode = st.Mode().Type()
	}
	return mode.IsDir(), mode.IsRegular() && IsPageFile(p)
}

// Walk calls yield with the path of every page, in ListSourceSkipping's
// order (by path relative to Root), until yield returns false. It reads
// the directories again: only one directory's entries are held at a time.
// Entries of a directory are ordered by name, a subdirectory's name
// followed by "/", which orders every page by its relative path.
func (l *Listing) Walk(yield func(path string) bool) error {
	if l.dir == "" {
		for _, p := range l.paths {
			if !yield(p) {
				return nil
			}
		}
		return nil
	}
	type item struct {
		key, path string
		dir       bool
	}
	stop := false
	var walk func(d string) error
	walk = func(d string) error {
		entries, err := os.ReadDir(d)
		if err != nil {
			return err
		}
		items := make([]item, 0, len(entries))
		for _, e := range entries {
			p := filepath.Join(d, e.Name())
			switch isDir, page := entryKind(p, e); {
			case isDir && l.walked[p]:
				items = append(items, item{key: e.Name() + "/", path: p, dir: true})
			case !isDir && page:
				items = append(items, item{key: e.Name(), path: p})
			}
		}
		entries = nil
		slices.SortFunc(items, func(a, b item) int { return strings.Compare(a.key, b.key) })
		for _, it := range items {
			if it.dir {
				if err := walk(it.path); err != nil {
					return err
				}
			} else if !yield(it.path) {
				stop = true
			}
			if stop {
				return nil
			}
		}
		return nil
	}
	return walk(l.dir)
}

// Paths lists the pages (ListSourceSkipping's list).
func (l *Listing) Paths() ([]string, error) {
	if l.dir == "" {
		return l.paths, nil
	}
	out := make([]string, 0, l.Count)
	err := l.Walk(func(p string) bool { out = append(out, p); return true })
	return out, err
}
