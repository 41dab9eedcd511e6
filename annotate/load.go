package annotate

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
)

// DefaultMaxBytes is the largest page ReadPage and ParsePage accept when
// LoadOptions.MaxBytes is zero.
const DefaultMaxBytes = 20 << 20

// LoadOptions control how a page is read and decoded.
type LoadOptions struct {
	// Encoding overrides charset detection with a WHATWG encoding label
	// ("windows-1252", "shift_jis", …). Empty means detect: byte order mark,
	// then a <meta> declaration in the first 4 KiB, then a guess (UTF-8 when the
	// bytes are valid UTF-8, windows-1252 otherwise).
	Encoding string
	// MaxBytes is the largest page accepted, in bytes (0: DefaultMaxBytes,
	// negative: no limit).
	MaxBytes int
	// BaseURL resolves the relative URLs (href, src) of pages without a
	// <base href>, and a relative <base href> (see Page.BaseURL).
	BaseURL string
	// StableSum computes Page.Sum with a hash that is the same in every
	// process (CRC-64 of the decoded text, a few times slower than the
	// default per-process hash), so that the processes of a distributed
	// run (the workers of objectrunner-beam) can compare the sums of the
	// pages they read.
	StableSum bool
}

func (o LoadOptions) maxBytes() int {
	if o.MaxBytes == 0 {
		return DefaultMaxBytes
	}
	return o.MaxBytes
}

// TooLargeError reports a page larger than LoadOptions.MaxBytes, or as
// heavy as a larger page of ordinary HTML because it is dense in tags
// (Tags set; see PageWeight).
type TooLargeError struct {
	Path     string
	Size     int64
	Tags     int64
	MaxBytes int
}

func (e *TooLargeError) Error() string {
	if e.Tags > 0 {
		return fmt.Sprintf("%s: page of %d bytes with %d tags, as heavy to parse as %d bytes of ordinary HTML, more than the limit of %d (raise MaxBytes)",
			e.Path, e.Size, e.Tags, e.Tags*TagWeight, e.MaxBytes)
	}
	return fmt.Sprintf("%s: page is %d bytes, more than the limit of %d (raise MaxBytes)", e.Path, e.Size, e.MaxBytes)
}

// ReadPage reads the file at path and parses it with ParsePage; rel is the
// page's path relative to its source root, recorded as Page.Path.
func ReadPage(path, rel string, opts LoadOptions) (*Page, error) {
	return ReadPageVisit(path, rel, opts, nil)
}

// readFile reads the page file at path, within opts' size limit, into buf
// (grown as needed; nil allocates).
func readFile(path string, opts LoadOptions, buf []byte) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	max := opts.maxBytes()
	var size int64 = -1
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
		if max > 0 && size > int64(max) {
			return nil, &TooLargeError{Path: path, Size: size, MaxBytes: max}
		}
	}
	var r io.Reader = f
	if max > 0 {
		r = io.LimitReader(f, int64(max)+1)
	}
	data, err := readAll(r, buf[:0], size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if max > 0 && len(data) > max {
		return nil, &TooLargeError{Path: path, Size: int64(len(data)), MaxBytes: max}
	}
	return data, nil
}

// readAll is io.ReadAll into b, with room for size bytes (when known)
// made first.
func readAll(r io.Reader, b []byte, size int64) ([]byte, error) {
	if size >= 0 && int64(cap(b)) < size+1 {
		b = make([]byte, 0, size+1)
	}
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return b, err
		}
	}
}

// ParsePage decodes data (see LoadOptions.Encoding), parses it once with
// golang.org/x/net/html, records its <base href>, and cleans the tree with
// Clean (in one pass: see ParsePageVisit). Empty or broken input gives a
// valid, possibly empty, Page.
func ParsePage(data []byte, rel string, opts LoadOptions) (*Page, error) {
	return ParsePageVisit(data, rel, opts, nil)
}

// ResolveURL resolves ref (an href or src of the page) against the page's
// <base href>. Without a base, or when either does not parse, ref is returned
// unchanged.
func (p *Page) ResolveURL(ref string) string {
	if p.BaseURL == "" {
		return ref
	}
	base, err := url.Parse(p.BaseURL)
	if err != nil {
		return ref
	}
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return ref
	}
	return base.ResolveReference(u).String()
}

