package repository

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"
)

// join pairs the objects of two sides whose join fields share an exact
// key. The side that matches fewer objects is read whole first; its keys
// then restrict the other side inside the index (a term per key), so only
// joinable objects of the larger side are read. A pair scores the product
// of its two objects' scores.
func (r *Reader) join(ctx context.Context, q *Query, left, right *side, need int) (*Result, error) {
	// Each side's objects are at most its indexes' document counts, the
	// exact count without restrictions. A restricted side is counted only
	// when that bound does not already settle which side is smaller: the
	// side choice and the results are those of exact counts (right first
	// only when it matches strictly fewer).
	nl, exactL, err := r.docCount(left)
	if err != nil {
		return nil, err
	}
	nr, exactR, err := r.docCount(right)
	if err != nil {
		return nil, err
	}
	settled := (exactR && nl <= nr) || (exactL && nr < nl)
	if !settled && !exactL {
		if nl, err = r.count(ctx, left); err != nil {
			return nil, err
		}
	}
	if !settled && !exactR {
		if nr, err = r.count(ctx, right); err != nil {
			return nil, err
		}
	}
	build, probe := left, right
	bref, pref := q.Join.Left, q.Join.Right
	swapped := nr < nl
	bn, pn := nl, nr
	if swapped {
		build, probe, bref, pref = right, left, q.Join.Right, q.Join.Left
		bn, pn = nr, nl
	}
	bfield, _ := build.sods[0].Field(bref.Field)
	pfield, _ := probe.sods[0].Field(pref.Field)

	bhits, err := r.allHits(ctx, build, nil, nil, bfield, bn)
	if err != nil {
		return nil, err
	}
	byKey := map[string][]*Hit{}
	for _, h := range bhits {
		for _, k := range h.keys {
			byKey[k] = append(byKey[k], h)
		}
	}
	plan := fmt.Sprintf("join %s = %s: %s read first (%d objects, %d keys), its keys restrict %s",
		q.Join.Left, q.Join.Right, bref.SOD, len(bhits), len(byKey), pref.SOD)
	res := &Result{}
	if len(byKey) > 0 {
		keys := make([]string, 0, len(byKey))
		for k := range byKey {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		terms := make([]query.Query, len(keys))
		for i, k := range keys {
			terms[i] = termQuery(subKey+pathSep+pfield.Path, k)
		}
		phits, err := r.allHits(ctx, probe, bleve.NewDisjunctionQuery(terms...), keys, pfield, pn)
		if err != nil {
			return nil, err
		}
		for _, p := range phits {
			seen := map[*Hit]bool{}
			for _, k := range p.keys {
				for _, b := range byKey[k] {
					if seen[b] {
						continue
					}
					seen[b] = true
					l, rt := b, p
					if swapped {
						l, rt = p, b
					}
					pair := *l
					joined := *rt
					pair.Joined = &joined
					pair.Score = l.Score * rt.Score
					res.Hits = append(res.Hits, &pair)
				}
			}
		}
	}
	sort.SliceStable(res.Hits, func(i, j int) bool { return pairLess(res.Hits[i], res.Hits[j]) })
	res.Total = len(res.Hits)
	if len(res.Hits) > need {
		res.Hits = res.Hits[:need]
	}
	if err := fetchObjects(ctx, r.alias(append(append([]*SourceEntry(nil), left.entries...), right.entries...)), res.Hits); err != nil {
		return nil, err
	}
	res.Plan = strings.Join([]string{plan + fmt.Sprintf("; %d pairs", res.Total),
		"left: " + r.describeSide(left, "relevance × confidence"),
		"right: " + r.describeSide(right, "relevance × confidence")}, "\n")
	return res, nil
}

// pairLess orders join results by score, then by the left object's
// position, then by the right one's.
func pairLess(a, b *Hit) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	if c := comparePos(a, b); c != 0 {
		return c < 0
	}
	return comparePos(a.Joined, b.Joined) < 0
}

// docCount returns the number of objects in a side's indexes, and whether
// that is how many the side matches (it has no restriction).
func (r *Reader) docCount(sd *side) (uint64, bool, error) {
	var n uint64
	for _, e := range sd.entries {
		idx, ok := r.indexes[e]
		if !ok {
			continue
		}
		c, err := idx.DocCount()
		if err != nil {
			return 0, false, err
		}
		n += c
	}
	_, all := sd.filter.(*query.MatchAllQuery)
	return n, all, nil
}

// count returns how many objects a side matches.
func (r *Reader) count(ctx context.Context, sd *side) (uint64, error) {
	if len(sd.entries) == 0 {
		return 0, nil
	}
	if n, exact, err := r.docCount(sd); err != nil || exact {
		// Every object of the side's indexes: their document counts, not
		// a pass of the collector over every document.
		return n, err
	}
	res, err := runSearch(ctx, r.alias(sd.entries), countRequest(sd.filter))
	if err != nil {
		return 0, err
	}
	return res.Total, nil
}

// storedObject is the part of an object line that queries read back.
type storedObject struct {
	Object     map[string]any `json:"object"`
	Confidence map[string]any `json:"confidence"`
	Normalized map[string]any `json:"normalized"`
}
