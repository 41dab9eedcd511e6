package repository

import (
	"context"
	"encoding/binary"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"
)

// topScores collects the best objects of a search in the one pass Bleve
// makes over its matches. With a full-text part the order is the final
// score Relevance × Confidence, which is not an order Bleve can sort by:
// Relevance divides the BM25 score by the best score of the query, known
// only at the end. Without one it is confidence, and topScores spares
// Bleve's own top-n heap from reading pos for every match.
//
// Bleve calls the handler topScores makes (search.MakeDocumentMatchHandler,
// one per index of the alias, each in a goroutine of its own) with every
// match, its score and its confidence (a doc value, no stored field). A
// match is kept when its key (BM25 score × confidence, or confidence) is
// not below a floor: the need-th best of those kept so far, less a relative margin far
// above the rounding that separates s×c from (s/best)×c, so that no match
// the final ranking would place among the need best is dropped. The floor
// rises as matches arrive; most matches cost one comparison.
type topScores struct {
	need int
	// scoring: the key is BM25 score × confidence; without a full-text
	// part, confidence alone.
	scoring bool
	// lazyConf (scoring only): every confidence is at most 1, so a match
	// whose score is below the floor is dropped before its confidence is
	// read; the handler reads conf itself, Bleve's sort is the score.
	lazyConf bool
	// sortConf: the request sorts by conf (topOrder), so Bleve's collector
	// decodes it for every match; otherwise the handler reads it, from the
	// Reader's memory (r) or from doc values.
	sortConf bool
	// r keeps the confidences of the indexes' documents (see sortConf);
	// nil: they are read from doc values.
	r     *Reader
	mu    sync.Mutex
	parts []*topPart
}

// topPart is the matches kept from one index.
type topPart struct {
	cands []topCand
	floor float64 // key below which a match is dropped
	prune int     // length of cands at which they are pruned next
	best  float64 // the best BM25 score seen
}

// topCand is one kept match.
type topCand struct {
	key, score, conf float64
	id               string // internal ID in its index
	pos              string // read at the end of the search (readPos)
}

// topMargin is the relative margin under the need-th best key below which a
// match is dropped.
const topMargin = 1e-9

// handler is the search.MakeDocumentMatchHandler that collects into t.
//
// With sortConf, Bleve's collector reads conf for every match (the
// request's sort, topOrder). Otherwise Bleve reads no doc value and conf
// is read here, from the confidences the Reader keeps in memory
// (cachedConfs) or from doc values: for every match, or with lazyConf for
// the matches whose score reaches the floor. pos, the
// longer doc value (a read decompresses its chunk), is read when the index's
// matches are done (Bleve calls the handler with nil), for the matches kept
// then: the best need of the index and their ties.
func (t *topScores) handler(sctx *search.SearchContext) (search.DocumentMatchHandler, bool, error) {
	// pos is read at the end, for the matches kept then only; conf (lazyConf)
	// by a reader of its own, so that a match dropped on its confidence
	// costs no read of pos.
	posr, err := sctx.IndexReader.DocValueReader([]string{fieldPos})
	if err != nil {
		return nil, false, err
	}
	var confr index.DocValueReader
	var confs []float64
	if !t.sortConf {
		cached := false
		if t.r != nil {
			if confs, cached, err = t.r.cachedConfs(sctx.IndexReader); err != nil {
				return nil, false, err
			}
		}
		if !cached {
			if confr, err = sctx.IndexReader.DocValueReader([]string{fieldConf}); err != nil {
				return nil, false, err
			}
		}
	}
	p := &topPart{prune: 2*t.need + 64}
	t.mu.Lock()
	t.parts = append(t.parts, p)
	t.mu.Unlock()
	return func(d *search.DocumentMatch) error {
		if d == nil {
			return p.readPos(posr, t.need)
		}
		defer sctx.DocumentMatchPool.Put(d)
		score := d.Score
		if score > p.best {
			p.best = score
		}
		conf := 0.0
		// score × conf <= score: below the floor either way.
		if t.lazyConf && score < p.floor {
			return nil
		}
		if !t.sortConf {
			if confs != nil {
				if id := d.IndexInternalID; len(id) == 8 {
					if n := binary.BigEndian.Uint64(id); n < uint64(len(confs)) {
						conf = confs[n]
					}
				}
			} else {
				err := confr.VisitDocValues(d.IndexInternalID, func(field string, term []byte) {
					if field == fieldConf {
						if v, ok := confTerm(term); ok {
							conf = v
						}
					}
				})
				if err != nil {
					return err
				}
			}
		} else if len(d.DecodedSort) == 1 {
			conf, _ = strconv.ParseFloat(d.DecodedSort[0], 64)
		}
		key := t.key(score, conf)
		if key < p.floor {
			return nil
		}
		p.cands = append(p.cands, topCand{key: key, score: score, conf: conf, id: string(d.IndexInternalID)})
		if len(p.cands) >= p.prune {
			p.cands, p.floor = pruneCands(p.cands, t.need)
			p.prune = max(2*t.need+64, 2*len(p.cands))
		}
		return nil
	}, false, nil
}

