package repository

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/numeric"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/objectrunner/objectrunner/sod"
)

// Reader is a consistent snapshot of a repository: the manifest read when
// it was opened and the indexes it names, opened read-only. Writers never
// change an index a Reader has open (they write new ones and swap the
// manifest), so a Reader is never blocked by a writer and never sees half a
// source. Its methods are safe for concurrent use.
type Reader struct {
	dir      string
	manifest *Manifest
	sods     map[string]*SODInfo
	indexes  map[*SourceEntry]bleve.Index

	confMu sync.Mutex
	// confOver records, per index, whether it holds an object of
	// confidence above 1 (found once, when a ranking first needs it).
	confOver map[*SourceEntry]bool

	keysMu sync.Mutex
	// allKeys holds, per index snapshot and k.PATH field, the keys of every
	// document by internal ID (the build side of a join reads them from the
	// field's whole dictionary once; the indexes are read-only, so a
	// snapshot's internal IDs never change).
	allKeys map[allKeysID]map[string][]string
	// confs holds the confidences of each index snapshot's documents
	// (cachedConfs).
	confs map[index.IndexReader][]float64
}

// cachedConfs returns the confidence of every document of ir by internal
// ID (0 for a document without one), read from the conf doc values the
// first time: afterwards a ranking reads a match's confidence from memory,
// without decompressing doc-value chunks (8 bytes per object; the indexes
// are read-only, so a snapshot's internal IDs never change). ok is false
// for an index that is not a scorch snapshot.
func (r *Reader) cachedConfs(ir index.IndexReader) ([]float64, bool, error) {
	is, ok := ir.(*scorch.IndexSnapshot)
	if !ok {
		return nil, false, nil
	}
	r.keysMu.Lock()
	c, ok := r.confs[ir]
	r.keysMu.Unlock()
	if ok {
		return c, true, nil
	}
	n := uint64(0)
	for _, ss := range is.Segments() {
		n += ss.Segment().Count()
	}
	dvr, err := ir.DocValueReader([]string{fieldConf})
	if err != nil {
		return nil, false, err
	}
	c = make([]float64, n)
	var id [8]byte
	for i := range c {
		binary.BigEndian.PutUint64(id[:], uint64(i))
		err := dvr.VisitDocValues(id[:], func(field string, term []byte) {
			if field == fieldConf {
				if v, ok := confTerm(term); ok {
					c[i] = v
				}
			}
		})
		if err != nil {
			return nil, false, err
		}
	}
	r.keysMu.Lock()
	if r.confs == nil {
		r.confs = map[index.IndexReader][]float64{}
	}
	r.confs[ir] = c
	r.keysMu.Unlock()
	return c, true, nil
}

// confTerm decodes a conf doc-value term: the full-precision one (shift
// 0), as Bleve's number sort takes it; ok is false for the other terms.
func confTerm(term []byte) (float64, bool) {
	pc := numeric.PrefixCoded(term)
	if shift, err := pc.Shift(); err == nil && shift == 0 {
		if i, err := pc.Int64(); err == nil {
			return numeric.Int64ToFloat64(i), true
		}
	}
	return 0, false
}

type allKeysID struct {
	ir    index.IndexReader
	field string
}

// cachedKeys returns the keys of every document of ir's field, read by
// read the first time.
func (r *Reader) cachedKeys(ir index.IndexReader, field string, read func() (map[string][]string, error)) (map[string][]string, error) {
	id := allKeysID{ir, field}
	r.keysMu.Lock()
	m, ok := r.allKeys[id]
	r.keysMu.Unlock()
	if ok {
		return m, nil
	}
	m, err := read()
	if err != nil {
		return nil, err
	}
	r.keysMu.Lock()
	if r.allKeys == nil {
		r.allKeys = map[allKeysID]map[string][]string{}
	}
	r.allKeys[id] = m
	r.keysMu.Unlock()
	return m, nil
}

// confAtMostOne reports whether every object of the entries' indexes has
// a confidence of at most 1, so that a BM25 score bounds score ×
// confidence (topScores then reads the confidence of a match only when
// its score could place it among the best). An index is asked once, by a
// count of its objects of confidence above 1 (a range of the conf terms).
func (r *Reader) confAtMostOne(ctx context.Context, entries []*SourceEntry) (bool, error) {
	r.confMu.Lock()
	defer r.confMu.Unlock()
	if r.confOver == nil {
		r.confOver = map[*SourceEntry]bool{}
	}
	one := 1.0
	for _, e := range entries {
		over, ok := r.confOver[e]
		if !ok {
			idx, found := r.indexes[e]
			if !found {
				continue
			}
			res, err := runSearch(ctx, bleve.NewIndexAlias(idx), countRequest(numericRange(fieldConf, OpGt, one)))
			if err != nil {
				return false, err
			}
			over = res.Total > 0
			r.confOver[e] = over
		}
		if over {
			return false, nil
		}
	}
	return true, nil
}

