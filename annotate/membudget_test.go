package annotate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestPageBudget: concurrent holders never exceed the budget, a request
// larger than the budget runs alone, and a cancelled context frees a waiter.
func TestPageBudget(t *testing.T) {
	b := NewPageBudget(100)
	var held, peak atomic.Int64
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			want := int64(10 + i%5*20) // 10..90
			if i == 7 {
				want = 1000 // larger than the budget: alone
			}
			n, err := b.Acquire(context.Background(), want)
			if err != nil {
				t.Error(err)
				return
			}
			h := held.Add(n)
			for {
				p := peak.Load()
				if h <= p || peak.CompareAndSwap(p, h) {
					break
				}
			}
			time.Sleep(time.Millisecond)
			held.Add(-n)
			b.Release(n)
		}()
	}
	wg.Wait()
	if p := peak.Load(); p > 100 {
		t.Errorf("peak %d bytes held, budget 100", p)
	}
	// A waiter gives up when its context ends.
	n, _ := b.Acquire(context.Background(), 100)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := b.Acquire(ctx, 1); err == nil {
		t.Error("Acquire succeeded on a full budget")
	}
	b.Release(n)
	// nil and unbounded budgets never wait.
	var nb *PageBudget
	if n, err := nb.Acquire(context.Background(), 1<<40); n != 0 || err != nil {
		t.Errorf("nil budget: %d, %v", n, err)
	}
}

func TestFitBytes(t *testing.T) {
	size := func(n int64) int64 { return n }
	for _, tc := range []struct {
		in   []int64
		max  int64
		want string
	}{
		{[]int64{5, 5, 5}, 12, "[5 5]"},
		{[]int64{20, 5, 30, 5}, 12, "[5 5]"},
		{[]int64{20, 30}, 12, "[20]"}, // none fits: the smallest alone
		{[]int64{30, 20}, 12, "[20]"},
		{[]int64{30, 20}, 0, "[30 20]"},
		{[]int64{30, 20}, -1, "[30 20]"},
	} {
		if got := fmt.Sprint(fitBytes(tc.in, size, tc.max)); got != tc.want {
			t.Errorf("fitBytes(%v, %d) = %s, want %s", tc.in, tc.max, got, tc.want)
		}
	}
}

// TestSampleMaxBytes: pages too large for the sample's bound are passed over
// (the sample keeps its other pages), and a source where fewer than
// MinSamplePages fit fails with an error saying so, instead of learning
// from gigabytes.
func TestSampleMaxBytes(t *testing.T) {
	s, recs := bookSOD()
	dir, paths := writeSource(t, 12, func(i int) bool { return i%2 == 0 })
	// Inflate three rich pages (ISBN and known author) to 200 KB.
	filler := "<p>" + strings.Repeat("filler words ", 200<<10/13) + "</p>"
	for _, i := range []int{0, 6, 2} {
		data, _ := os.ReadFile(paths[i])
		if err := os.WriteFile(paths[i], []byte(strings.Replace(string(data), "<p>Other text</p>", filler, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, err := NewAnnotator(s, recs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Sample(context.Background(), paths, dir, a, SampleOptions{K: 5, MaxBytes: 100 << 10})
	if err != nil {
		t.Fatal(err)
	}
	var total int
	for _, p := range res.Pages {
		total += p.Size
		if p.Size > 100<<10 {
			t.Errorf("sample page %s is %d bytes", p.Path, p.Size)
		}
	}
	if len(res.Pages) != 5 || res.TooLarge == 0 || total > 100<<10 {
		t.Errorf("sample of %d pages, %d bytes, %d passed over", len(res.Pages), total, res.TooLarge)
	}
	// Every page too large: each is left out with the reason.
	res, _ = Sample(context.Background(), []string{paths[0], paths[6], paths[2]}, dir, a, SampleOptions{K: 5, MaxBytes: 100 << 10})
	if res == nil || len(res.Pages) != 0 || len(res.Skipped) != 3 || res.TooLarge != 3 {
		t.Fatalf("Sample on pages over the bound: %+v", res)
	}
	var tl *SampleTooLargeError
	if err := res.Skipped[0].Err; !errors.As(err, &tl) || !strings.Contains(err.Error(), "KiB, more than the 50 KiB a sample page may have") {
		t.Errorf("skipped for %v", err)
	}
}

// TestPageWeight: a page dense in tags weighs TagWeight bytes a tag, and
// the size limit applies to that weight: ten megabytes of "<p>x" (2.5
// million elements, two gigabytes once parsed and extracted) are refused
// like a 50 MB page, at once; ordinary HTML weighs its size.
func TestPageWeight(t *testing.T) {
	ordinary := []byte(strings.Repeat("<p>some ordinary text of a page, twenty-odd bytes a tag</p>\n", 1000))
	if w := PageWeight(ordinary); w != int64(len(ordinary)) {
		t.Errorf("ordinary HTML weighs %d, its size is %d", w, len(ordinary))
	}
	dense := []byte(strings.Repeat("<p>x", 2_500_000))
	if w := PageWeight(dense); w != 2_500_000*TagWeight {
		t.Errorf("dense page weighs %d", w)
	}
	start := time.Now()
	_, err := ParsePage(dense, "dense.html", LoadOptions{})
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Tags != 2_500_000 || !strings.Contains(err.Error(), "dense.html: page of 10000000 bytes with 2500000 tags, as heavy to parse as 50000000 bytes") {
		t.Fatalf("ParsePage: %v", err)
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("refusing took %v", took)
	}
	// ReadPage names the file.
	path := t.TempDir() + "/dense.html"
	if err := os.WriteFile(path, dense, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadPage(path, "dense.html", LoadOptions{}); err == nil || !strings.HasPrefix(err.Error(), path+": page of") {
		t.Fatalf("ReadPage: %v", err)
	}
}