// readPos prunes the part's candidates and reads the pos of those left, in
// the order of their internal IDs (the order doc values are stored in).
func (p *topPart) readPos(posr index.DocValueReader, need int) error {
	p.cands, p.floor = pruneCands(p.cands, need)
	order := make([]int, len(p.cands))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(p.cands[a].id, p.cands[b].id) })
	for _, i := range order {
		c := &p.cands[i]
		err := posr.VisitDocValues(index.IndexInternalID(c.id), func(field string, term []byte) {
			if field == fieldPos {
				c.pos = string(term)
			}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// key is the ranking key of a match: score × confidence, or confidence
// without a full-text part.
func (t *topScores) key(score, conf float64) float64 {
	if t.scoring {
		return score * conf
	}
	return conf
}

// pruneCands keeps the candidates whose key is not below the floor their
// need-th best key sets, and returns them with that floor.
func pruneCands(cands []topCand, need int) ([]topCand, float64) {
	if len(cands) <= need {
		return cands, 0
	}
	slices.SortFunc(cands, func(a, b topCand) int { return -cmpFloat(a.key, b.key) })
	floor := cands[need-1].key * (1 - topMargin)
	n := len(cands)
	for n > need && cands[n-1].key < floor {
		n--
	}
	return cands[:n], floor
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// hits returns the need best objects collected, ranked, and the best BM25
// score of the query.
func (t *topScores) hits() ([]*Hit, float64) {
	var cands []topCand
	best := 0.0
	for _, p := range t.parts {
		cands = append(cands, p.cands...)
		best = max(best, p.best)
	}
	cands, _ = pruneCands(cands, t.need)
	hits := make([]*Hit, 0, len(cands))
	for _, c := range cands {
		h := &Hit{Confidence: c.conf, Relevance: 1}
		var ok bool
		if h.Source, h.Page, h.Index, h.SOD, ok = parsePosKey(c.pos); ok {
			h.id = docID(h.SOD, h.Source, h.Page, h.Index)
		}
		if t.scoring {
			h.RawScore = c.score
			if best > 0 {
				h.Relevance = math.Min(1, c.score/best)
			}
		}
		h.Score = h.Relevance * h.Confidence
		hits = append(hits, h)
	}
	sortHits(hits)
	return hits[:min(len(hits), t.need)], best
}

// withTopScores returns ctx carrying t's handler for Bleve's collector.
func withTopScores(ctx context.Context, t *topScores) context.Context {
	return context.WithValue(ctx, search.MakeDocumentMatchHandlerKey, search.MakeDocumentMatchHandler(t.handler))
}

// topOrder is the sort Bleve's collector computes for topScores: conf only.
func topOrder() search.SortOrder {
	return search.SortOrder{&search.SortField{Field: fieldConf, Type: search.SortFieldAsNumber, Desc: true}}
}