// SODInfo is an SOD of the repository with its queryable fields.
type SODInfo struct {
	Name   string
	SOD    *sod.SOD
	Fields []Field
	byPath map[string]Field
}

// Field returns the field at path, if the SOD has one.
func (s *SODInfo) Field(path string) (Field, bool) {
	f, ok := s.byPath[path]
	return f, ok
}

// ErrNoRepository is returned by OpenReader for a directory that holds no
// repository.
var ErrNoRepository = errors.New("no repository")

// OpenReader opens a snapshot of the repository in dir. When a writer
// removes an index between the manifest being read and the index being
// opened, the manifest is read again.
func OpenReader(dir string) (*Reader, error) {
	if _, err := os.Stat(filepath.Join(dir, manifestFile)); err != nil {
		return nil, fmt.Errorf("%s: %w (index sources with 'objectrunner run --repo' or 'extract --repo')", dir, ErrNoRepository)
	}
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		m, err := readManifest(dir)
		if err != nil {
			return nil, err
		}
		r, err := openReader(dir, m)
		if err == nil {
			return r, nil
		}
		lastErr = err
		// Retry only when a writer committed meanwhile.
		if now, merr := readManifest(dir); merr != nil || now.Generation == m.Generation {
			break
		}
	}
	return nil, lastErr
}

func openReader(dir string, m *Manifest) (*Reader, error) {
	r := &Reader{dir: dir, manifest: m, sods: map[string]*SODInfo{}, indexes: map[*SourceEntry]bleve.Index{}}
	for name, e := range m.SODs {
		s, err := sod.Parse(e.File, []byte(e.Text))
		if err != nil {
			return nil, fmt.Errorf("repository %s: SOD %s: %w", dir, name, err)
		}
		info := &SODInfo{Name: name, SOD: s, Fields: Fields(s), byPath: map[string]Field{}}
		for _, f := range info.Fields {
			info.byPath[f.Path] = f
		}
		r.sods[name] = info
	}
	for _, e := range m.Sources {
		path := filepath.Join(dir, indexDir, e.Index)
		if _, err := os.Stat(filepath.Join(path, "index_meta.json")); err != nil {
			r.Close()
			return nil, fmt.Errorf("repository %s: index of source %s: %w", dir, e.Name, err)
		}
		idx, err := bleve.OpenUsing(path, map[string]interface{}{"read_only": true})
		if err != nil {
			r.Close()
			return nil, fmt.Errorf("repository %s: opening the index of source %s: %w", dir, e.Name, err)
		}
		r.indexes[e] = idx
	}
	return r, nil
}

// Close closes the indexes.
func (r *Reader) Close() error {
	var errs []error
	for e, idx := range r.indexes {
		if err := idx.Close(); err != nil {
			errs = append(errs, err)
		}
		delete(r.indexes, e)
	}
	r.keysMu.Lock()
	r.allKeys, r.confs = nil, nil
	r.keysMu.Unlock()
	return errors.Join(errs...)
}

// Dir returns the repository directory.
func (r *Reader) Dir() string { return r.dir }

// Generation returns the manifest generation of the snapshot.
func (r *Reader) Generation() int64 { return r.manifest.Generation }

// Stale reports whether the repository changed since the snapshot was
// taken (a writer committed).
func (r *Reader) Stale() bool {
	m, err := readManifest(r.dir)
	return err == nil && m.Generation != r.manifest.Generation
}

