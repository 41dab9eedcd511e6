package dictionaries

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	index "github.com/blevesearch/bleve_index_api"
)

// item is one value to merge into a class: an imported line or a grown value.
type item struct {
	original string
	norm     string
	prov     Provenance
	count    int
	conf     float64
}

// batchResult counts the items of a batch by what they did: create an
// entry, change one, or nothing (already recorded).
type batchResult struct {
	New, Updated, Unchanged int
}

// writeBatch merges items into class as one Bleve batch: each item's entry
// is read (or created), observed through the item's provenance, and written
// back only if it changed. With scorch's default (safe) batches, Batch
// returns once the new segment is persisted, so a batch that returned
// survives a crash and one that did not is absent as a whole.
func (s *Store) writeBatch(idx bleve.Index, class string, items []item) (batchResult, []*Entry, error) {
	var res batchResult
	if len(items) == 0 {
		return res, nil, nil
	}
	r, err := indexReader(idx)
	if err != nil {
		return res, nil, err
	}
	defer r.Close()
	// Find which items already have an entry in one pass over the ID
	// dictionaries, then read only those: most imported names are new.
	var existing map[string]bool
	if n, err := r.DocCount(); err != nil || n > 0 {
		if existing, err = existingIDs(r, items); err != nil {
			return res, nil, fmt.Errorf("class %s: %w", class, err)
		}
	}
	bs, err := s.classBulk(class)
	if err != nil {
		return res, nil, fmt.Errorf("class %s: %w", class, err)
	}
	now := s.opts.Now().UTC()
	touched := map[string]*Entry{}
	changed := map[string]bool{}
	var order []string
	for _, it := range items {
		e, ok := touched[it.norm]
		created := false
		if !ok {
			if existing[it.norm] {
				if e, err = readEntry(r, it.norm); err != nil {
					return res, nil, fmt.Errorf("class %s: %w", class, err)
				}
			}
			if e == nil {
				// An entry of a bulk segment: once changed, its Bleve
				// document supersedes the segment's record.
				if e, err = bs.entry(it.norm); err != nil {
					return res, nil, fmt.Errorf("class %s: %w", class, err)
				}
			}
			if e == nil {
				e = &Entry{Original: it.original, Norm: it.norm}
				created = true
			}
			touched[it.norm] = e
			order = append(order, it.norm)
		}
		switch {
		case !e.observe(it.prov, it.count, it.conf, now):
			res.Unchanged++
		case created:
			res.New++
			changed[it.norm] = true
		default:
			res.Updated++
			changed[it.norm] = true
		}
	}
	b := idx.NewBatch()
	var written []*Entry
	for _, n := range order {
		if !changed[n] {
			continue
		}
		e := touched[n]
		doc, err := entryDoc(e)
		if err != nil {
			return res, nil, err
		}
		if err := b.Index(n, doc); err != nil {
			return res, nil, fmt.Errorf("class %s: entry %q: %w", class, e.Original, err)
		}
		written = append(written, e)
	}
	if b.Size() > 0 {
		if err := s.written(); err != nil {
			return res, nil, err
		}
		if err := s.markChanged(class); err != nil {
			return res, nil, err
		}
		if err := idx.Batch(b); err != nil {
			return res, nil, fmt.Errorf("class %s: writing batch: %w", class, err)
		}
	}
	s.learn(class, written)
	return res, written, nil
}

// existingIDs returns the set of item norms that are document IDs in r.
func existingIDs(r index.IndexReader, items []item) (map[string]bool, error) {
	ids := make([]string, 0, len(items))
	for _, it := range items {
		ids = append(ids, it.norm)
	}
	return existingNorms(r, ids)
}

