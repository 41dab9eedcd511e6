package warc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// Filter selects the responses of a WARC source.
type Filter struct {
	// Hosts keeps the pages of these hosts and their subdomains
	// ("example.com" keeps www.example.com too); none: every host.
	Hosts []string
	// Include, when set, keeps only URLs it matches; Exclude drops the
	// URLs it matches.
	Include, Exclude *regexp.Regexp
}

// Match reports whether the filter keeps rawURL.
func (f Filter) Match(rawURL string) bool {
	if len(f.Hosts) > 0 {
		u, err := url.Parse(rawURL)
		if err != nil || !HostAllowed(u.Hostname(), f.Hosts) {
			return false
		}
	}
	if f.Include != nil && !f.Include.MatchString(rawURL) {
		return false
	}
	return f.Exclude == nil || !f.Exclude.MatchString(rawURL)
}

// HostAllowed reports whether host is one of domains or a subdomain of one
// (case-insensitive; a trailing dot is ignored).
func HostAllowed(host string, domains []string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	for _, d := range domains {
		d = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(d)), ".")
		if d != "" && (host == d || strings.HasSuffix(host, "."+d)) {
			return true
		}
	}
	return false
}

// IsSource reports whether a --source value names WARC files: one of its
// comma-separated parts ends in .warc or .warc.gz (a glob may end in *
// after it, as in crawl-*.warc*) and is not a directory.
func IsSource(source string) bool {
	for _, p := range strings.Split(source, ",") {
		p = strings.TrimSpace(p)
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			continue
		}
		if IsWARCName(strings.TrimRight(p, "*")) {
			return true
		}
	}
	return false
}

