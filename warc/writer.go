package warc

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	gowarc "github.com/nlnwa/gowarc/v3"
)

// Exchange is one fetch: the request sent and the response received.
type Exchange struct {
	URL    string    // target URI
	Date   time.Time // when the response was received (zero: now)
	Method string    // default GET
	// RequestHeader is the header sent (Host is added from URL).
	RequestHeader http.Header
	Status        int    // HTTP status code
	Proto         string // e.g. HTTP/1.1 (default)
	Header        http.Header
	Body          []byte // the payload, as delivered (transfer and content encodings removed)
	IP            string // the server's IP address, when known
	// Metadata are name: value fields of a metadata record about the
	// fetch (e.g. via, depth, redirect location); none: no record.
	Metadata map[string]string
}

// WriterOptions configure Create.
type WriterOptions struct {
	// Software is recorded in the warcinfo record (e.g. "objectrunner/0.1").
	Software string
	// Fields are further warcinfo fields (e.g. "robots": "obey").
	Fields map[string]string
}

// Writer appends records to one WARC file. It is safe for concurrent use.
type Writer struct {
	mu       sync.Mutex
	f        *os.File
	gz       bool
	m        gowarc.Marshaler
	buf      bytes.Buffer // a record being written (write)
	zw       *gzip.Writer // reused for every record
	infoID   string
	path     string
	finished bool
	// Truncated is the number of bytes of a torn last record that Create
	// cut off an existing file.
	Truncated int64
}

// IsWARCName reports whether name has a WARC file extension (.warc or
// .warc.gz, any case).
func IsWARCName(name string) bool {
	n := strings.ToLower(name)
	return strings.HasSuffix(n, ".warc") || strings.HasSuffix(n, ".warc.gz")
}

// Create opens path for writing WARC records, gzip-compressed when the
// name ends in .gz. An existing file is appended to (its records are
// kept); a warcinfo record starts every writing session.
func Create(path string, opt WriterOptions) (*Writer, error) {
	if !IsWARCName(path) {
		return nil, fmt.Errorf("%s: a WARC file name ends in .warc or .warc.gz", path)
	}
	var cut int64
	if st, err := os.Stat(path); err == nil && st.Size() > 0 {
		end, _ := ValidEnd(path)
		if end < st.Size() {
			// A torn last record (a crawl killed while writing) is cut
			// off, or every record after it would be unreadable.
			if err := os.Truncate(path, end); err != nil {
				return nil, err
			}
			cut = st.Size() - end
		}
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	w := &Writer{f: f, gz: strings.HasSuffix(strings.ToLower(path), ".gz"), m: gowarc.NewMarshaler(), path: path, Truncated: cut}
	fields := map[string]string{"format": "WARC File Format 1.1", "conformsTo": "https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/"}
	if opt.Software != "" {
		fields["software"] = opt.Software
	}
	for k, v := range opt.Fields {
		fields[k] = v
	}
	b := gowarc.NewRecordBuilder(gowarc.Warcinfo)
	b.AddWarcHeader(gowarc.WarcFilename, baseName(path))
	b.AddWarcHeaderTime(gowarc.WarcDate, time.Now().UTC())
	b.AddWarcHeader(gowarc.ContentType, gowarc.ApplicationWarcFields)
	if _, err := b.WriteString(warcFields(fields)); err != nil {
		f.Close()
		return nil, err
	}
	rec, err := w.build(b)
	if err != nil {
		f.Close()
		return nil, err
	}
	w.infoID = rec.RecordId()
	if err := w.write(rec); err != nil {
		f.Close()
		return nil, err
	}
	return w, nil
}

// Path is the file written to.
func (w *Writer) Path() string { return w.path }

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// warcFields renders name: value lines, sorted by name.
func warcFields(fields map[string]string) string {
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	sort.Strings(names)
	var sb strings.Builder
	for _, k := range names {
		fmt.Fprintf(&sb, "%s: %s\r\n", k, oneLine(fields[k]))
	}
	return sb.String()
}

func oneLine(s string) string { return strings.NewReplacer("\r", " ", "\n", " ").Replace(s) }

func (w *Writer) build(b gowarc.WarcRecordBuilder) (gowarc.WarcRecord, error) {
	rec, _, err := b.Build()
	if err != nil {
		return nil, fmt.Errorf("warc: building a record: %w", err)
	}
	return rec, nil
}

// write marshals rec to the file, as one gzip member when compressed.
// The caller holds w.mu or is Create.
func (w *Writer) write(rec gowarc.WarcRecord) error {
	defer rec.Close()
	// The buffer and the gzip writer are reused: a new gzip writer per
	// record cost more than compressing the record.
	buf := &w.buf
	buf.Reset()
	var dst io.Writer = buf
	var zw *gzip.Writer
	if w.gz {
		if w.zw == nil {
			w.zw = gzip.NewWriter(buf)
		} else {
			w.zw.Reset(buf)
		}
		zw = w.zw
		dst = zw
	}
	if _, _, err := w.m.Marshal(dst, rec, 0); err != nil {
		return fmt.Errorf("warc: writing %s: %w", w.path, err)
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			return err
		}
	}
	// One write per record: a crash leaves whole records or a torn last one.
	if _, err := w.f.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("warc: writing %s: %w", w.path, err)
	}
	return nil
}

