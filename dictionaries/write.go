package dictionaries

import (
	"fmt"

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
	adv, err := idx.Advanced()
	if err != nil {
		return res, nil, err
	}
	r, err := adv.Reader()
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