// Expand lists the WARC files of a source: comma-separated file names or
// glob patterns, each naming at least one .warc or .warc.gz file.
func Expand(source string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, p := range strings.Split(source, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		var files []string
		if strings.ContainsAny(p, "*?[") {
			m, err := filepath.Glob(p)
			if err != nil {
				return nil, fmt.Errorf("source %q: %w", p, err)
			}
			for _, f := range m {
				if IsWARCName(f) {
					files = append(files, f)
				}
			}
			if len(files) == 0 {
				return nil, fmt.Errorf("source %q: no .warc or .warc.gz file matches", p)
			}
		} else {
			st, err := os.Stat(p)
			if err != nil {
				return nil, fmt.Errorf("source %s: %w", p, err)
			}
			if st.IsDir() || !IsWARCName(p) {
				return nil, fmt.Errorf("source %s: not a .warc or .warc.gz file", p)
			}
			files = []string{p}
		}
		for _, f := range files {
			if !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("source %q: no WARC file", source)
	}
	return out, nil
}

// Entry is one page of an FS: an HTML response of a WARC file.
type Entry struct {
	Name   string // its fs path (see PageName)
	URL    string
	File   string // the WARC file
	Offset int64  // of the response record in File
	Date   time.Time
	Size   int64 // the record's block size (HTTP header and payload)

	// spillOff and spillLen locate the payload in the FS's spill file.
	spillOff, spillLen int64
}

// FS is a read-only fs.FS of the HTML responses of WARC files, with the
// status 200, kept by a Filter. A URL answered several times is the
// latest answer. Opening the FS reads (decompresses and parses) each
// record once: the payloads of the pages it keeps are copied, as they
// are, to a temporary spill file (removed from the directory at once, so
// nothing is left behind; the disk space is freed when the FS is closed
// or garbage collected), which pages are read from when opened.
type FS struct {
	entries []Entry // by Name
	byName  map[string]int
	dirs    map[string][]fs.DirEntry
	spill   *os.File
}

// Close releases the spill file; the FS cannot be read after.
func (f *FS) Close() error {
	if f.spill == nil {
		return nil
	}
	err := f.spill.Close()
	f.spill = nil
	return err
}

// Open indexes the WARC files of source (see Expand) as an FS.
func Open(source string, f Filter) (*FS, error) {
	files, err := Expand(source)
	if err != nil {
		return nil, err
	}
	return OpenFiles(files, f)
}

// OpenFiles indexes the given WARC files as an FS.
func OpenFiles(files []string, f Filter) (*FS, error) {
	spill, err := os.CreateTemp("", "objectrunner-warc-*.spill")
	if err != nil {
		return nil, fmt.Errorf("warc: spill file: %w", err)
	}
	// Unlinked at once: the open file stays readable and nothing is left
	// behind (where a file system refuses, it stays until removed by hand).
	os.Remove(spill.Name())
	fail := func(err error) (*FS, error) {
		spill.Close()
		return nil, err
	}
	var spillEnd int64
	latest := map[string]Entry{} // by URL
	var order []string
	for _, file := range files {
		for rec, err := range Records(file, true) {
			if err != nil {
				return fail(err)
			}
			if rec.Type != "response" || rec.Status != 200 || rec.URL == "" || !f.Match(rec.URL) {
				continue
			}
			if rec.Header.Get("Content-Type") == "" {
				if !looksLikePage(rec.URL) {
					continue
				}
			} else if !IsHTML(rec.Header, nil) {
				continue
			}
			e := Entry{URL: rec.URL, File: file, Offset: rec.Offset, Date: rec.Date, Size: rec.BlockSize}
			if old, ok := latest[rec.URL]; ok {
				if e.Date.Before(old.Date) {
					continue
				}
			} else {
				order = append(order, rec.URL)
			}
			if _, err := spill.WriteAt(rec.Body, spillEnd); err != nil {
				return fail(fmt.Errorf("warc: spill file: %w", err))
			}
			e.spillOff, e.spillLen = spillEnd, int64(len(rec.Body))
			spillEnd += e.spillLen
			latest[rec.URL] = e
		}
	}
	fsys := &FS{byName: map[string]int{}, dirs: map[string][]fs.DirEntry{}, spill: spill}
	taken := map[string]bool{}
	sort.Strings(order)
	for _, u := range order {
		e := latest[u]
		parsed, err := url.Parse(u)
		if err != nil {
			continue
		}
		e.Name = unique(PageName(parsed), taken)
		taken[e.Name] = true
		fsys.entries = append(fsys.entries, e)
	}
	// A name that is also a directory of another (a.html and a.html/x.html)
	// is renamed: an fs path is one or the other.
	isDir := map[string]bool{}
	for _, e := range fsys.entries {
		for d := path.Dir(e.Name); d != "."; d = path.Dir(d) {
			isDir[d] = true
		}
	}
	for i := range fsys.entries {
		if isDir[fsys.entries[i].Name] {
			n := unique(strings.TrimSuffix(fsys.entries[i].Name, path.Ext(fsys.entries[i].Name))+"~page.html", taken)
			taken[n] = true
			fsys.entries[i].Name = n
		}
	}
	sort.Slice(fsys.entries, func(i, j int) bool { return fsys.entries[i].Name < fsys.entries[j].Name })
	seenDir := map[string]bool{}
	for i, e := range fsys.entries {
		fsys.byName[e.Name] = i
		child := e.Name
		fi := fs.FileInfoToDirEntry(&fileInfo{name: path.Base(e.Name), size: e.Size, mod: e.Date})
		for d := path.Dir(child); ; d = path.Dir(d) {
			fsys.dirs[d] = append(fsys.dirs[d], fi)
			if d == "." || seenDir[d] {
				break
			}
			seenDir[d] = true
			fi = fs.FileInfoToDirEntry(&fileInfo{name: path.Base(d), dir: true})
		}
	}
	if _, ok := fsys.dirs["."]; !ok {
		fsys.dirs["."] = nil
	}
	for d, list := range fsys.dirs {
		sort.Slice(list, func(i, j int) bool { return list[i].Name() < list[j].Name() })
		fsys.dirs[d] = list
	}
	return fsys, nil
}

// looksLikePage reports whether a URL without a Content-Type may be a
// page: its path has no extension or a page extension.
func looksLikePage(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	switch strings.ToLower(path.Ext(u.Path)) {
	case "", ".htm", ".html", ".xhtml", ".php", ".asp", ".aspx", ".jsp":
		return true
	}
	return false
}

// unique returns name, or name with ~2, ~3… before its extension when
// taken.
func unique(name string, taken map[string]bool) string {
	if !taken[name] {
		return name
	}
	ext := path.Ext(name)
	base := strings.TrimSuffix(name, ext)
	for i := 2; ; i++ {
		n := fmt.Sprintf("%s~%d%s", base, i, ext)
		if !taken[n] {
			return n
		}
	}
}

// PageName is the fs path of a page's URL: HOST/PATH, with a port as
// HOST_PORT, index.html for a path ending in /, the query appended after
// "_" and .html added unless the path ends in .htm, .html or .xhtml.
// Characters that cannot be in a file name are percent-escaped.
func PageName(u *url.URL) string {
	host := escapeElem(strings.ToLower(u.Hostname()))
	if p := u.Port(); p != "" {
		host += "_" + p
	}
	if host == "" || host == "." || host == ".." {
		host = "_" + host
	}
	p := u.EscapedPath()
	if p == "" || strings.HasSuffix(p, "/") {
		p += "index.html"
	}
	var elems []string
	for _, el := range strings.Split(p, "/") {
		el = escapeElem(unescape(el))
		switch el {
		case "", ".":
			continue
		case "..":
			el = "%2E%2E"
		}
		elems = append(elems, el)
	}
	name := strings.Join(elems, "/")
	if u.RawQuery != "" {
		name += "_" + escapeElem(u.RawQuery)
	}
	switch strings.ToLower(path.Ext(name)) {
	case ".htm", ".html", ".xhtml":
		if u.RawQuery == "" {
			break
		}
		fallthrough
	default:
		name += ".html"
	}
	return host + "/" + name
}

func unescape(s string) string {
	if u, err := url.PathUnescape(s); err == nil {
		return u
	}
	return s
}

// escapeElem percent-escapes what a portable file name cannot hold
// (and bytes that are not UTF-8: an fs path is UTF-8).
func escapeElem(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		c := s[i]
		switch {
		case r == utf8.RuneError && n == 1, c < 0x20 || c == 0x7f || strings.IndexByte(`/\:*?"<>|%`, c) >= 0:
			fmt.Fprintf(&b, "%%%02X", c)
			i++
			continue
		}
		b.WriteString(s[i : i+n])
		i += n
	}
	return b.String()
}

