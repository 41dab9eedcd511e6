package main

import (
	"flag"
	"fmt"
	"net/url"

	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
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
