package objectrunner_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/wrapper"
)

// heapSampler records the peak of the Go heap while it runs, reading
// runtime/metrics (which does not stop the world) every few milliseconds.
type heapSampler struct {
	stop chan struct{}
	done sync.WaitGroup
	// peakLive is the highest "/gc/heap/live:bytes": the heap marked live
	// by a GC cycle, i.e. what the run retains. peakHeap is the highest
	// "/memory/classes/heap/objects:bytes" (MemStats.HeapAlloc): live
	// objects plus the garbage not yet collected, what the process holds.
	peakLive, peakHeap uint64
}

var heapMetrics = []string{"/gc/heap/live:bytes", "/memory/classes/heap/objects:bytes"}

// readHeap returns the live heap and the allocated heap objects, in bytes.
func readHeap(s []metrics.Sample) (live, heap uint64) {
	metrics.Read(s)
	return s[0].Value.Uint64(), s[1].Value.Uint64()
}

// startHeapSampler samples every period until Stop.
func startHeapSampler(period time.Duration) *heapSampler {
	h := &heapSampler{stop: make(chan struct{})}
	s := newHeapSamples()
	sample := func() {
		live, heap := readHeap(s)
		h.peakLive = max(h.peakLive, live)
		h.peakHeap = max(h.peakHeap, heap)
	}
	h.done.Add(1)
	go func() {
		defer h.done.Done()
		tick := time.NewTicker(period)
		defer tick.Stop()
		for {
			sample()
			select {
			case <-h.stop:
				sample()
				return
			case <-tick.C:
			}
		}
	}()
	return h
}

// Stop ends sampling; the peaks are final afterwards.
func (h *heapSampler) Stop() {
	close(h.stop)
	h.done.Wait()
}

// newHeapSamples returns the runtime/metrics samples readHeap reads.
func newHeapSamples() []metrics.Sample {
	s := make([]metrics.Sample, len(heapMetrics))
	for i, name := range heapMetrics {
		s[i].Name = name
	}
	return s
}

// settledLive waits until the extraction is blocked on the consumer (its
// window of pages read ahead is full, no page is being parsed) and returns
// the live heap then: a GC cycle repeated until it marks the same number of
// bytes twice. Called from emit, this is what the run retains at that point,
// without the noise of pages in flight.
func settledLive(s []metrics.Sample) uint64 {
	var prev uint64
	for range 40 {
		time.Sleep(5 * time.Millisecond)
		runtime.GC()
		live, _ := readHeap(s)
		if live == prev {
			break
		}
		prev = live
	}
	return prev
}

// checkEvery is how many emitted objects apart settledLive is taken.
const checkEvery = 100

// extractRun is what one extraction run over a set of pages measured.
type extractRun struct {
	pages, objects int
	bytes          int64
	elapsed        time.Duration // excluding the pauses of the checkpoints
	// base is the live heap before the run (after a full GC); retained is
	// the highest settledLive taken every checkEvery objects; peakLive and
	// peakHeap are heapSampler's peaks during the run.
	base, retained, peakLive, peakHeap uint64
}

// grown is how far the settled live heap rose above its level before the run.
func (r extractRun) grown() int64 { return int64(r.retained) - int64(r.base) }

func (r extractRun) String() string {
	const mib = 1 << 20
	return fmt.Sprintf("%4d pages: %4.0f pages/s %4.1f MB/s; live heap before %.1f MiB, settled %+.2f MiB; peak live %.1f MiB, peak heap %.1f MiB; %d objects",
		r.pages, float64(r.pages)/r.elapsed.Seconds(), float64(r.bytes)/1e6/r.elapsed.Seconds(),
		float64(r.base)/mib, float64(r.grown())/mib, float64(r.peakLive)/mib, float64(r.peakHeap)/mib, r.objects)
}