var bomUTF8 = []byte{0xEF, 0xBB, 0xBF}

// decode returns data as UTF-8 and names the encoding it was decoded from.
// A page without a declared encoding is UTF-8 when its bytes are, or
// mostly are (mostlyUTF8: a UTF-8 page with a few stray windows-1252
// bytes), else windows-1252. replaced counts the bytes that were not valid
// UTF-8 in a page decoded as UTF-8 (each run of them is replaced by
// U+FFFD).
func decode(data []byte, override string) (out []byte, name string, certain bool, replaced int, err error) {
	var enc encoding.Encoding
	valid := false // data is known to be valid UTF-8
	switch {
	case override != "":
		e, n := charset.Lookup(override)
		if e == nil {
			return nil, "", false, 0, fmt.Errorf("unknown encoding %q", override)
		}
		enc, name, certain = e, n, true
	case bytes.HasPrefix(data, bomUTF8):
		enc, name, certain = encoding.Nop, "utf-8", true
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		enc, name = charset.Lookup("utf-16be")
		certain = true
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		enc, name = charset.Lookup("utf-16le")
		certain = true
	default:
		if label := metaCharset(data); label != "" {
			if e, n := charset.Lookup(label); e != nil {
				enc, name, certain = e, n, true
				// A page declared UTF-16 in <meta> is in fact ASCII-compatible (WHATWG).
				if strings.HasPrefix(n, "utf-16") {
					enc, name = encoding.Nop, "utf-8"
				}
			}
		}
		if enc == nil {
			if valid = utf8.Valid(data); valid || mostlyUTF8(data) {
				enc, name = encoding.Nop, "utf-8"
			} else {
				enc, name = charset.Lookup("windows-1252")
			}
		}
	}
	if name == "utf-8" {
		data = bytes.TrimPrefix(data, bomUTF8)
		if !valid && !utf8.Valid(data) {
			_, replaced = utf8Counts(data)
			data = bytes.ToValidUTF8(data, []byte("\uFFFD"))
		}
		return data, name, certain, replaced, nil
	}
	if override == "" && strings.HasPrefix(name, "utf-16") && len(data) >= 2 {
		data = data[2:] // the byte order mark
	}
	out, err = enc.NewDecoder().Bytes(data)
	if err != nil {
		return nil, "", false, 0, fmt.Errorf("decode as %s: %w", name, err)
	}
	return out, name, certain, 0, nil
}

// mostlyUTF8 reports whether data, not valid UTF-8, is UTF-8 with a few
// stray bytes: it holds at least as many valid multi-byte sequences as
// invalid bytes. A windows-1252 page has next to no valid multi-byte
// sequence (an accented letter is one byte followed by ASCII).
func mostlyUTF8(data []byte) bool {
	multi, invalid := utf8Counts(data)
	return multi > 0 && multi >= invalid
}

// utf8Counts counts the valid multi-byte UTF-8 sequences of data and its
// bytes that are not valid UTF-8.
func utf8Counts(data []byte) (multi, invalid int) {
	for i := 0; i < len(data); {
		if data[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			invalid++
		} else {
			multi++
		}
		i += n
	}
	return multi, invalid
}

// metaPrescanBytes bounds the <meta> charset prescan. The WHATWG algorithm
// stops at 1024 bytes; real pages often declare the charset later, after a
// long <head>, so a little more is read.
const metaPrescanBytes = 4096

// metaCharset finds a charset declared by <meta charset> or
// <meta http-equiv="content-type" content="…; charset=…"> near the start of data.
func metaCharset(data []byte) string {
	if len(data) > metaPrescanBytes {
		data = data[:metaPrescanBytes]
	}
	z := html.NewTokenizer(bytes.NewReader(data))
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			if a == atom.Body {
				return ""
			}
			if a != atom.Meta || !hasAttr {
				continue
			}
			var cs, content string
			var httpEquiv bool
			for {
				k, v, more := z.TagAttr()
				switch string(k) {
				case "charset":
					cs = string(v)
				case "content":
					content = string(v)
				case "http-equiv":
					httpEquiv = strings.EqualFold(string(v), "content-type")
				}
				if !more {
					break
				}
			}
			if cs != "" {
				return strings.TrimSpace(cs)
			}
			if httpEquiv && content != "" {
				if cs := charsetFromContentType(content); cs != "" {
					return cs
				}
			}
		}
	}
}

