package repository

import (
	"context"
	"encoding/binary"
	"math"
	"sort"
	"sync"

	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"
	"github.com/blevesearch/vellum"
)

// storedJoinKeys makes join sides read every object's keys from its stored
// k.PATH field, the path before keys were taken from the index's postings.
// Tests set it to compare the two paths; it is false otherwise.
var storedJoinKeys = false

// sideHits collects every match of a join side in the one pass Bleve makes
// over them (a search.MakeDocumentMatchHandler, one per index of the alias),
// with the join keys of each match taken from the postings of the k.PATH
// terms rather than from its stored fields: reading a stored field
// decompresses the object's whole stored document (the object and its
// page's text), a posting is a few bytes. The keys come from the same index
// snapshot as the matches (the handler's reader).
//
// With keys (the probe side: the build side's keys restrict it), the
// postings of those keys are read; without (the build side), the field's
// whole dictionary and its postings (the keys of every object of the
// index, once per query). Ranking data (conf, pos) are doc values read per
// match, as Bleve's sort would.
type sideHits struct {
	field string
	keys  []string // nil: every term of field
	mu    sync.Mutex
	parts []*sideHitsPart
	// byReader: the keys by document of each index, read by keysQuery's
	// searcher (the probe side).
	byReader map[index.IndexReader]map[string][]string
	// r keeps the keys of every document read from a whole dictionary
	// (keys nil) for later queries; nil: not kept.
	r *Reader
}

type sideHitsPart struct {
	cands []sideCand
	best  float64
}

type sideCand struct {
	score, conf float64
	pos         string
	keys        []string
}

// keysByDoc maps the internal document IDs of reader's index to their keys
// of the collector's field.
func (s *sideHits) keysByDoc(reader index.IndexReader) (map[string][]string, error) {
	is, ok := reader.(*scorch.IndexSnapshot)
	if ok && s.keys == nil && s.r != nil {
		return s.r.cachedKeys(reader, s.field, func() (map[string][]string, error) { return s.segmentKeys(is) })
	}
	if ok {
		return s.segmentKeys(is)
	}
	byDoc := map[string][]string{}
	add := func(term string) error {
		tfr, err := reader.TermFieldReader(context.Background(), []byte(term), s.field, false, false, false)
		if err != nil {
			return err
		}
		defer tfr.Close()
		var tfd index.TermFieldDoc
		for {
			d, err := tfr.Next(&tfd)
			if err != nil {
				return err
			}
			if d == nil {
				return nil
			}
			id := string(d.ID)
			byDoc[id] = append(byDoc[id], term)
		}
	}
	if s.keys != nil {
		for _, k := range s.keys {
			if err := add(k); err != nil {
				return nil, err
			}
		}
		return byDoc, nil
	}
	fd, err := reader.FieldDict(s.field)
	if err != nil {
		return nil, err
	}
	defer fd.Close()
	for {
		de, err := fd.Next()
		if err != nil {
			return nil, err
		}
		if de == nil {
			return byDoc, nil
		}
		if err := add(de.Term); err != nil {
			return nil, err
		}
	}
}

// handler is the search.MakeDocumentMatchHandler that collects into s.
func (s *sideHits) handler(sctx *search.SearchContext) (search.DocumentMatchHandler, bool, error) {
	s.mu.Lock()
	byDoc, ok := s.byReader[sctx.IndexReader]
	s.mu.Unlock()
	if !ok {
		var err error
		if byDoc, err = s.keysByDoc(sctx.IndexReader); err != nil {
			return nil, false, err
		}
	}
	// Confidences from the reader's memory when it keeps them (then only
	// pos is read from doc values).
	fields := []string{fieldPos, fieldConf}
	var confs []float64
	if s.r != nil {
		cached, ok, err := s.r.cachedConfs(sctx.IndexReader)
		if err != nil {
			return nil, false, err
		}
		if ok {
			confs, fields = cached, fields[:1]
		}
	}
	dvr, err := sctx.IndexReader.DocValueReader(fields)
	if err != nil {
		return nil, false, err
	}
	p := &sideHitsPart{}
	s.mu.Lock()
	s.parts = append(s.parts, p)
	s.mu.Unlock()
	return func(d *search.DocumentMatch) error {
		if d == nil {
			return nil
		}
		defer sctx.DocumentMatchPool.Put(d)
		c := sideCand{score: d.Score, keys: byDoc[string(d.IndexInternalID)]}
		p.best = max(p.best, d.Score)
		if id := d.IndexInternalID; confs != nil && len(id) == 8 {
			if n := binary.BigEndian.Uint64(id); n < uint64(len(confs)) {
				c.conf = confs[n]
			}
		}
		err := dvr.VisitDocValues(d.IndexInternalID, func(field string, term []byte) {
			switch field {
			case fieldPos:
				c.pos = string(term)
			case fieldConf:
				if v, ok := confTerm(term); ok {
					c.conf = v
				}
			}
		})
		if err != nil {
			return err
		}
		p.cands = append(p.cands, c)
		return nil
	}, false, nil
}

