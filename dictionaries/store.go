package dictionaries

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/whitespace"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"
)

// DirEnv names the environment variable that overrides the default store
// directory.
const DirEnv = "OBJECTRUNNER_DICT_DIR"

// DefaultDir returns the store directory used when none is given:
// $OBJECTRUNNER_DICT_DIR if set, else <user cache dir>/objectrunner/dictionaries
// (on Linux $XDG_CACHE_HOME or ~/.cache). Dictionaries are rebuilt from word
// lists and extraction output, so they are cache, not irreplaceable data.
func DefaultDir() (string, error) {
	if d := os.Getenv(DirEnv); d != "" {
		return d, nil
	}
	c, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no dictionary directory: set %s (%v)", DirEnv, err)
	}
	return filepath.Join(c, "objectrunner", "dictionaries"), nil
}

// ErrInUse is matched (errors.Is) by the error Open returns when another
// process, or another Store in this process, holds the dictionary.
var ErrInUse = errors.New("dictionary in use by another process")

// InUseError says which directory is held and, if known, by which process.
type InUseError struct {
	Dir string
	PID int // 0 when unknown
}

func (e *InUseError) Error() string {
	if e.PID > 0 {
		return fmt.Sprintf("dictionary %s is in use by another process (pid %d?): one process at a time writes a store; retry when it has finished", e.Dir, e.PID)
	}
	return fmt.Sprintf("dictionary %s is in use by another process: one process at a time writes a store; retry when it has finished", e.Dir)
}

// Is makes errors.Is(err, ErrInUse) true.
func (e *InUseError) Is(target error) bool { return target == ErrInUse }

// Options tune Open. The zero value opens for writing with defaults.
type Options struct {
	// ReadOnly opens the store for reading: many readers may share it, but
	// not with a writer.
	ReadOnly bool
	// LockTimeout is how long Open waits for another holder to let go before
	// returning an *InUseError (default 1s).
	LockTimeout time.Duration
	// BatchSize is how many entries one write batch holds (default 10000
	// for grown entries; an import gathers DefaultBulkSize new names into
	// one bulk segment unless BatchSize is set). A batch is durable when
	// the call that wrote it moves on.
	BatchSize int
	// ImportConfidence is the confidence given to imported entries that carry
	// none (default 0.8: word lists are noisy).
	ImportConfidence float64
	// Now returns the time recorded in entries (default time.Now).
	Now func() time.Time
}

// Store is a set of dictionary classes on disk, one Bleve (scorch) index
// per class, and the in-memory Matcher built from them. Its methods are safe
// for concurrent use.
type Store struct {
	bulkSize int // names per bulk segment of an import
	dir      string
	data     string // where the class indexes are: dir, or a reader's snapshot
	opts     Options
	lock     *os.File // the store's LOCK, or a reader's snapshot READERS file

	wrote atomic.Bool // a writer changed the store: publish a snapshot on Close

	mu        sync.Mutex
	indexes   map[string]bleve.Index
	nameClass map[string]bool // Grow's verdict per class, computed once
	fstDirty  map[string]bool // classes written since their matcher file was built
	matcher   *Matcher
	bulk      map[string]*bulkSet // open bulk segments per class
	noBulk    bool                // imports write Bleve documents only (tests)
}

// Open opens (for writing, creating it if needed) or, with opts.ReadOnly,
// opens for reading the store in dir. opts may be nil.
func Open(dir string, opts *Options) (*Store, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.LockTimeout <= 0 {
		o.LockTimeout = time.Second
	}
	bulkSize := o.BatchSize
	if bulkSize <= 0 {
		bulkSize = DefaultBulkSize
	}
	if o.BatchSize <= 0 {
		o.BatchSize = 10000
	}
	if o.ImportConfidence <= 0 || o.ImportConfidence > 1 {
		o.ImportConfidence = 0.8
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	newStore := func(data string, lock *os.File) *Store {
		return &Store{bulkSize: bulkSize, dir: dir, data: data, opts: o, lock: lock, indexes: map[string]bleve.Index{}, nameClass: map[string]bool{}, fstDirty: map[string]bool{}, matcher: NewMatcher(), bulk: map[string]*bulkSet{}}
	}
	if o.ReadOnly {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return nil, fmt.Errorf("no dictionary at %s (import a word list first)", dir)
		}
		// Readers read the last snapshot, never waiting for a writer; a
		// store without a usable one is read live, beside other readers.
		if gen, lk, err := openSnapshot(dir); err == nil && gen != "" {
			return newStore(gen, lk), nil
		}
	} else {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("dictionary directory: %w", err)
		}
		if err := checkWritable(dir); err != nil {
			return nil, err
		}
	}
	lk, err := lockDir(dir, !o.ReadOnly, o.LockTimeout)
	if err != nil {
		if o.ReadOnly && errors.Is(err, ErrInUse) {
			// A writer that just opened a store without a snapshot makes one.
			if gen, slk, serr := openSnapshot(dir); serr == nil && gen != "" {
				return newStore(gen, slk), nil
			}
		}
		return nil, err
	}
	s := newStore(dir, lk)
	if !o.ReadOnly {
		if cs, err := s.Classes(); err == nil && needsSnapshot(dir) {
			if err := publishSnapshot(dir, cs); err != nil {
				unlockDir(lk)
				return nil, fmt.Errorf("dictionary %s: snapshot for readers: %w", dir, err)
			}
		}
	}
	return s, nil
}

