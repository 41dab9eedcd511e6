package annotate

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// Learning cost beyond the sample. Algorithm 1 annotates the most
// selective type on every candidate page, so its cost grows with the
// source. SampleSource runs it on a pool of pages spread evenly over the
// source instead, sized to what the algorithm can use: after each of the
// n entity types the candidates are divided by Shrink and never fall
// below K, so with K·Shrink^(n−1) candidates every cut is at work, and
// more pages only make the first cut deeper. Up to that size (5,120 pages
// for the five types of the SWDE book SOD) the pool is the whole source
// and the sample is Sample's; beyond it the cost no longer grows with the
// source. The pool grows (×4, up to the whole source) only while its top
// pages are not clear: while a sample page lacks a mandatory type, or a
// type that another sample page holds — a bigger pool could then offer
// better-covered pages — and while the pool would discard the source (a
// rare type's pages may lie outside it: only the whole source discards).

// poolGrowth is the factor the pool grows by while the top pages are not
// clear.
const poolGrowth = 4

// PoolSize is the number of pages Algorithm 1 can use to choose a sample
// of k pages over types entity types, dividing the candidates by shrink
// after each type: k·shrink^(types−1).
func PoolSize(k, types int, shrink float64) int {
	size := float64(k) * math.Pow(shrink, float64(max(types-1, 0)))
	if size > 1<<30 {
		return 1 << 30
	}
	return max(k, int(math.Ceil(size)))
}

// SampleSource is Sample on a pool of the source's pages spread evenly
// over it, of PoolSize pages, grown while the pool's top pages are not
// clear (see above). SampleResult.Total is the number of pages of the
// source, SampleResult.Pool the number Algorithm 1 ran on.
func SampleSource(ctx context.Context, paths []string, root string, a *Annotator, opts SampleOptions) (*SampleResult, error) {
	return sampleSource(ctx, len(paths), func(n int) ([]string, error) { return spread(paths, n), nil }, root, a, opts)
}

// SampleListing is SampleSource over the pages of a Listing: only the
// pool's paths are held, taken by a walk of the listing each time the pool
// grows, never the list of the source's pages.
func SampleListing(ctx context.Context, l *Listing, a *Annotator, opts SampleOptions) (*SampleResult, error) {
	return sampleSource(ctx, l.Count, func(n int) ([]string, error) { return spreadListing(l, n) }, l.Root, a, opts)
}

// spreadListing is spread over the pages of l, in one walk.
func spreadListing(l *Listing, n int) ([]string, error) {
	if n >= l.Count {
		return l.Paths()
	}
	out := make([]string, 0, n)
	i := 0
	err := l.Walk(func(p string) bool {
		if i == len(out)*l.Count/n {
			out = append(out, p)
		}
		i++
		return len(out) < n
	})
	if err == nil && len(out) < n {
		err = fmt.Errorf("%s: %d pages where %d were counted (the source changed)", l.Root, i, l.Count)
	}
	return out, err
}

// sampleSource is SampleSource over a source of total pages; pool returns
// n of them, spread as spread spreads them.
func sampleSource(ctx context.Context, total int, pool func(n int) ([]string, error), root string, a *Annotator, opts SampleOptions) (*SampleResult, error) {
	o := opts
	o.defaults()
	size := PoolSize(o.K, len(a.Types()), o.Shrink)
	for {
		sub, err := pool(min(size, total))
		if err != nil {
			return nil, err
		}
		res, err := Sample(ctx, sub, root, a, opts)
		last := len(sub) == total
		if res != nil {
			res.Total, res.Pool = total, len(sub)
		}
		// A discard on the pool is not final: the pages that hold a
		// rare type may lie outside it. The pool grows until the whole
		// source discards.
		var de *DiscardError
		discarded := res != nil && res.Discarded != nil || errors.As(err, &de)
		if last || (err != nil && !discarded) || res == nil || (!discarded && topClear(res, a)) {
			return res, err
		}
		size *= poolGrowth
	}
}

// spread returns n of paths (all when there are fewer), evenly spread
// over them and in their order.
func spread(paths []string, n int) []string {
	if n >= len(paths) {
		return paths
	}
	out := make([]string, n)
	for i := range out {
		out[i] = paths[i*len(paths)/n]
	}
	return out
}

// topClear reports whether a sample's pages hold every mandatory type and
// every type that any of them holds.
func topClear(res *SampleResult, a *Annotator) bool {
	if len(res.Pages) == 0 {
		return false
	}
	held := make([]map[string]bool, len(res.Pages))
	any := map[string]bool{}
	for i, p := range res.Pages {
		held[i] = map[string]bool{}
		for _, an := range p.Annotations {
			held[i][an.Type] = true
			any[an.Type] = true
		}
	}
	for _, et := range a.Types() {
		if !et.Mandatory && !any[et.Name] {
			continue
		}
		for _, h := range held {
			if !h[et.Name] {
				return false
			}
		}
	}
	return true
}
