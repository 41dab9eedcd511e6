package repository

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
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

	id   string   // the document's ID
	keys []string // join keys (join sides only)
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

// maxRequestSize bounds the hits one Bleve request may ask for: far above
// what a checked query needs (its Offset+Limit hits, or a side of a join),
// it only keeps a size that overflowed from reaching Bleve.
const maxRequestSize = 1 << 28

// Search runs q. Results are ranked by Score, then by source, page and
// index; objects with the same score keep that order.
func (r *Reader) Search(ctx context.Context, q *Query) (*Result, error) {
	start := time.Now()
	if err := q.Check(); err != nil {
		return nil, err
	}
	limit := q.Limit
	if limit <= 0 {
		limit = DefaultLimit
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
// match. Without a full-text part, Bleve sorts by confidence directly,
// without scoring. With one, the final score Relevance × Confidence is not
// an order Bleve can sort by (Relevance divides by the best score, known
// at the end): every match is scored in one pass and topScores keeps those
// that can be among the need best. Ranking reads sort values (doc values)
// only; the stored objects are read for the best need.
func (r *Reader) searchSide(ctx context.Context, sd *side, need int) ([]*Hit, int, string, error) {
	if len(sd.entries) == 0 {
		return nil, 0, r.describeSide(sd, "no source to search"), nil
	}
	alias := r.alias(sd.entries)
	if len(sd.scoring) == 0 {
		// Size 0: the matches go to top's handler, not to Bleve's results.
		req := bleve.NewSearchRequestOptions(sd.filter, 0, 0, false)
		// No sort Bleve reads a doc value for: top's handler reads the
		// confidences (from memory once an index's are kept).
		req.SortByCustom(search.SortOrder{&search.SortScore{Desc: true}})
		req.Score = noScore
		top := &topScores{need: need, r: r}
		res, err := runSearch(withTopScores(ctx, top), alias, req)
		if err != nil {
			return nil, 0, "", err
		}
		hits, _ := top.hits()
		if err := fetchObjects(ctx, alias, hits); err != nil {
			return nil, 0, "", err
		}
		return hits, int(res.Total), r.describeSide(sd, fmt.Sprintf("ranked by confidence (no full-text part); %d match", res.Total)), nil
	}
	bq := bleve.NewBooleanQuery()
	bq.AddMust(sd.scoring...)
	addFilter(bq, sd.filter)
	stats, err := r.globalStats(sd.entries, bq)
	if err != nil {
		return nil, 0, "", err
	}
	bounded, err := r.confAtMostOne(ctx, sd.entries)
	if err != nil {
		return nil, 0, "", err
	}
	// Size 0: the matches go to top's handler, not to Bleve's results.
	req := bleve.NewSearchRequestOptions(bq, 0, 0, false)
	top := &topScores{need: need, scoring: true, lazyConf: bounded, sortConf: !bounded, r: r}
	if bounded {
		// The score sorts: Bleve reads no doc value per match.
		req.SortByCustom(search.SortOrder{&search.SortScore{Desc: true}})
	} else {
		req.SortByCustom(topOrder())
	}
	req.PreSearchData = map[string]interface{}{search.BM25PreSearchDataKey: stats}
	res, err := runSearch(withTopScores(ctx, top), alias, req)
	if err != nil {
		return nil, 0, "", err
	}
	hits, _ := top.hits()
	how := fmt.Sprintf("ranked by relevance × confidence; %d match, scored in one pass", res.Total)
	if err := fetchObjects(ctx, alias, hits); err != nil {
		return nil, 0, "", err
	}
	return hits, int(res.Total), r.describeSide(sd, how), nil
}

// rankOrder is the order a join side's hits are read in: by score when the
// query has a full-text part, then confidence, then source, page, index and SOD (one
// doc value, posKey), so ranking reads no stored field.
func rankOrder(scoring bool) search.SortOrder {
	var so search.SortOrder
	if scoring {
		so = append(so, &search.SortScore{Desc: true})
	}
	return append(so,
		&search.SortField{Field: fieldConf, Type: search.SortFieldAsNumber, Desc: true},
		&search.SortField{Field: fieldPos, Type: search.SortFieldAsString})
}

// rankHits reads the hits' ranking data from their sort values (rankOrder)
// and ranks them; best is the best score of the query (scoring only).
func rankHits(dms search.DocumentMatchCollection, scoring bool, best float64) []*Hit {
	hits := make([]*Hit, 0, len(dms))
	for _, dm := range dms {
		v := dm.DecodedSort
		if scoring {
			v = v[1:]
		}
		h := &Hit{id: dm.ID, Relevance: 1}
		if len(v) == 2 {
			h.Confidence, _ = strconv.ParseFloat(v[0], 64)
			h.Source, h.Page, h.Index, h.SOD, _ = parsePosKey(v[1])
		}
		if scoring {
			h.RawScore = dm.Score
			if best > 0 {
				h.Relevance = math.Min(1, dm.Score/best)
			}
		}
		h.Score = h.Relevance * h.Confidence
		hits = append(hits, h)
	}
	sortHits(hits)
	return hits
}

// fetchObjects reads the stored objects of hits (and of the objects they
// are joined with).
func fetchObjects(ctx context.Context, alias bleve.IndexAlias, hits []*Hit) error {
	byID := map[string][]*Hit{}
	for _, h := range hits {
		for x := h; x != nil; x = x.Joined {
			if x.Object == nil {
				byID[x.id] = append(byID[x.id], x)
			}
		}
	}
	if len(byID) == 0 {
		return nil
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	req := bleve.NewSearchRequestOptions(bleve.NewDocIDQuery(ids), len(ids), 0, false)
	req.Fields = []string{fieldObject}
	req.Score = noScore
	res, err := runSearch(ctx, alias, req)
	if err != nil {
		return err
	}
	for _, dm := range res.Hits {
		if s, ok := dm.Fields[fieldObject].(string); ok {
			for _, h := range byID[dm.ID] {
				h.Object = json.RawMessage(s)
			}
		}
	}
	return nil
}

// noScore is Bleve's request option that skips scoring: filters, counts,
// rankings by confidence. It also lets Bleve merge the postings of a
// disjunction (numeric and date ranges are disjunctions of terms).
const noScore = "none"

// countRequest asks only how many objects q matches.
func countRequest(q query.Query) *bleve.SearchRequest {
	req := bleve.NewSearchRequestOptions(q, 0, 0, false)
	req.Score = noScore
	return req
}

// runSearch runs req on an alias and turns the errors Bleve reports per index
// into an error.
//
// Bleve searches the indexes of an alias in goroutines of its own, where a
// panic cannot be recovered and ends the process: requests are checked
// here first (a negative or huge size or offset makes Bleve panic while
// allocating its results).
func runSearch(ctx context.Context, alias bleve.IndexAlias, req *bleve.SearchRequest) (*bleve.SearchResult, error) {
	if req.Size < 0 || req.From < 0 || req.Size > maxRequestSize || req.From > maxRequestSize-req.Size {
		return nil, fmt.Errorf("search of %d results from %d: out of range (at most %d)", req.Size, req.From, maxRequestSize)
	}
	res, err := alias.SearchInContext(ctx, req)
	if err != nil {
		return nil, err
	}
	if res.Status != nil && len(res.Status.Errors) > 0 {
		var msgs []string
		for idx, e := range res.Status.Errors {
			msgs = append(msgs, fmt.Sprintf("%s: %v", idx, e))
		}
		sort.Strings(msgs)
		return nil, fmt.Errorf("search failed: %s", strings.Join(msgs, "; "))
	}
	return res, nil
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
// with extra restricting them further when not nil, and the exact keys of
// their field f (k.PATH). Their objects are not read. bound is
// at least the number of objects the side matches (its filter's count;
// extra and full-text parts only restrict it).
//
// keys, when not nil, are the only keys the objects are restricted to
// (extra, their disjunction, restricts them to those keys unless
// storedJoinKeys: keysQuery replaces it and the keys are read from these
// keys' postings). Without, the keys are read from the postings of the field's
// whole dictionary when the side may match a sixteenth or more of its
// indexes' objects, else from each object's stored field.
func (r *Reader) allHits(ctx context.Context, sd *side, extra query.Query, keys []string, f Field, bound uint64) ([]*Hit, error) {
	if len(sd.entries) == 0 {
		return nil, nil
	}
	alias := r.alias(sd.entries)
	var sh *sideHits
	if r.keysFromPostings(sd, keys, bound) {
		sh = &sideHits{field: subKey + pathSep + f.Path, keys: keys, r: r}
		if keys != nil {
			// The keys' postings restrict the side, read once (extra is
			// their disjunction).
			extra = keysQuery{sh}
		}
	}
	filter := sd.filter
	if extra != nil {
		filter = extra
		if !matchesAll(sd.filter) {
			filter = bleve.NewConjunctionQuery(sd.filter, extra)
		}
	}
	scoring := len(sd.scoring) > 0
	var q query.Query = filter
	best := 0.0
	if scoring {
		// Relevance is relative to the best match of the side as a whole.
		bq := bleve.NewBooleanQuery()
		bq.AddMust(sd.scoring...)
		addFilter(bq, sd.filter)
		req := bleve.NewSearchRequestOptions(bq, 1, 0, false)
		if err := r.withStats(req, sd.entries); err != nil {
			return nil, err
		}
		res, err := runSearch(ctx, alias, req)
		if err != nil {
			return nil, err
		}
		if len(res.Hits) > 0 {
			best = res.Hits[0].Score
		}
		bq = bleve.NewBooleanQuery()
		bq.AddMust(sd.scoring...)
		addFilter(bq, filter)
		q = bq
	}
	// bound is at least the number of matches: when it is within
	// MaxJoinSide the search itself sizes the results (Bleve allocates
	// for the matches it finds, not for the size asked), without a pass
	// to count them first.
	if bound > MaxJoinSide {
		count, err := runSearch(ctx, alias, countRequest(q))
		if err != nil {
			return nil, err
		}
		if count.Total > MaxJoinSide {
			return nil, fmt.Errorf("join: %d objects of SOD %s match; restrict them (at most %d per side)", count.Total, strings.Join(sd.names(), ", "), MaxJoinSide)
		}
		bound = count.Total
	}
	if sh != nil {
		// Size 0: the matches go to the handler, not to Bleve's results;
		// the score is the only sort (no doc value read by Bleve).
		req := bleve.NewSearchRequestOptions(q, 0, 0, false)
		req.SortByCustom(search.SortOrder{&search.SortScore{Desc: true}})
		if scoring {
			if err := r.withStats(req, sd.entries); err != nil {
				return nil, err
			}
		} else {
			req.Score = noScore
		}
		if _, err := runSearch(withSideHits(ctx, sh), alias, req); err != nil {
			return nil, err
		}
		return sh.hits(scoring, best), nil
	}
	req := bleve.NewSearchRequestOptions(q, int(bound), 0, false)
	req.SortByCustom(rankOrder(scoring))
	keyField := subKey + pathSep + f.Path
	req.Fields = []string{keyField}
	if !scoring {
		req.Score = noScore
	}
	if scoring {
		if err := r.withStats(req, sd.entries); err != nil {
			return nil, err
		}
	}
	res, err := runSearch(ctx, alias, req)
	if err != nil {
		return nil, err
	}
	hits := rankHits(res.Hits, scoring, best)
	byID := map[string][]string{}
	for _, dm := range res.Hits {
		switch v := dm.Fields[keyField].(type) {
		case string:
			byID[dm.ID] = []string{v}
		case []interface{}:
			for _, x := range v {
				if s, ok := x.(string); ok {
					byID[dm.ID] = append(byID[dm.ID], s)
				}
			}
		}
	}
	for _, h := range hits {
		h.keys = byID[h.id]
	}
	return hits, nil
}

// keysFromPostings says whether allHits reads a side's join keys from the
// index's postings (keys: the keys the side is restricted to, or nil; bound:
// at least the number of objects the side matches) rather than from each
// object's stored field. Without known keys the whole dictionary of the
// field is read: worth it when the side may match a sixteenth or more of
// its indexes' objects (a stored read decompresses a whole stored object,
// a posting is a few bytes).
func (r *Reader) keysFromPostings(sd *side, keys []string, bound uint64) bool {
	if storedJoinKeys {
		return false
	}
	if keys != nil {
		return true
	}
	n, _, err := r.docCount(sd)
	return err == nil && bound*16 >= n
}

// matchesAll says whether q is a side's filter that restricts nothing.
func matchesAll(q query.Query) bool {
	_, all := q.(*query.MatchAllQuery)
	return all
}

// addFilter adds filter to the full-text query bq unless it restricts
// nothing: Bleve then searches bq's must clause alone, without a boolean
// searcher that checks every match against a filter of every document.
// A filter does not change scores.
func addFilter(bq *query.BooleanQuery, filter query.Query) {
	if !matchesAll(filter) {
		bq.AddFilter(filter)
	}
}
