package dictionaries

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/blevesearch/bleve/v2"

	"github.com/objectrunner/objectrunner/recognizers"
)

// Recognizer returns the isInstanceOf recognizer of class (it implements
// recognizers.Dictionaries). The first call for a class maps its matcher
// file into the store's Matcher (building the file from Bleve if needed);
// later growth through this Store updates the Matcher, so the recognizer
// sees it. An unknown class is an
// error that lists the classes the store holds.
func (s *Store) Recognizer(class string) (recognizers.Recognizer, error) {
	if err := s.load(class); err != nil {
		return nil, err
	}
	return s.matcher.Recognizer(class)
}

var _ recognizers.Dictionaries = (*Store)(nil)

// Matcher returns the store's in-memory Matcher with classes loaded (every
// class of the store when none is given). The Matcher is shared: classes
// loaded later and entries grown later appear in it.
func (s *Store) Matcher(classes ...string) (*Matcher, error) {
	if len(classes) == 0 {
		var err error
		if classes, err = s.Classes(); err != nil {
			return nil, err
		}
	}
	for _, c := range classes {
		if err := s.load(c); err != nil {
			return nil, err
		}
	}
	return s.matcher, nil
}

// load adds class to the Matcher, once: it maps the class's matcher file
// (<store>/<class>.fst) when the file is whole and matches the index (same
// document count), else rebuilds the file from the index first. A file
// that cannot be written (a read-only store) is built in memory instead.
func (s *Store) load(class string) error {
	if s.matcher.Has(class) {
		return nil
	}
	idx, err := s.index(class, false)
	if err != nil {
		return err
	}
	s.mu.Lock() // one loader at a time; Find keeps running meanwhile
	defer s.mu.Unlock()
	if s.matcher.Has(class) {
		return nil
	}
	fc, err := s.openFST(idx, class)
	if err != nil {
		return err
	}
	s.matcher.attach(class, fc)
	return nil
}

// openFST opens the matcher file of class, rebuilding it from idx when it
// is missing, stale or corrupt. The caller holds s.mu.
func (s *Store) openFST(idx bleve.Index, class string) (*fstClass, error) {
	docs, err := s.signatureLocked(idx, class)
	if err != nil {
		return nil, fmt.Errorf("loading class %s: %w", class, err)
	}
	path := fstPath(s.data, class)
	fc, err := openFSTFile(path, int64(docs))
	if err == nil {
		return fc, nil
	}
	var mfe *MatcherFileError
	if !errors.Is(err, fs.ErrNotExist) && !errors.As(err, &mfe) {
		return nil, fmt.Errorf("loading class %s: %w", class, err)
	}
	es, err := s.classEntriesLocked(idx, class)
	if err != nil {
		return nil, err
	}
	if werr := writeFSTFileFrom(path, es, docs); werr == nil {
		if fc, err := openFSTFile(path, int64(docs)); err == nil {
			delete(s.fstDirty, class)
			return fc, nil
		}
	}
	// A store or snapshot that cannot be written: build it in memory.
	if es, err = s.classEntriesLocked(idx, class); err != nil {
		return nil, err
	}
	return buildFSTMemory(es)
}

// signatureLocked returns what a matcher file of class is checked against:
// the document count of its Bleve index plus the entries of its bulk
// segments (both only grow; a store without segments keeps the plain
// document count its files were built with). The caller holds s.mu.
func (s *Store) signatureLocked(idx bleve.Index, class string) (uint64, error) {
	docs, err := idx.DocCount()
	if err != nil {
		return 0, err
	}
	n, err := bulkEntryCount(filepath.Join(s.data, class))
	if err != nil {
		return 0, err
	}
	return docs + n, nil
}

// classEntriesLocked returns the matcher entries of class, in order: its
// bulk segments' names, read from the segments one at a time as the
// matcher is built (not gathered in memory), and its Bleve documents,
// which win over a segment's record of the same name. The caller holds
// s.mu.
func (s *Store) classEntriesLocked(idx bleve.Index, class string) (fstEntries, error) {
	bs, err := s.classBulkLocked(class)
	if err != nil {
		return nil, err
	}
	var lists []fstEntries
	for _, g := range bs.segs {
		i := 0
		lists = append(lists, func() (fstEntry, bool, error) {
			if i >= g.entries {
				return fstEntry{}, false, nil
			}
			norm, _, _, conf, err := g.record(uint64(i))
			if err != nil {
				return fstEntry{}, false, err
			}
			i++
			return fstEntry{norm: norm, conf: float32(MatchConfidence(norm, conf))}, true, nil
		})
	}
	bl, err := readClassEntries(idx, class)
	if err != nil {
		return nil, err
	}
	return mergeFSTSources(append(lists, sliceEntries(bl))), nil
}

