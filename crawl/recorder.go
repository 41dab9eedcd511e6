package crawl

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/objectrunner/objectrunner/warc"
)

// Internal request headers that carry a request's place in the crawl to
// the recorder; they are removed before the request is sent.
const (
	hDepth = "Objectrunner-Crawl-Depth"
	hVia   = "Objectrunner-Crawl-Via"
)

// ErrNotAllowed is returned for a request outside the allowed hosts: it
// is never sent.
var ErrNotAllowed = errors.New("crawl: host not allowed")

// recorder is the crawl's transport: allowed hosts, per-host politeness,
// timeouts, WARC recording.
type recorder struct {
	base    http.RoundTripper
	allowed func(*url.URL) bool
	delay   time.Duration
	timeout time.Duration
	maxBody int64
	w       *warc.Writer
	// robots are stored robots.txt answers (resume), by URL.
	robots map[string]*stored

	mu    sync.Mutex
	hosts map[string]*hostSlot

	// fetched is called after each answered request (status, URL).
	fetched func(status int, u string)
}

type stored struct {
	status int
	header http.Header
	body   []byte
}

type hostSlot struct {
	mu   sync.Mutex
	next time.Time
}

func (rc *recorder) slot(host string) *hostSlot {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	s := rc.hosts[host]
	if s == nil {
		s = &hostSlot{}
		rc.hosts[host] = s
	}
	return s
}

func (rc *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	if !rc.allowed(req.URL) {
		return nil, fmt.Errorf("%w: %s", ErrNotAllowed, req.URL.Redacted())
	}
	if s, ok := rc.robots[req.URL.String()]; ok {
		return &http.Response{StatusCode: s.status, Status: strconv.Itoa(s.status) + " " + http.StatusText(s.status), Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header: s.header.Clone(), Body: io.NopCloser(bytes.NewReader(s.body)), ContentLength: int64(len(s.body)), Request: req}, nil
	}
	meta := map[string]string{}
	out := req.Clone(req.Context())
	if d := out.Header.Get(hDepth); d != "" {
		meta["depth"] = d
	}
	if v := out.Header.Get(hVia); v != "" {
		meta["via"] = v
	}
	out.Header.Del(hDepth)
	out.Header.Del(hVia)

	slot := rc.slot(req.URL.Host)
	slot.mu.Lock()
	defer slot.mu.Unlock()
	if wait := time.Until(slot.next); wait > 0 {
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-req.Context().Done():
			t.Stop()
			return nil, req.Context().Err()
		}
	}
	if err := req.Context().Err(); err != nil {
		return nil, err // stopped while waiting for the host: never sent
	}
	defer func() { slot.next = time.Now().Add(rc.delay) }()
	// A fetch once sent is finished and recorded even when the crawl is
	// stopped meanwhile (within its timeout), so that a resumed crawl
	// does not request it again.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(req.Context()), rc.timeout)
	defer cancel()
	out = out.WithContext(ctx)
	start := time.Now()
	resp, err := rc.base.RoundTrip(out)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, rc.maxBody+1))
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	if int64(len(body)) > rc.maxBody {
		body = body[:rc.maxBody]
		meta["truncated"] = "length"
	}
	meta["fetch-ms"] = strconv.FormatInt(time.Since(start).Milliseconds(), 10)
	if loc := resp.Header.Get("Location"); loc != "" && resp.StatusCode >= 300 && resp.StatusCode < 400 {
		meta["redirect"] = loc
	}
	if resp.Uncompressed {
		resp.Header.Del("Content-Encoding")
	}
	x := &warc.Exchange{URL: req.URL.String(), Date: time.Now(), Method: req.Method, RequestHeader: out.Header,
		Status: resp.StatusCode, Proto: resp.Proto, Header: resp.Header, Body: body, Metadata: meta}
	if err := rc.w.WriteExchange(x); err != nil {
		return nil, err
	}
	if rc.fetched != nil {
		rc.fetched(resp.StatusCode, req.URL.String())
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	resp.ContentLength = int64(len(body))
	return resp, nil
}