// Entries are the pages, sorted by name.
func (f *FS) Entries() []Entry { return f.entries }

// Entry returns the page called name.
func (f *FS) Entry(name string) (Entry, bool) {
	i, ok := f.byName[name]
	if !ok {
		return Entry{}, false
	}
	return f.entries[i], true
}

// Open opens a page or a directory of the FS.
func (f *FS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if i, ok := f.byName[name]; ok {
		return &file{e: f.entries[i], fs: f}, nil
	}
	if list, ok := f.dirs[name]; ok {
		return &dir{name: name, list: list}, nil
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// ReadFile reads the payload of the page called name.
func (f *FS) ReadFile(name string) ([]byte, error) {
	i, ok := f.byName[name]
	if !ok {
		if _, isDir := f.dirs[name]; isDir {
			return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("is a directory")}
		}
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrNotExist}
	}
	return f.read(f.entries[i])
}

// read returns the payload of e, from the spill file.
func (f *FS) read(e Entry) ([]byte, error) {
	if f.spill == nil {
		return nil, fmt.Errorf("%s: the WARC source is closed", e.Name)
	}
	data := make([]byte, e.spillLen)
	if _, err := f.spill.ReadAt(data, e.spillOff); err != nil {
		return nil, fmt.Errorf("%s: reading its payload (of %s at offset %d) from the spill file: %w", e.Name, e.File, e.Offset, err)
	}
	return data, nil
}

type fileInfo struct {
	name string
	size int64
	mod  time.Time
	dir  bool
}

func (fi *fileInfo) Name() string       { return fi.name }
func (fi *fileInfo) Size() int64        { return fi.size }
func (fi *fileInfo) ModTime() time.Time { return fi.mod }
func (fi *fileInfo) IsDir() bool        { return fi.dir }
func (fi *fileInfo) Sys() any           { return nil }
func (fi *fileInfo) Mode() fs.FileMode {
	if fi.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}

// file is an open page; its payload is read on the first Read.
type file struct {
	e  Entry
	fs *FS
	r  *bytes.Reader
}

func (f *file) Stat() (fs.FileInfo, error) {
	return &fileInfo{name: path.Base(f.e.Name), size: f.e.Size, mod: f.e.Date}, nil
}

func (f *file) Read(p []byte) (int, error) {
	if f.r == nil {
		data, err := f.fs.read(f.e)
		if err != nil {
			return 0, &fs.PathError{Op: "read", Path: f.e.Name, Err: err}
		}
		f.r = bytes.NewReader(data)
	}
	return f.r.Read(p)
}

func (f *file) Close() error { return nil }

type dir struct {
	name string
	list []fs.DirEntry
	off  int
}

func (d *dir) Stat() (fs.FileInfo, error) {
	return &fileInfo{name: path.Base(d.name), dir: true}, nil
}
func (d *dir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: errors.New("is a directory")}
}
func (d *dir) Close() error { return nil }

func (d *dir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.list[d.off:]
	if n <= 0 {
		d.off = len(d.list)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	k := min(n, len(rest))
	d.off += k
	return rest[:k], nil
}