// checkWritable fails with a clear message when dir cannot be written.
func checkWritable(dir string) error {
	f, err := os.CreateTemp(dir, ".probe-*")
	if err != nil {
		return fmt.Errorf("dictionary %s is not writable (%v): open it read-only or give write permission", dir, errors.Unwrap(err))
	}
	f.Close()
	return os.Remove(f.Name())
}

// written records that a writer changes the store: readers' snapshot is
// stale until Close publishes a new one (a DIRTY mark says so meanwhile).
func (s *Store) written() error {
	if s.wrote.Load() {
		return nil
	}
	if err := markDirty(s.dir); err != nil {
		return fmt.Errorf("dictionary %s: %w", s.dir, err)
	}
	s.wrote.Store(true)
	return nil
}

// Dir returns the store's directory.
func (s *Store) Dir() string { return s.dir }

// ReadOnly reports whether the store was opened for reading only.
func (s *Store) ReadOnly() bool { return s.opts.ReadOnly }

// Close closes every open class index and releases the directory lock.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var errs []error
	if s.lock != nil && !s.opts.ReadOnly {
		if err := s.rebuildChanged(); err != nil {
			errs = append(errs, err)
		}
	}
	for c, idx := range s.indexes {
		if err := idx.Close(); err != nil {
			errs = append(errs, fmt.Errorf("closing class %s: %w", c, err))
		}
		delete(s.indexes, c)
	}
	clear(s.bulk)
	if s.lock != nil && s.wrote.Load() && len(errs) == 0 {
		// Nothing is open: publish what was written for readers.
		cs, err := s.Classes()
		if err == nil {
			err = publishSnapshot(s.dir, cs)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("dictionary %s: snapshot for readers: %w", s.dir, err))
		}
	}
	if s.lock != nil {
		if err := unlockDir(s.lock); err != nil {
			errs = append(errs, err)
		}
		s.lock = nil
	}
	return errors.Join(errs...)
}

// Classes lists the store's classes, sorted.
func (s *Store) Classes() ([]string, error) {
	des, err := os.ReadDir(s.data)
	if err != nil {
		return nil, err
	}
	var cs []string
	for _, d := range des {
		if !d.IsDir() {
			continue
		}
		if _, err := os.Stat(filepath.Join(s.data, d.Name(), "index_meta.json")); err == nil {
			cs = append(cs, d.Name())
		}
	}
	sort.Strings(cs)
	return cs, nil
}

// ValidClass reports whether name can name a class: letters, digits, '_',
// '-' and '.', not starting with '.'.
func ValidClass(name string) error {
	if name == "" {
		return errors.New("empty class name")
	}
	if name[0] == '.' {
		return fmt.Errorf("class name %q starts with '.'", name)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return fmt.Errorf("class name %q: only letters, digits, '_', '-' and '.' are allowed", name)
		}
	}
	return nil
}

// unknownClass returns the error for a class the store does not hold.
func (s *Store) unknownClass(class string) error {
	cs, _ := s.Classes()
	if len(cs) == 0 {
		return fmt.Errorf("no dictionary class %q in %s (it holds no class yet)", class, s.dir)
	}
	return fmt.Errorf("no dictionary class %q in %s (classes: %s)", class, s.dir, strings.Join(cs, ", "))
}