// hits returns the objects collected, ranked as rankHits ranks them; best is
// the best score of the side as a whole (scoring only).
func (s *sideHits) hits(scoring bool, best float64) []*Hit {
	n := 0
	for _, p := range s.parts {
		n += len(p.cands)
	}
	hits := make([]*Hit, 0, n)
	for _, p := range s.parts {
		for _, c := range p.cands {
			h := &Hit{Confidence: c.conf, Relevance: 1, keys: c.keys}
			var ok bool
			if h.Source, h.Page, h.Index, h.SOD, ok = parsePosKey(c.pos); ok {
				h.id = docID(h.SOD, h.Source, h.Page, h.Index)
			}
			if scoring {
				h.RawScore = c.score
				if best > 0 {
					h.Relevance = math.Min(1, c.score/best)
				}
			}
			h.Score = h.Relevance * h.Confidence
			hits = append(hits, h)
		}
	}
	sortHits(hits)
	return hits
}

// withSideHits returns ctx carrying s's handler for Bleve's collector.
func withSideHits(ctx context.Context, s *sideHits) context.Context {
	return context.WithValue(ctx, search.MakeDocumentMatchHandlerKey, search.MakeDocumentMatchHandler(s.handler))
}

// segmentKeys is keysByDoc on a scorch snapshot, segment by segment: each
// segment's dictionary is opened once (not once per term, as a
// TermFieldReader does) and its postings are read directly. A document's
// internal ID is its number in its segment plus the segment's offset, the
// documents of the segments before it (8 bytes, big-endian, as scorch
// encodes it).
func (s *sideHits) segmentKeys(is *scorch.IndexSnapshot) (map[string][]string, error) {
	byDoc := map[string][]string{}
	var id [8]byte
	offset := uint64(0)
	for _, ss := range is.Segments() {
		seg := ss.Segment()
		dict, err := seg.Dictionary(s.field)
		if err != nil {
			return nil, err
		}
		deleted := ss.Deleted()
		pl, err := dict.PostingsList(nil, deleted, nil)
		if err != nil {
			return nil, err
		}
		itr := pl.Iterator(false, false, false, nil)
		add := func(term string) error {
			if pl, err = dict.PostingsList([]byte(term), deleted, pl); err != nil {
				return err
			}
			itr = pl.Iterator(false, false, false, itr)
			for {
				p, err := itr.Next()
				if err != nil {
					return err
				}
				if p == nil {
					return nil
				}
				binary.BigEndian.PutUint64(id[:], offset+p.Number())
				k := string(id[:])
				byDoc[k] = append(byDoc[k], term)
			}
		}
		if s.keys != nil {
			for _, k := range s.keys {
				if err := add(k); err != nil {
					return nil, err
				}
			}
		} else {
			it := dict.AutomatonIterator(&vellum.AlwaysMatch{}, nil, nil)
			for {
				de, err := it.Next()
				if err != nil {
					return nil, err
				}
				if de == nil {
					break
				}
				if err := add(de.Term); err != nil {
					return nil, err
				}
			}
		}
		offset += seg.Count()
	}
	return byDoc, nil
}

// keysQuery matches the objects that have one of its sideHits' keys, found
// in the keys' postings (as a disjunction of term queries would, without
// reading the postings twice), and leaves the keys of each match for the
// sideHits handler. Its matches score 0: it restricts a join side, in a
// conjunction without scoring or in the filter of a boolean query.
type keysQuery struct{ sh *sideHits }

func (q keysQuery) Searcher(ctx context.Context, i index.IndexReader, m mapping.IndexMapping, options search.SearcherOptions) (search.Searcher, error) {
	byDoc, err := q.sh.keysByDoc(i)
	if err != nil {
		return nil, err
	}
	q.sh.mu.Lock()
	if q.sh.byReader == nil {
		q.sh.byReader = map[index.IndexReader]map[string][]string{}
	}
	q.sh.byReader[i] = byDoc
	q.sh.mu.Unlock()
	ids := make([]string, 0, len(byDoc))
	for id := range byDoc {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return &idsSearcher{ids: ids}, nil
}

// idsSearcher lists internal document IDs, in order.
type idsSearcher struct {
	ids []string
	at  int
}

func (s *idsSearcher) match(ctx *search.SearchContext) *search.DocumentMatch {
	dm := ctx.DocumentMatchPool.Get()
	dm.IndexInternalID = append(dm.IndexInternalID[:0], s.ids[s.at]...)
	s.at++
	return dm
}

func (s *idsSearcher) Next(ctx *search.SearchContext) (*search.DocumentMatch, error) {
	if s.at >= len(s.ids) {
		return nil, nil
	}
	return s.match(ctx), nil
}

func (s *idsSearcher) Advance(ctx *search.SearchContext, id index.IndexInternalID) (*search.DocumentMatch, error) {
	s.at += sort.SearchStrings(s.ids[s.at:], string(id))
	return s.Next(ctx)
}

func (s *idsSearcher) Close() error               { return nil }
func (s *idsSearcher) Weight() float64            { return 0 }
func (s *idsSearcher) SetQueryNorm(float64)       {}
func (s *idsSearcher) Count() uint64              { return uint64(len(s.ids)) }
func (s *idsSearcher) Min() int                   { return 0 }
func (s *idsSearcher) Size() int                  { return 64 + 24*len(s.ids) }
func (s *idsSearcher) DocumentMatchPoolSize() int { return 1 }
