package repository

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
)

// Hit is one object a query found.
type Hit struct {
	SOD, Source, Page string
	Index             int
	// Object is the object as `objectrunner extract` writes it (page,
	// index, object, confidence, path, normalized).
	Object json.RawMessage
	// Confidence is the object's extraction confidence (see Confidence).
	Confidence float64
	// Relevance is the object's full-text score divided by the best score
	// among the objects the query matches, in (0,1]; 1 when the query has
	// no full-text part (no ~ restriction, no keywords).
	Relevance float64
	// RawScore is Bleve's score (0 without a full-text part).
	RawScore float64
	// Score ranks the results: Relevance × Confidence, times the joined
	// object's Score in a join.
	Score float64
	// Joined is the object of the join's other SOD.
	Joined *Hit
	// Explanation says how Score was computed (Query.Explain).
	Explanation string
}

// Result is the answer to a query.
type Result struct {
	// Hits are the results from Offset, at most Limit, best first.
	Hits []*Hit
	// Total is how many objects (pairs, for a join) match.
	Total int
	// SODs are the SODs the query searched (both sides' for a join).
	SODs []string
	// Plan describes how the query ran (Query.Explain).
	Plan string
	// Took is the time the query took.
	Took time.Duration
}

// DefaultLimit is the number of results of a query without a Limit.
const DefaultLimit = 20

// MaxJoinSide bounds the objects one side of a join may match.
const MaxJoinSide = 100000

// storedFields are loaded for every hit.
var storedFields = []string{fieldSOD, fieldSource, fieldPage, fieldIndex, fieldConf, fieldObject}

// Search runs q. Results are ranked by Score, then by source, page and
// index; objects with the same score keep that order.
func (r *Reader) Search(ctx context.Context, q *Query) (*Result, error) {
	start := time.Now()
	limit := q.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	if q.Offset < 0 {
		return nil, fmt.Errorf("negative offset %d", q.Offset)
	}
	sides, err := r.plan(q)
	if err != nil {
		return nil, err
	}
	var res *Result
	if len(sides) == 2 {
		res, err = r.join(ctx, q, sides[0], sides[1], q.Offset+limit)
	} else {
		res, err = r.single(ctx, sides[0], q.Offset+limit)
	}
	if err != nil {
		return nil, err
	}
	for _, sd := range sides {
		res.SODs = append(res.SODs, sd.names()...)
	}
	if q.Offset >= len(res.Hits) {
		res.Hits = nil
	} else {
		res.Hits = res.Hits[q.Offset:min(len(res.Hits), q.Offset+limit)]
	}
	if q.Explain {
		for _, h := range res.Hits {
			h.Explanation = explainHit(h)
		}
	} else {
		res.Plan = ""
	}
	res.Took = time.Since(start)
	return res, nil
}

// single runs a query without a join and returns its best need hits.
func (r *Reader) single(ctx context.Context, sd *side, need int) (*Result, error) {
	hits, total, plan, err := r.searchSide(ctx, sd, need)
	if err != nil {
		return nil, err
	}
	return &Result{Hits: hits, Total: total, Plan: plan}, nil
}

// searchSide returns the best need objects of a side, ranked, and how many
// match. Without a full-text part, Bleve sorts by confidence directly.
// With one, the final score Relevance × Confidence is not Bleve's order, so
// hits are read in Bleve's order until no unread hit can beat the need-th
// best: an unread hit's score is at most its relevance, which is at most
// that of the last hit read (confidence ≤ 1).
func (r *Reader) searchSide(ctx context.Context, sd *side, need int) ([]*Hit, int, string, error) {
	if len(sd.entries) == 0 {
		return nil, 0, r.describeSide(sd, "no source to search"), nil
	}
	alias := r.alias(sd.entries)
	if len(sd.scoring) == 0 {
		req := bleve.NewSearchRequestOptions(sd.filter, need, 0, false)
		req.SortBy([]string{"-" + fieldConf, fieldSource, fieldPage, fieldIndex})
		req.Fields = storedFields
		res, err := alias.SearchInContext(ctx, req)
		if err != nil {
			return nil, 0, "", err
		}
		hits := make([]*Hit, 0, len(res.Hits))
		for _, dm := range res.Hits {
			h := hitOf(dm)
			h.Relevance, h.Score = 1, h.Confidence
			hits = append(hits, h)
		}
		plan := r.describeSide(sd, fmt.Sprintf("ranked by confidence (no full-text part); %d match", res.Total))
		return hits, int(res.Total), plan, nil
	}
	bq := bleve.NewBooleanQuery()
	bq.AddMust(sd.scoring...)
	bq.AddFilter(sd.filter)
	size := max(need*4, 100)
	for {
		req := bleve.NewSearchRequestOptions(bq, size, 0, false)
		req.SortBy([]string{"-_score", fieldSource, fieldPage, fieldIndex})
		req.Fields = storedFields
		if err := r.withStats(req, sd.entries); err != nil {
			return nil, 0, "", err
		}
		res, err := alias.SearchInContext(ctx, req)
		if err != nil {
			return nil, 0, "", err
		}
		hits := scoreHits(res.Hits)
		exhausted := len(res.Hits) < size || uint64(len(res.Hits)) == res.Total
		if exhausted || len(hits) >= need && hits[need-1].Score >= bound(res.Hits) {
			plan := r.describeSide(sd, fmt.Sprintf("ranked by relevance × confidence; %d match, %d read in relevance order", res.Total, len(res.Hits)))
			if len(hits) > need {
				hits = hits[:need]
			}
			return hits, int(res.Total), plan, nil
		}
		size *= 4
	}
}

