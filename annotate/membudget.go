package annotate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"sync"
)

// Memory. A parsed and annotated page takes 10 to 25 times its size in
// memory (the tree, its text, the annotations; wrapper induction and
// extraction add their tokens), so what bounds a run's memory is how many
// bytes of pages are held at once, not how many pages. Two bounds apply:
//
//   - a PageBudget, shared by the goroutines that read pages, bounds the
//     bytes of pages being parsed and processed at once (a page larger than
//     the whole budget waits until it can be alone);
//   - SampleOptions.MaxBytes bounds the pages kept parsed together: the
//     probe and the sample handed to wrapper induction.
//
// Sizes are those of the page files (os.Stat), known before reading.

// TagWeight is the bytes of ordinary HTML a tag stands for in memory. A
// parsed page costs per element more than per byte: ordinary HTML has a
// tag ("<") every 20 to 40 bytes, and a page of nothing but tags ("<p>x"
// ten million times: one every 4 bytes) takes five times more memory per
// byte. PageWeight counts a page at the larger of its size and TagWeight
// bytes per tag, and the size limit (LoadOptions.MaxBytes) and the budgets
// apply to that weight.
const TagWeight = 20

// countTags counts the "<" of data (tags, and the odd "<" in text).
func countTags(data []byte) int64 { return int64(bytes.Count(data, []byte{'<'})) }

// PageWeight is the weight of a page's bytes: its size, or TagWeight bytes
// per tag when it is denser in tags than ordinary HTML.
func PageWeight(data []byte) int64 {
	return max(int64(len(data)), TagWeight*countTags(data))
}

// DefaultInFlightBytes is the default PageBudget size: the page bytes parsed
// at once across workers.
const DefaultInFlightBytes = 32 << 20

// DefaultSampleBytes is the default SampleOptions.MaxBytes: twenty pages of
// 800 KB, forty times the SWDE pages' 40 KB.
const DefaultSampleBytes = 16 << 20

// PageBudget bounds the bytes of pages held at once by several goroutines.
// The zero value and nil are no bound.
type PageBudget struct {
	mu   sync.Mutex
	cond *sync.Cond
	max  int64
	used int64
}

// NewPageBudget returns a budget of max bytes; max <= 0 means no bound.
func NewPageBudget(max int64) *PageBudget {
	b := &PageBudget{max: max}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// Acquire waits until n bytes fit in the budget (or the budget is unused,
// for n larger than the whole budget) and takes them, or returns ctx's
// error. It returns the amount to Release.
func (b *PageBudget) Acquire(ctx context.Context, n int64) (int64, error) {
	if b == nil || b.max <= 0 || n <= 0 {
		return 0, ctx.Err()
	}
	n = min(n, b.max)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used+n > b.max && ctx.Done() != nil {
		// Wake the waiters when ctx ends, so they can give up.
		stop := context.AfterFunc(ctx, func() {
			b.mu.Lock()
			b.cond.Broadcast()
			b.mu.Unlock()
		})
		defer stop()
	}
	for b.used+n > b.max {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		b.cond.Wait()
	}
	b.used += n
	return n, nil
}

// Release gives back n bytes taken by Acquire.
func (b *PageBudget) Release(n int64) {
	if b == nil || n <= 0 {
		return
	}
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
	b.cond.Broadcast()
}

// size is SampleOptions.Size, or FileSize.
func (o *SampleOptions) size(path string) int64 {
	if o.Size != nil {
		return o.Size(path)
	}
	return FileSize(path)
}

// FileSize returns the size of the file at path, 0 when unknown.
func FileSize(path string) int64 {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() {
		return 0
	}
	return st.Size()
}

// MinSamplePages is the fewest pages a sample may have when it is cut to
// SampleOptions.MaxBytes: induction tells template from data by comparing
// pages, and on one page everything looks like template.
const MinSamplePages = 2

// SampleTooLargeError reports a page left out of sampling because it is
// larger than a sample page may be (SampleOptions.MaxBytes / MinSamplePages).
type SampleTooLargeError struct {
	Size, Max int64
}

func (e *SampleTooLargeError) Error() string {
	return fmt.Sprintf("page of %s, more than the %s a sample page may have (a sample of %d pages within %s; "+
		"induction takes some 35 times the sample's size in memory): not learned from (pages out of the sample are still extracted); "+
		"raise the bound (SampleOptions.MaxBytes, extract --sample-mb) to learn from pages this large", mib(e.Size), mib(e.Max), MinSamplePages, mib(e.Max*MinSamplePages))
}

// leaveOutLarge calls skip on every page larger than a sample page may be,
// and returns how many.
func leaveOutLarge(states []*pageState, paths []string, size func(string) int64, maxBytes int64, skip func(*pageState, error)) int {
	if maxBytes <= 0 {
		return 0
	}
	limit := maxBytes / MinSamplePages
	left := 0
	for _, st := range states {
		if n := size(paths[st.idx]); n > limit {
			skip(st, &SampleTooLargeError{Size: n, Max: limit})
			left++
		}
	}
	return left
}

// mib prints a byte count in MiB, or KiB below one MiB.
func mib(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d KiB", (n+512)>>10)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// fitBytes returns the items, in order, that fit within max bytes when
// taken greedily in that order (an item that does not fit is passed over);
// when none fits, the smallest alone. max <= 0 keeps them all.
func fitBytes[T any](items []T, size func(T) int64, max int64) []T {
	if max <= 0 || len(items) == 0 {
		return items
	}
	var out []T
	var used int64
	smallest := 0
	for i, it := range items {
		n := size(it)
		if n < size(items[smallest]) {
			smallest = i
		}
		if used+n <= max {
			out = append(out, it)
			used += n
		}
	}
	if len(out) == 0 {
		out = append(out, items[smallest])
	}
	return out
}

// probeWithin keeps the probe pages, smallest first, that fit in max bytes
// together, in their original order: the probe keeps its pages parsed.
func probeWithin(probe []*pageState, paths []string, size func(string) int64, max int64) []*pageState {
	if max <= 0 {
		return probe
	}
	sizes := make(map[*pageState]int64, len(probe))
	for _, st := range probe {
		sizes[st] = size(paths[st.idx])
	}
	bySize := append([]*pageState(nil), probe...)
	sort.SliceStable(bySize, func(i, j int) bool { return sizes[bySize[i]] < sizes[bySize[j]] })
	in := map[*pageState]bool{}
	for _, st := range fitBytes(bySize, func(st *pageState) int64 { return sizes[st] }, max) {
		in[st] = true
	}
	out := probe[:0:0]
	for _, st := range probe {
		if in[st] {
			out = append(out, st)
		}
	}
	return out
}

// withPath names the file in a ParsePage error (which names rel).
func withPath(path string, err error) error {
	var tl *TooLargeError
	if errors.As(err, &tl) {
		tl.Path = path
		return tl
	}
	return fmt.Errorf("%s: %w", path, err)
}
