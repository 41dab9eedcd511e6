package main

import (
	"flag"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/warc"
)

// loadSOD loads the SOD at sodPath and builds its recognizers, opening the
// dictionary store in dictDir (default: dictionaries.DefaultDir) read-only
// when the SOD has dictionary recognizers. The returned function releases
// the store.
func (m *Main) loadSOD(sodPath, dictDir string) (*sod.SOD, map[string]recognizers.Recognizer, func() error, error) {
	s, err := sod.Load(sodPath)
	if err != nil {
		return nil, nil, nil, err
	}
	if !usesDictionaries(s) {
		recs, err := recognizers.ForSOD(s, nil)
		if err != nil {
			return nil, nil, nil, err
		}
		return s, recs, func() error { return nil }, nil
	}
	store, err := m.openStore(dictDir, true)
	if err != nil {
		return nil, nil, nil, err
	}
	recs, err := recognizers.ForSOD(s, store)
	if err != nil {
		store.Close()
		return nil, nil, nil, err
	}
	return s, recs, store.Close, nil
}

// usesDictionaries reports whether any entity type of s has a dictionary recognizer.
func usesDictionaries(s *sod.SOD) bool {
	for _, t := range s.Entities() {
		if t.Recognizer != nil && t.Recognizer.Kind == sod.Dictionary {
			return true
		}
	}
	return false
}

// openStore opens the dictionary store in dir (default: the per-user one).
func (m *Main) openStore(dir string, readOnly bool) (*dictionaries.Store, error) {
	if dir == "" {
		d, err := dictionaries.DefaultDir()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	store, err := dictionaries.Open(dir, &dictionaries.Options{ReadOnly: readOnly})
	if err != nil {
		return nil, fmt.Errorf("dictionary store: %w", err)
	}
	return store, nil
}

// baseURLFlag adds --base-url, the base of relative URLs in pages without a
// <base href> (attribute values href and src).
func baseURLFlag(fs *flag.FlagSet) *string {
	return fs.String("base-url", "", "resolve relative links (attr = \"href\" or \"src\") of pages without a <base href>\nagainst this absolute URL")
}

// checkBaseURL validates a --base-url value.
func checkBaseURL(s string) error {
	if s == "" {
		return nil
	}
	u, err := url.Parse(s)
	if err != nil || !u.IsAbs() || u.Host == "" {
		return usagef("--base-url %q: want an absolute URL such as https://example.com/books/", s)
	}
	return nil
}

// sourceHelp is the help of --source for commands that read pages.
const sourceHelp = "source: a directory or glob of pages, or WARC files (.warc, .warc.gz: one, a glob,\nor several separated by commas) whose HTML responses are the pages (required)"

// warcFlags adds --host, --url and --url-exclude, which select the pages
// of a WARC source; the returned function builds the filter.
func warcFlags(fs *flag.FlagSet) func() (warc.Filter, error) {
	hosts := fs.String("host", "", "WARC source: only pages of these hosts (comma-separated) and their subdomains")
	include := fs.String("url", "", "WARC source: only pages whose URL matches this regular expression (RE2)")
	exclude := fs.String("url-exclude", "", "WARC source: leave out pages whose URL matches this regular expression")
	return func() (warc.Filter, error) {
		var f warc.Filter
		for _, h := range strings.Split(*hosts, ",") {
			if h = strings.TrimSpace(h); h != "" {
				f.Hosts = append(f.Hosts, h)
			}
		}
		var err error
		if *include != "" {
			if f.Include, err = regexp.Compile(*include); err != nil {
				return f, usagef("--url: %v", err)
			}
		}
		if *exclude != "" {
			if f.Exclude, err = regexp.Compile(*exclude); err != nil {
				return f, usagef("--url-exclude: %v", err)
			}
		}
		return f, nil
	}
}