// importBatch merges a batch of imported names into class: names already in
// the class (in Bleve or in a bulk segment) go through writeBatch, the
// others, counted as Entry.observe would count them, into a new bulk
// segment.
func (s *Store) importBatch(idx bleve.Index, class string, prov Provenance, batch []bulkItem) (batchResult, error) {
	var res batchResult
	if len(batch) == 0 {
		return res, nil
	}
	bs, err := s.classBulk(class)
	if err != nil {
		return res, fmt.Errorf("class %s: %w", class, err)
	}
	var inBleve map[string]bool
	if n, err := idx.DocCount(); err != nil || n > 0 {
		r, err := indexReader(idx)
		if err != nil {
			return res, err
		}
		ids := make([]string, len(batch))
		for i, it := range batch {
			ids[i] = it.norm
		}
		inBleve, err = existingNorms(r, ids)
		r.Close()
		if err != nil {
			return res, fmt.Errorf("class %s: %w", class, err)
		}
	}
	var old []item
	if s.noBulk { // the layout before bulk segments (tests compare the two)
		for _, it := range batch {
			old = append(old, item{original: it.original, norm: it.norm, prov: prov, count: it.count, conf: it.conf})
		}
		r, _, err := s.writeBatch(idx, class, old)
		return r, err
	}
	// The names new to the class are kept in place, at the front of
	// batch (no copy of the batch, no map of its names).
	fresh := batch[:0]
	// Norms of segment records that go to writeBatch: a later line of the
	// same name must see what the earlier one changed, so it goes there too.
	var inOld map[string]bool
	pk := prov.key()
	for _, it := range batch {
		if inBleve[it.norm] {
			old = append(old, item{original: it.original, norm: it.norm, prov: prov, count: it.count, conf: it.conf})
			continue
		}
		if g, o, ok := bs.find(it.norm); ok {
			// A record observed again through its own provenance with the
			// same count and no higher confidence is unchanged (what
			// Entry.observe would say): counted here, without reading the
			// record into an Entry (a resumed import re-reads whole
			// segments of these, and held them all as Entries).
			if !inOld[it.norm] && g.provKey == pk {
				_, _, c, conf, err := g.record(o)
				if err != nil {
					return res, err
				}
				if c == it.count && it.conf <= conf {
					res.Unchanged++
					continue
				}
			}
			if inOld == nil {
				inOld = map[string]bool{}
			}
			inOld[it.norm] = true
			old = append(old, item{original: it.original, norm: it.norm, prov: prov, count: it.count, conf: it.conf})
			continue
		}
		fresh = append(fresh, it)
	}
	// The same name again in this batch, through the same provenance: in
	// the order of the lines (a stable sort), the first is new, a later
	// one is unchanged or updates the count (the last) and confidence
	// (the highest), as Entry.observe would count it.
	slices.SortStableFunc(fresh, func(a, b bulkItem) int { return strings.Compare(a.norm, b.norm) })
	u := 0
	for i, it := range fresh {
		if i > 0 && fresh[u-1].norm == it.norm {
			f := &fresh[u-1]
			if it.count == f.count && it.conf <= f.conf {
				res.Unchanged++
				continue
			}
			res.Updated++
			f.count = it.count
			f.conf = max(f.conf, it.conf)
			continue
		}
		fresh[u] = it
		u++
		res.New++
	}
	clear(fresh[u:])
	fresh = fresh[:u]
	if len(old) > 0 {
		r, _, err := s.writeBatch(idx, class, old)
		if err != nil {
			return res, err
		}
		res.New += r.New
		res.Updated += r.Updated
		res.Unchanged += r.Unchanged
	}
	if len(fresh) == 0 {
		return res, nil
	}
	if err := s.written(); err != nil {
		return res, err
	}
	if err := s.markChanged(class); err != nil {
		return res, err
	}
	meta := bulkMeta{Prov: prov, Now: s.opts.Now().UTC().UnixNano()}
	path, err := writeBulkSeg(filepath.Join(s.dir, class), fresh, meta)
	if err != nil {
		return res, fmt.Errorf("class %s: %w", class, err)
	}
	seg, err := openBulkSeg(path)
	if err != nil {
		return res, err
	}
	// A new set: readers holding the old one keep a consistent list.
	s.mu.Lock()
	s.bulk[class] = &bulkSet{segs: append(slices.Clip(bs.segs), seg)}
	s.mu.Unlock()
	s.learnItems(class, fresh)
	return res, nil
}

// existingNorms returns the set of ids that are document IDs in r.
func existingNorms(r index.IndexReader, ids []string) (map[string]bool, error) {
	dr, err := r.DocIDReaderOnly(ids)
	if err != nil {
		return nil, err
	}
	defer dr.Close()
	out := map[string]bool{}
	for {
		id, err := dr.Next()
		if err != nil {
			return nil, err
		}
		if id == nil {
			return out, nil
		}
		ext, err := r.ExternalID(id)
		if err != nil {
			return nil, err
		}
		out[ext] = true
	}
}