// WriteExchange writes x as a request record, a response record (a
// revisit record of the server-not-modified profile for a 304 answer)
// and, when x.Metadata is not empty, a metadata record, all with x.URL as
// target and linked to the response by WARC-Concurrent-To.
func (w *Writer) WriteExchange(x *Exchange) error {
	if x.URL == "" {
		return errors.New("warc: an exchange needs a URL")
	}
	date := x.Date
	if date.IsZero() {
		date = time.Now()
	}
	date = date.UTC()
	proto := x.Proto
	if proto == "" {
		proto = "HTTP/1.1"
	}
	// Response.
	rb := gowarc.NewRecordBuilder(gowarc.Response, gowarc.WithAddMissingDigest(true))
	w.headers(rb, x.URL, date, x.IP)
	rb.AddWarcHeader(gowarc.ContentType, "application/http;msgtype=response")
	status := http.StatusText(x.Status)
	if status == "" {
		status = "status"
	}
	var hb bytes.Buffer
	fmt.Fprintf(&hb, "%s %d %s\r\n", proto, x.Status, status)
	h := x.Header.Clone()
	if h == nil {
		h = http.Header{}
	}
	// The body is stored decoded: headers must describe it as stored.
	h.Del("Content-Encoding")
	h.Del("Transfer-Encoding")
	h.Set("Content-Length", strconv.Itoa(len(x.Body)))
	if err := h.Write(&hb); err != nil {
		return err
	}
	hb.WriteString("\r\n")
	hb.Write(x.Body)
	if _, err := rb.Write(hb.Bytes()); err != nil {
		return err
	}
	resp, err := w.build(rb)
	if err != nil {
		return err
	}
	if x.Status == http.StatusNotModified {
		// WARC 1.1 §6.7.3: a 304 answer to a conditional request is a
		// revisit record of the server-not-modified profile (its block
		// the HTTP header only), so readers keep the stored response as
		// the page.
		rev, err := resp.ToRevisitRecord(&gowarc.RevisitRef{Profile: gowarc.ProfileServerNotModifiedV1_1, TargetUri: x.URL})
		resp.Close()
		if err != nil {
			return err
		}
		resp = rev
	}
	respID := resp.RecordId()
	// Request.
	u, err := parseURL(x.URL)
	if err != nil {
		resp.Close()
		return err
	}
	method := x.Method
	if method == "" {
		method = http.MethodGet
	}
	qb := gowarc.NewRecordBuilder(gowarc.Request, gowarc.WithAddMissingDigest(true))
	w.headers(qb, x.URL, date, x.IP)
	qb.AddWarcHeader(gowarc.ContentType, "application/http;msgtype=request")
	qb.AddWarcHeader(gowarc.WarcConcurrentTo, "<"+respID+">")
	var reqb bytes.Buffer
	fmt.Fprintf(&reqb, "%s %s %s\r\nHost: %s\r\n", method, u.RequestURI(), proto, u.Host)
	rh := x.RequestHeader.Clone()
	if rh != nil {
		rh.Del("Host")
		if err := rh.Write(&reqb); err != nil {
			resp.Close()
			return err
		}
	}
	reqb.WriteString("\r\n")
	if _, err := qb.Write(reqb.Bytes()); err != nil {
		resp.Close()
		return err
	}
	req, err := w.build(qb)
	if err != nil {
		resp.Close()
		return err
	}
	recs := []gowarc.WarcRecord{req, resp}
	if len(x.Metadata) > 0 {
		mb := gowarc.NewRecordBuilder(gowarc.Metadata)
		w.headers(mb, x.URL, date, "")
		mb.AddWarcHeader(gowarc.ContentType, gowarc.ApplicationWarcFields)
		mb.AddWarcHeader(gowarc.WarcConcurrentTo, "<"+respID+">")
		if _, err := mb.WriteString(warcFields(x.Metadata)); err != nil {
			return err
		}
		meta, err := w.build(mb)
		if err != nil {
			req.Close()
			resp.Close()
			return err
		}
		recs = append(recs, meta)
	}
	return w.writeAll(recs)
}

// WriteMetadata writes a metadata record about url (e.g. why it was not
// fetched).
func (w *Writer) WriteMetadata(url string, fields map[string]string) error {
	mb := gowarc.NewRecordBuilder(gowarc.Metadata)
	w.headers(mb, url, time.Now().UTC(), "")
	mb.AddWarcHeader(gowarc.ContentType, gowarc.ApplicationWarcFields)
	if _, err := mb.WriteString(warcFields(fields)); err != nil {
		return err
	}
	rec, err := w.build(mb)
	if err != nil {
		return err
	}
	return w.writeAll([]gowarc.WarcRecord{rec})
}

func (w *Writer) headers(b gowarc.WarcRecordBuilder, url string, date time.Time, ip string) {
	b.AddWarcHeader(gowarc.WarcTargetURI, url)
	b.AddWarcHeaderTime(gowarc.WarcDate, date)
	b.AddWarcHeader(gowarc.WarcWarcinfoID, "<"+w.infoID+">")
	if ip != "" {
		b.AddWarcHeader(gowarc.WarcIPAddress, ip)
	}
}

func (w *Writer) writeAll(recs []gowarc.WarcRecord) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.finished {
		for _, r := range recs {
			r.Close()
		}
		return fmt.Errorf("warc: %s is closed", w.path)
	}
	for i, r := range recs {
		if err := w.write(r); err != nil {
			for _, rest := range recs[i+1:] {
				rest.Close()
			}
			return err
		}
	}
	return nil
}

// Sync flushes the file to stable storage.
func (w *Writer) Sync() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.f.Sync()
}

// Close closes the file.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.finished {
		return nil
	}
	w.finished = true
	return w.f.Close()
}