// mergeFSTSources merges sources each sorted by norm and unique into one,
// lazily; of equal norms the one of the last source wins.
func mergeFSTSources(srcs []fstEntries) fstEntries {
	heads := make([]fstEntry, len(srcs))
	live := make([]bool, len(srcs))
	started := false
	return func() (fstEntry, bool, error) {
		if !started {
			started = true
			for i, src := range srcs {
				e, ok, err := src()
				if err != nil {
					return fstEntry{}, false, err
				}
				heads[i], live[i] = e, ok
			}
		}
		best := -1
		for i := range srcs {
			if live[i] && (best < 0 || heads[i].norm <= heads[best].norm) {
				best = i
			}
		}
		if best < 0 {
			return fstEntry{}, false, nil
		}
		e := heads[best]
		for i, src := range srcs {
			if live[i] && heads[i].norm == e.norm {
				h, ok, err := src()
				if err != nil {
					return fstEntry{}, false, err
				}
				heads[i], live[i] = h, ok
			}
		}
		return e, true, nil
	}
}

// readClassEntries reads the norm and conf doc values of every live
// document of a class index (no stored-field decoding, no query per
// entry), sorted by norm for buildFST.
func readClassEntries(idx bleve.Index, class string) ([]fstEntry, error) {
	r, err := indexReader(idx)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	ids, err := r.DocIDReaderAll()
	if err != nil {
		return nil, err
	}
	defer ids.Close()
	dv, err := r.DocValueReader([]string{fieldNorm, fieldConf})
	if err != nil {
		return nil, err
	}
	n, _ := r.DocCount()
	all := make([]fstEntry, 0, n)
	for {
		id, err := ids.Next()
		if err != nil {
			return nil, fmt.Errorf("loading class %s: %w", class, err)
		}
		if id == nil {
			break
		}
		var norm string
		var conf float64
		err = dv.VisitDocValues(id, func(field string, term []byte) {
			switch field {
			case fieldNorm:
				norm = string(term)
			case fieldConf:
				conf, _ = strconv.ParseFloat(string(term), 64)
			}
		})
		if err != nil {
			return nil, fmt.Errorf("loading class %s: %w", class, err)
		}
		if norm != "" {
			all = append(all, fstEntry{norm: norm, conf: float32(MatchConfidence(norm, conf))})
		}
	}
	return sortFSTEntries(all), nil
}

// markChanged records, before a batch is written to class, that its
// matcher file no longer reflects the index: the file is removed (a
// process killed from here on leaves none, and the next load rebuilds it)
// and Close rebuilds it. A Matcher holding the class keeps its mapping and
// learns the batch's entries (learn).
func (s *Store) markChanged(class string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fstDirty[class] {
		return nil
	}
	if err := os.Remove(fstPath(s.dir, class)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("dictionary class %s: %w", class, err)
	}
	s.fstDirty[class] = true
	return nil
}

// rebuildChanged rebuilds the matcher file of every class written through
// this Store. The caller holds s.mu, with the class indexes still open.
func (s *Store) rebuildChanged() error {
	var errs []error
	for class := range s.fstDirty {
		idx, ok := s.indexes[class]
		if !ok {
			continue // never opened: nothing written
		}
		docs, err := s.signatureLocked(idx, class)
		if err == nil {
			var es fstEntries
			if es, err = s.classEntriesLocked(idx, class); err == nil {
				err = writeFSTFileFrom(fstPath(s.dir, class), es, docs)
			}
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("dictionary class %s: matcher file: %w", class, err))
			continue
		}
		delete(s.fstDirty, class)
	}
	return errors.Join(errs...)
}

// learn adds entries just written to class to the Matcher, if the class is
// loaded there (a class not loaded yet is read whole when first needed).
func (s *Store) learn(class string, es []*Entry) {
	s.learnEach(class, len(es), func(i int) (string, float64) { return es[i].Norm, es[i].Confidence })
}

// learnItems is learn for the names of a bulk segment just written.
func (s *Store) learnItems(class string, its []bulkItem) {
	s.learnEach(class, len(its), func(i int) (string, float64) { return its[i].norm, its[i].conf })
}

// learnEach adds the n names at(0), …, at(n-1) (normalized form and
// confidence) to class in the Matcher, if the class is loaded there.
func (s *Store) learnEach(class string, n int, at func(i int) (string, float64)) {
	if !s.matcher.Has(class) {
		return
	}
	m := s.matcher
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.classLocked(class)
	for i := range n {
		norm, conf := at(i)
		m.addLocked(c, norm, conf)
	}
}
