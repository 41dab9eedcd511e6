package warc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	gowarc "github.com/nlnwa/gowarc/v3"
)

// Record is one WARC record as read: its type, target, date and, for
// request and response records, the HTTP message; for metadata and
// warcinfo records, the name: value fields.
type Record struct {
	File   string // the WARC file
	Offset int64  // of the record in File (of its gzip member when compressed)
	Type   string // warcinfo, request, response, metadata, revisit, resource, …
	ID     string // WARC-Record-ID
	URL    string // WARC-Target-URI
	Date   time.Time
	// ConcurrentTo is the WARC-Concurrent-To of the record (the response
	// a request or metadata record belongs to).
	ConcurrentTo string
	Status       int         // response: HTTP status code
	Header       http.Header // response or request: HTTP header
	Body         []byte      // response or resource: payload; metadata, warcinfo: the block
	Fields       map[string]string
	// BlockSize is the record's Content-Length: its block's size in bytes.
	BlockSize int64
	// Problems are the record's breaches of the standard, when its body
	// was read (gowarc's validation: digests, lengths, header syntax).
	Problems []error
}

// readOpts are lenient: a source from the web may break the standard in
// small ways; what can be parsed is used. With body, blocks are kept
// (gowarc caches a block, in memory or a temporary file, only when it
// validates spec violations; otherwise it skips the block to the next
// record), and spec violations are collected, not fatal.
func readOpts(body bool) []gowarc.WarcRecordOption {
	spec := gowarc.ErrIgnore
	if body {
		spec = gowarc.ErrWarn
	}
	return []gowarc.WarcRecordOption{
		gowarc.WithSyntaxErrorPolicy(gowarc.ErrIgnore),
		gowarc.WithSpecViolationPolicy(spec),
		gowarc.WithUnknownRecordTypePolicy(gowarc.ErrIgnore),
		gowarc.WithBlockErrorPolicy(gowarc.ErrIgnore),
	}
}

// Records iterates over the records of the WARC file at path (.warc or
// .warc.gz), stopping at the first error, which names the file and the
// offset. With body false, bodies are not read (Body is nil).
func Records(path string, body bool) iter.Seq2[*Record, error] {
	return func(yield func(*Record, error) bool) {
		f, err := os.Open(path)
		if err != nil {
			yield(nil, err)
			return
		}
		rd, err := gowarc.NewWarcFileReaderFromStream(f, 0, readOpts(body)...)
		if err != nil {
			f.Close()
			yield(nil, fmt.Errorf("%s: %w", path, err))
			return
		}
		defer rd.Close()
		for {
			r, err := rd.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				if r.WarcRecord != nil {
					r.Close()
				}
				yield(nil, fmt.Errorf("%s: record at offset %d: %w", path, r.Offset, err))
				return
			}
			rec, err := convert(r.WarcRecord, body)
			r.Close()
			if err != nil {
				yield(nil, fmt.Errorf("%s: record at offset %d: %w", path, r.Offset, err))
				return
			}
			rec.File, rec.Offset, rec.Problems = path, r.Offset, r.Validation
			if !yield(rec, nil) {
				return
			}
		}
	}
}

// ReadAt reads the one record at offset in the WARC file at path.
func ReadAt(path string, offset int64) (*Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	rd, err := gowarc.NewWarcFileReaderFromStream(f, offset, readOpts(true)...)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer rd.Close()
	r, err := rd.Next()
	if err != nil {
		if r.WarcRecord != nil {
			r.Close()
		}
		return nil, fmt.Errorf("%s: record at offset %d: %w", path, offset, err)
	}
	defer r.Close()
	rec, err := convert(r.WarcRecord, true)
	if err != nil {
		return nil, fmt.Errorf("%s: record at offset %d: %w", path, offset, err)
	}
	rec.File, rec.Offset = path, offset
	return rec, nil
}