// index returns the open index of class, opening it; create allows creating
// it when the store is writable.
func (s *Store) index(class string, create bool) (bleve.Index, error) {
	if err := ValidClass(class); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lock == nil {
		return nil, errors.New("dictionary store is closed")
	}
	if idx, ok := s.indexes[class]; ok {
		return idx, nil
	}
	path := filepath.Join(s.data, class)
	cfg := map[string]interface{}{"bolt_timeout": s.opts.LockTimeout.String()}
	if s.opts.ReadOnly {
		cfg["read_only"] = true
	}
	var idx bleve.Index
	_, statErr := os.Stat(filepath.Join(path, "index_meta.json"))
	switch {
	case statErr == nil:
		var err error
		idx, err = bleve.OpenUsing(path, cfg)
		if err != nil {
			return nil, fmt.Errorf("opening dictionary class %s: %w", class, err)
		}
	case create && !s.opts.ReadOnly:
		if err := s.written(); err != nil {
			return nil, err
		}
		var err error
		idx, err = bleve.NewUsing(path, indexMapping(), scorch.Name, scorch.Name, cfg)
		if err != nil {
			return nil, fmt.Errorf("creating dictionary class %s: %w", class, err)
		}
	default:
		return nil, s.unknownClass(class)
	}
	s.indexes[class] = idx
	return idx, nil
}

// Field names of the indexed documents.
const (
	fieldNorm  = "norm"  // keyword: the normalised entry (exact, fuzzy, prefix)
	fieldWords = "words" // the normalised entry split on spaces (word queries)
	fieldConf  = "conf"  // keyword: confidence, formatted; doc values for the matcher
	fieldEntry = "entry" // stored only: the Entry as JSON
)

// wordsAnalyzer splits normalised text on spaces and nothing else: no stop
// words ("of", "the" matter in names), no stemming.
const wordsAnalyzer = "objectrunner_words"

// indexMapping returns the mapping of a class index. Text is normalised by
// Normalize before it reaches Bleve, so the analyzers only split it.
func indexMapping() mapping.IndexMapping {
	im := bleve.NewIndexMapping()
	if err := im.AddCustomAnalyzer(wordsAnalyzer, map[string]interface{}{
		"type":      custom.Name,
		"tokenizer": whitespace.Name,
	}); err != nil {
		panic(err) // static configuration
	}
	im.DefaultAnalyzer = keyword.Name
	im.StoreDynamic = false
	im.IndexDynamic = false
	im.DocValuesDynamic = false

	dm := bleve.NewDocumentStaticMapping()
	kw := func(docValues bool) *mapping.FieldMapping {
		f := bleve.NewKeywordFieldMapping()
		f.Store = false
		f.IncludeInAll = false
		f.IncludeTermVectors = false
		f.DocValues = docValues
		return f
	}
	dm.AddFieldMappingsAt(fieldNorm, kw(true))
	dm.AddFieldMappingsAt(fieldConf, kw(true))
	words := bleve.NewTextFieldMapping()
	words.Analyzer = wordsAnalyzer
	words.Store = false
	words.IncludeInAll = false
	words.IncludeTermVectors = false
	words.DocValues = false
	dm.AddFieldMappingsAt(fieldWords, words)
	// No composite "_all" field: every query names its field.
	dm.AddSubDocumentMapping("_all", bleve.NewDocumentDisabledMapping())
	entry := bleve.NewTextFieldMapping()
	entry.Index = false
	entry.Store = true
	entry.IncludeInAll = false
	entry.IncludeTermVectors = false
	entry.DocValues = false
	dm.AddFieldMappingsAt(fieldEntry, entry)
	im.DefaultMapping = dm
	return im
}

// entryDoc is what Bleve indexes for an Entry; its document ID is e.Norm.
func entryDoc(e *Entry) (map[string]interface{}, error) {
	js, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	return map[string]interface{}{
		fieldNorm:  e.Norm,
		fieldWords: e.Norm,
		fieldConf:  formatConf(e.Confidence),
		fieldEntry: string(js),
	}, nil
}

// hasDigit reports whether a normalised entry holds an ASCII digit.
func hasDigit(norm string) bool { return strings.ContainsAny(norm, "0123456789") }

func formatConf(c float64) string { return strconv.FormatFloat(c, 'f', 4, 64) }

// readEntry returns the stored entry with ID norm from r, or nil.
func readEntry(r index.IndexReader, norm string) (*Entry, error) {
	d, err := r.Document(norm)
	if err != nil || d == nil {
		return nil, err
	}
	var e *Entry
	d.VisitFields(func(f index.Field) {
		if f.Name() == fieldEntry && e == nil {
			e = new(Entry)
			if jerr := json.Unmarshal(f.Value(), e); jerr != nil {
				err = fmt.Errorf("entry %q: %w", norm, jerr)
			}
		}
	})
	return e, err
}