// bound is the highest score a hit after the given ones can reach: its
// relevance, at most that of the last one read.
func bound(dms search.DocumentMatchCollection) float64 {
	if len(dms) == 0 || dms[0].Score <= 0 {
		return 0
	}
	return dms[len(dms)-1].Score / dms[0].Score
}

// scoreHits turns Bleve's hits, sorted by score, into ranked hits.
func scoreHits(dms search.DocumentMatchCollection) []*Hit {
	hits := make([]*Hit, 0, len(dms))
	best := 0.0
	if len(dms) > 0 {
		best = dms[0].Score
	}
	for _, dm := range dms {
		h := hitOf(dm)
		h.RawScore = dm.Score
		h.Relevance = 1
		if best > 0 {
			h.Relevance = dm.Score / best
		}
		h.Score = h.Relevance * h.Confidence
		hits = append(hits, h)
	}
	sortHits(hits)
	return hits
}

// sortHits orders hits by score, then source, page and index.
func sortHits(hits []*Hit) {
	sort.SliceStable(hits, func(i, j int) bool { return hitLess(hits[i], hits[j]) })
}

func hitLess(a, b *Hit) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return comparePos(a, b) < 0
}

// comparePos orders objects by source, page, index and SOD.
func comparePos(a, b *Hit) int {
	if c := cmp.Compare(a.Source, b.Source); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Page, b.Page); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Index, b.Index); c != 0 {
		return c
	}
	return cmp.Compare(a.SOD, b.SOD)
}

// hitOf reads the stored fields of a Bleve hit.
func hitOf(dm *search.DocumentMatch) *Hit {
	h := &Hit{}
	h.SOD, _ = dm.Fields[fieldSOD].(string)
	h.Source, _ = dm.Fields[fieldSource].(string)
	h.Page, _ = dm.Fields[fieldPage].(string)
	if x, ok := dm.Fields[fieldIndex].(float64); ok {
		h.Index = int(x)
	}
	if x, ok := dm.Fields[fieldConf].(float64); ok && !math.IsNaN(x) {
		h.Confidence = x
	}
	if s, ok := dm.Fields[fieldObject].(string); ok {
		h.Object = json.RawMessage(s)
	}
	return h
}

// describeSide is the plan of one side, for --explain.
func (r *Reader) describeSide(sd *side, how string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "SOD %s, %d source(s)", strings.Join(sd.names(), ", "), len(sd.entries))
	if len(sd.filters) > 0 {
		fmt.Fprintf(&b, "; filter (no effect on relevance): %s", strings.Join(sd.filters, " AND "))
	}
	if len(sd.scores) > 0 {
		fmt.Fprintf(&b, "; full text (relevance): %s", strings.Join(sd.scores, " AND "))
	}
	fmt.Fprintf(&b, "; %s", how)
	return b.String()
}

// allHits returns every object of a side (at most MaxJoinSide), ranked,
// with extra restricting them further when not nil.
func (r *Reader) allHits(ctx context.Context, sd *side, extra query.Query) ([]*Hit, error) {
	if len(sd.entries) == 0 {
		return nil, nil
	}
	alias := r.alias(sd.entries)
	filter := sd.filter
	if extra != nil {
		filter = bleve.NewConjunctionQuery(sd.filter, extra)
	}
	var q query.Query = filter
	best := 0.0
	if len(sd.scoring) > 0 {
		// Relevance is relative to the best match of the side as a whole.
		bq := bleve.NewBooleanQuery()
		bq.AddMust(sd.scoring...)
		bq.AddFilter(sd.filter)
		req := bleve.NewSearchRequestOptions(bq, 1, 0, false)
		if err := r.withStats(req, sd.entries); err != nil {
			return nil, err
		}
		res, err := alias.SearchInContext(ctx, req)
		if err != nil {
			return nil, err
		}
		if len(res.Hits) > 0 {
			best = res.Hits[0].Score
		}
		bq = bleve.NewBooleanQuery()
		bq.AddMust(sd.scoring...)
		bq.AddFilter(filter)
		q = bq
	}
	count, err := alias.SearchInContext(ctx, bleve.NewSearchRequestOptions(q, 0, 0, false))
	if err != nil {
		return nil, err
	}
	if count.Total > MaxJoinSide {
		return nil, fmt.Errorf("join: %d objects of SOD %s match; restrict them (at most %d per side)", count.Total, strings.Join(sd.names(), ", "), MaxJoinSide)
	}
	req := bleve.NewSearchRequestOptions(q, int(count.Total), 0, false)
	req.Fields = storedFields
	if len(sd.scoring) > 0 {
		if err := r.withStats(req, sd.entries); err != nil {
			return nil, err
		}
	}
	res, err := alias.SearchInContext(ctx, req)
	if err != nil {
		return nil, err
	}
	hits := make([]*Hit, 0, len(res.Hits))
	for _, dm := range res.Hits {
		h := hitOf(dm)
		h.Relevance = 1
		if len(sd.scoring) > 0 {
			h.RawScore = dm.Score
			if best > 0 {
				h.Relevance = math.Min(1, dm.Score/best)
			}
		}
		h.Score = h.Relevance * h.Confidence
		hits = append(hits, h)
	}
	sortHits(hits)
	return hits, nil
}