// convert reads what a Record holds from a gowarc record.
func convert(wr gowarc.WarcRecord, body bool) (*Record, error) {
	h := wr.WarcHeader()
	rec := &Record{Type: wr.Type().String(), ID: wr.RecordId(), URL: strings.Trim(h.Get(gowarc.WarcTargetURI), "<>"),
		ConcurrentTo: h.GetId(gowarc.WarcConcurrentTo)}
	if d, err := wr.Date(); err == nil {
		rec.Date = d
	}
	if n, err := wr.ContentLength(); err == nil {
		rec.BlockSize = n
	}
	switch b := wr.Block().(type) {
	case gowarc.HttpResponseBlock:
		rec.Status = b.HttpStatusCode()
		if hh := b.HttpHeader(); hh != nil {
			rec.Header = *hh
		}
		if body {
			p, err := b.PayloadBytes()
			if err != nil {
				return nil, err
			}
			if rec.Body, err = io.ReadAll(p); err != nil {
				return nil, err
			}
		}
	case gowarc.HttpRequestBlock:
		if hh := b.HttpHeader(); hh != nil {
			rec.Header = *hh
		}
	default:
		if body || wr.Type() == gowarc.Metadata || wr.Type() == gowarc.Warcinfo {
			raw, err := wr.Block().RawBytes()
			if err != nil {
				return nil, err
			}
			data, err := io.ReadAll(raw)
			if err != nil {
				return nil, err
			}
			rec.Body = data
			if strings.HasPrefix(h.Get(gowarc.ContentType), gowarc.ApplicationWarcFields) {
				rec.Fields = parseFields(data)
			}
		}
	}
	return rec, nil
}

// parseFields parses application/warc-fields lines.
func parseFields(data []byte) map[string]string {
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), ":")
		if ok {
			out[strings.TrimSpace(name)] = strings.TrimSpace(value)
		}
	}
	return out
}

func parseURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("warc: URL %q: %w", s, err)
	}
	if !u.IsAbs() || u.Host == "" {
		return nil, fmt.Errorf("warc: URL %q is not absolute", s)
	}
	return u, nil
}

// IsHTML reports whether a response with this header and body is an HTML
// page: by its Content-Type, or, without one, by sniffing the body.
func IsHTML(h http.Header, body []byte) bool {
	ct := strings.ToLower(h.Get("Content-Type"))
	if ct == "" && body != nil {
		ct = strings.ToLower(http.DetectContentType(body))
	}
	return strings.Contains(ct, "text/html") || strings.Contains(ct, "application/xhtml")
}

// ValidEnd returns the end of the last whole record of the WARC file at
// path, and the error that stopped reading there (nil when the whole
// file was read): a crawl killed while writing leaves a torn record,
// which Create cuts off before appending.
func ValidEnd(path string) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return 0, err
	}
	rd, err := gowarc.NewWarcFileReaderFromStream(f, 0, readOpts(true)...)
	if err != nil {
		f.Close()
		return 0, err
	}
	defer rd.Close()
	var last int64
	for {
		r, err := rd.Next()
		if errors.Is(err, io.EOF) {
			if !strings.HasSuffix(strings.ToLower(path), ".gz") && !endsInMarker(f, st.Size()) {
				// An uncompressed record cut in its end marker.
				return last, fmt.Errorf("%s: record at offset %d: no end-of-record marker", path, last)
			}
			return st.Size(), nil
		}
		start := r.Offset
		last = start
		if err == nil && len(r.Validation) > 0 {
			// A record written by Writer is valid: a short block, a
			// wrong digest or a missing end marker is a torn record.
			err = errors.Join(r.Validation...)
		}
		if r.WarcRecord != nil {
			r.Close()
		}
		if err != nil {
			return start, fmt.Errorf("%s: record at offset %d: %w", path, start, err)
		}
	}
}

// endsInMarker reports whether the file of size bytes ends in CRLF CRLF.
func endsInMarker(f *os.File, size int64) bool {
	if size < 4 {
		return false
	}
	b := make([]byte, 4)
	if _, err := f.ReadAt(b, size-4); err != nil {
		return false
	}
	return string(b) == "\r\n\r\n"
}