// SODs returns the names of the repository's SODs, sorted.
func (r *Reader) SODs() []string {
	out := make([]string, 0, len(r.sods))
	for n := range r.sods {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// SOD returns the SOD called name, or nil.
func (r *Reader) SOD(name string) *SODInfo { return r.sods[name] }

// Sources returns the sources of an SOD (all sources when sodName is ""),
// sorted by SOD and name.
func (r *Reader) Sources(sodName string) []*SourceEntry {
	var out []*SourceEntry
	for _, e := range r.manifest.Sources {
		if sodName == "" || e.SOD == sodName {
			out = append(out, e)
		}
	}
	return out
}

// Source returns the entry of a source of an SOD, or nil.
func (r *Reader) Source(sodName, source string) *SourceEntry {
	return r.manifest.find(sodName, source)
}

// Count returns the number of objects the index of a source holds.
func (r *Reader) Count(e *SourceEntry) (uint64, error) {
	idx, ok := r.indexes[e]
	if !ok {
		return 0, fmt.Errorf("repository: source %s is not in this snapshot", e.Name)
	}
	return idx.DocCount()
}

// PagePath returns the file of a page of a source, checking that the page
// stays inside the source's root.
func (r *Reader) PagePath(e *SourceEntry, page string) (string, error) {
	clean := filepath.Clean(filepath.FromSlash(page))
	if filepath.IsAbs(clean) || clean == "." || clean == ".." || len(clean) > 2 && clean[:3] == ".."+string(filepath.Separator) {
		return "", fmt.Errorf("page %q is outside source %s", page, e.Name)
	}
	return filepath.Join(e.Root, clean), nil
}

// HasPage reports whether the repository holds an object of page in the
// source e (only such pages are served by `serve`).
func (r *Reader) HasPage(ctx context.Context, e *SourceEntry, page string) (bool, error) {
	idx, ok := r.indexes[e]
	if !ok {
		return false, nil
	}
	req := bleve.NewSearchRequestOptions(termQuery(fieldPage, page), 0, 0, false)
	req.Score = noScore
	res, err := idx.SearchInContext(ctx, req)
	if err != nil {
		return false, err
	}
	return res.Total > 0, nil
}

// OpenPage opens a page of a source for reading, inside the source's root
// (os.Root): a path or a symbolic link that leads out of the root is
// refused. Errors name the page and the source, never the root's absolute
// path.
func (r *Reader) OpenPage(e *SourceEntry, page string) (*os.File, error) {
	if _, err := r.PagePath(e, page); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(e.Root)
	if err != nil {
		return nil, fmt.Errorf("source %s: its directory cannot be opened: %w", e.Name, pathless(err))
	}
	defer root.Close()
	f, err := root.Open(filepath.Clean(filepath.FromSlash(page)))
	if err != nil {
		return nil, fmt.Errorf("page %s of source %s: %w", page, e.Name, pathless(err))
	}
	return f, nil
}

// pathless drops the path of an *os.PathError, keeping what went wrong.
func pathless(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// globalStats returns the BM25 statistics of the fields q reads, summed
// over the indexes of entries, so that relevance is comparable across
// sources (a word frequent in one source is not frequent everywhere).
// Bleve's own pre-search (search.GlobalScoring) would gather them too, but
// it needs one mapping for every index, and in Bleve v2.5.7 it fails on a
// filter holding a disjunction ("field stat for bm25 not present *": the
// optimised disjunction searcher names its field "*"), so the statistics
// are computed here and passed with the request; "*" gets an entry as well.
func (r *Reader) globalStats(entries []*SourceEntry, q query.Query) (*search.BM25Stats, error) {
	// The mapping only names the default field, which queries never use.
	fs, err := query.ExtractFields(q, bleve.NewIndexMapping(), nil)
	if err != nil {
		return nil, err
	}
	st := &search.BM25Stats{FieldCardinality: map[string]int{"*": 1}}
	for _, e := range entries {
		idx, ok := r.indexes[e]
		if !ok {
			continue
		}
		adv, err := idx.Advanced()
		if err != nil {
			return nil, err
		}
		ir, err := adv.Reader()
		if err != nil {
			return nil, err
		}
		n, err := ir.DocCount()
		if err != nil {
			ir.Close()
			return nil, err
		}
		st.DocCount += float64(n)
		if br, ok := ir.(index.BM25Reader); ok {
			for f := range fs {
				c, err := br.FieldCardinality(f)
				if err != nil {
					ir.Close()
					return nil, err
				}
				st.FieldCardinality[f] += c
			}
		}
		if err := ir.Close(); err != nil {
			return nil, err
		}
	}
	for f := range fs {
		if _, ok := st.FieldCardinality[f]; !ok {
			st.FieldCardinality[f] = 0
		}
	}
	return st, nil
}

// withStats attaches global statistics to a scoring request.
func (r *Reader) withStats(req *bleve.SearchRequest, entries []*SourceEntry) error {
	st, err := r.globalStats(entries, req.Query)
	if err != nil {
		return err
	}
	req.PreSearchData = map[string]interface{}{search.BM25PreSearchDataKey: st}
	return nil
}

// alias returns one index over the given sources.
func (r *Reader) alias(entries []*SourceEntry) bleve.IndexAlias {
	var idxs []bleve.Index
	for _, e := range entries {
		if idx, ok := r.indexes[e]; ok {
			idxs = append(idxs, idx)
		}
	}
	return bleve.NewIndexAlias(idxs...)
}