// measureExtract runs the pipeline's extraction (objectrunner.Extract) of w
// over paths, as `objectrunner extract --wrapper` does, and measures it.
func measureExtract(t *testing.T, w *wrapper.Wrapper, root string, paths []string) extractRun {
	t.Helper()
	r := extractRun{pages: len(paths)}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		r.bytes += st.Size()
	}
	s := newHeapSamples()
	runtime.GC()
	r.base, _ = readHeap(s)
	h := startHeapSampler(2 * time.Millisecond)
	rep := &objectrunner.Report{Root: root}
	var paused time.Duration
	emitted := 0
	t0 := time.Now()
	err := objectrunner.Extract(context.Background(), w, paths, rep, objectrunner.Config{}, func(o *wrapper.Object) error {
		if len(o.Get("title")) > 0 {
			r.objects++
		}
		if emitted++; emitted%checkEvery == 0 {
			t1 := time.Now()
			r.retained = max(r.retained, settledLive(s))
			paused += time.Since(t1)
		}
		return nil
	})
	r.elapsed = time.Since(t0) - paused
	h.Stop()
	if err != nil {
		t.Fatal(err)
	}
	r.peakLive, r.peakHeap = h.peakLive, h.peakHeap
	// A broken extraction must not pass as lean: nearly every page of the
	// source fits the template and gives a titled book.
	if r.objects < len(paths)*9/10 || len(rep.Failed) > 0 {
		t.Fatalf("%d titled objects from %d pages (%d unfit, %d unreadable)", r.objects, len(paths), rep.UnfitPages(), len(rep.Failed))
	}
	return r
}

// TestExtractMemoryFlat checks that extraction streams, over the first 200
// and over all 2,000 SWDE booksamillion pages:
//
//   - retained memory: the live heap with no page in flight, taken every 100
//     objects (settledLive), may rise above its level before the run by at
//     most 1.5× as much over 2,000 pages as over 200, + 512 KiB. Keeping
//     every object (about 1 KiB each here) breaks this;
//   - peak heap (MemStats.HeapAlloc, sampled every 2 ms, garbage included)
//     at most 1.5× its peak over 200 pages + 8 MiB. Keeping every page's
//     tree breaks this.
//
// It logs pages/s, MB/s and the heap figures of both runs (the checkpoints'
// pauses are not counted in the rates). The wrapper is learned once from the
// first 200 pages (objectrunner.Learn, book gazetteers in memory) and
// everything used to learn it is garbage before measuring.
func TestExtractMemoryFlat(t *testing.T) {
	root, paths, _, _ := stageData(t)
	w := learnBookWrapper(t, root, paths[:stagePages])
	small := measureExtract(t, w, root, paths[:stagePages])
	large := measureExtract(t, w, root, paths)
	t.Logf("%s", small)
	t.Logf("%s", large)
	const mib = 1 << 20
	if limit := max(small.grown(), 0)*3/2 + mib/2; large.grown() > limit {
		t.Errorf("extraction retains memory in proportion to the pages: %+.2f MiB over %d pages, %+.2f MiB over %d (limit %.2f MiB)",
			float64(small.grown())/mib, small.pages, float64(large.grown())/mib, large.pages, float64(limit)/mib)
	}
	if limit := small.peakHeap*3/2 + 8*mib; large.peakHeap > limit {
		t.Errorf("peak heap grows with the pages: %.1f MiB over %d pages, %.1f MiB over %d (limit %.1f MiB)",
			float64(small.peakHeap)/mib, small.pages, float64(large.peakHeap)/mib, large.pages, float64(limit)/mib)
	}
}

// learnBookWrapper learns a wrapper for the SWDE book SOD from paths with the
// pipeline's Learn (annotate.Sample, then wrapper.Induce).
func learnBookWrapper(t *testing.T, root string, paths []string) *wrapper.Wrapper {
	t.Helper()
	s, recs := bookRecognizers(t)
	rep := &objectrunner.Report{Root: root, Pages: len(paths)}
	if err := objectrunner.Learn(context.Background(), paths, rep, objectrunner.Config{SOD: s, Recognizers: recs}); err != nil {
		t.Fatal(err)
	}
	t.Logf("learned from %d pages: sample %v, induction %v", len(paths), rep.SampleTime.Round(time.Millisecond), rep.InduceTime.Round(time.Millisecond))
	return rep.Wrapper
}