func charsetFromContentType(s string) string {
	i := strings.Index(strings.ToLower(s), "charset")
	if i < 0 {
		return ""
	}
	s = strings.TrimLeft(s[i+len("charset"):], " \t")
	if !strings.HasPrefix(s, "=") {
		return ""
	}
	s = strings.TrimLeft(s[1:], " \t")
	s = strings.Trim(s, `"'`)
	if j := strings.IndexAny(s, `;"' `); j >= 0 {
		s = s[:j]
	}
	return s
}

// findBase returns the href of the document's first <base> element.
func findBase(doc *html.Node) string {
	var found string
	var walk func(n *html.Node) bool
	walk = func(n *html.Node) bool {
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.Base:
				for _, a := range n.Attr {
					if a.Key == "href" && a.Namespace == "" {
						found = strings.TrimSpace(a.Val)
						return true
					}
				}
			case atom.Body:
				return true // <base> belongs in <head>
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if walk(c) {
				return true
			}
		}
		return false
	}
	walk(doc)
	return found
}

// IsPageFile reports whether name has a page extension (.htm, .html, .xhtml).
func IsPageFile(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".htm", ".html", ".xhtml":
		return true
	}
	return false
}

// ListSource lists the page files of a source: dirOrGlob is a directory,
// walked recursively (following symbolic links, see listPages), or a glob
// pattern. Only .htm, .html and .xhtml files are
// listed, sorted by their slash-separated paths relative to the source root
// (the directory, or the glob's fixed directory prefix). Paths returned are
// file paths usable with ReadPage; SourceRel gives the relative path.
//
// Subdirectories that cannot be read are skipped; ListSourceSkipping
// returns them.
func ListSource(dirOrGlob string) ([]string, error) {
	out, _, err := ListSourceSkipping(dirOrGlob)
	return out, err
}

// ListSourceSkipping is ListSource that also returns the subdirectories it
// skipped because they could not be read (permissions, I/O errors), each
// with the reason, so that a run can count them and say why.
func ListSourceSkipping(dirOrGlob string) ([]string, []*PageError, error) {
	if st, err := os.Stat(dirOrGlob); err == nil && st.IsDir() {
		out, skipped, err := listPages(dirOrGlob)
		if err != nil {
			return nil, nil, err
		}
		sortPaths(out, dirOrGlob)
		return out, skipped, nil
	} else if err == nil {
		if IsPageFile(dirOrGlob) {
			return []string{dirOrGlob}, nil, nil
		}
		return nil, nil, fmt.Errorf("%s: not a directory or page file", dirOrGlob)
	}
	matches, err := filepath.Glob(dirOrGlob)
	if err != nil {
		return nil, nil, fmt.Errorf("source %q: %w", dirOrGlob, err)
	}
	if matches == nil && !strings.ContainsAny(dirOrGlob, "*?[") {
		return nil, nil, fmt.Errorf("source %s: %w", dirOrGlob, fs.ErrNotExist)
	}
	var out []string
	for _, m := range matches {
		if st, err := os.Stat(m); err == nil && st.Mode().IsRegular() && IsPageFile(m) {
			out = append(out, m)
		}
	}
	sortPaths(out, SourceRoot(dirOrGlob))
	return out, nil, nil
}

// SourceRoot returns the directory that relative page paths of a source are
// taken from: dirOrGlob itself for a directory, otherwise the longest
// directory prefix free of glob metacharacters.
func SourceRoot(dirOrGlob string) string {
	if st, err := os.Stat(dirOrGlob); err == nil && st.IsDir() {
		return dirOrGlob
	}
	dir := filepath.Dir(dirOrGlob)
	for strings.ContainsAny(dir, "*?[") {
		dir = filepath.Dir(dir)
	}
	return dir
}

// SourceRel returns path relative to root, slash-separated.
func SourceRel(root, path string) string {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

func sortPaths(ps []string, root string) {
	sort.Slice(ps, func(i, j int) bool { return SourceRel(root, ps[i]) < SourceRel(root, ps[j]) })
}

// Query returns a goquery document over the page's cleaned tree, for CSS
// selection; it shares p.Doc (nothing is parsed again).
func (p *Page) Query() *goquery.Document {
	return goquery.NewDocumentFromNode(p.Doc)
}
