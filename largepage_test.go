package objectrunner_test

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// largePageHeapPerByte bounds the heap one large page takes while a saved
// wrapper extracts it, per byte of the page. Measured on the 4 MB page of
// TestLargePageHeap (GOGC 10, heap sampled every millisecond): 38.8 bytes
// per byte with 64-byte tokens (fd7198c), 22.3-23.4 with the 32-byte
// tokens of exalg.Token (the page's tokens while their array grows, the
// cleaned tree, the page's bytes and text, the matcher's arrays);
// 12.3 once a large page's tokens are counted and made in an array of
// their number (mapping.LargePage) and the matcher's position array holds
// the keyed tokens only; 11.6 at ae7c95e; 9.9 with 24-byte tokens and
// the arena's blocks filling their size class (perf12).
const largePageHeapPerByte = 12

// TestLargePageHeap (issue 25: one 20 MB page with a saved wrapper) applies
// a wrapper learned from 30 small shop pages to one page of 4 MB (a shop
// page whose item holds repeated review blocks, as scripts/manypages -big
// and reliability's TestLargePages write at 20 MB) and checks the peak of
// the Go heap above its level before the page: at most
// largePageHeapPerByte times the page's size. The garbage collector runs
// at GOGC 10 meanwhile, so that the peak follows what is live (the
// tokens, the tree, the page) rather than the collector's pacing. Tokens
// back at 64 bytes, or kept twice, break it.
func TestLargePageHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("extracts a 4 MB page")
	}
	s, err := sod.Parse("flat.toml", []byte(flatSOD))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := objectrunner.Run(context.Background(), writeFlatSource(t, 30), objectrunner.Config{SOD: s, Recognizers: recs}, func(*wrapper.Object) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	w := rep.Wrapper
	var b strings.Builder
	for n := 0; b.Len() < 4_000_000; n++ {
		fmt.Fprintf(&b, `<div class="review"><p>review %d: a fine model, sturdy and cheap, would buy again</p><span>Posted on March %d, 2010</span></div>`+"\n", n, n%28+1)
	}
	page := []byte(strings.Replace(flatPage(3), `<p class="desc">`, b.String()+`<p class="desc">`, 1))
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	s2 := newHeapSamples()
	runtime.GC()
	_, base := readHeap(s2)
	h := startHeapSampler(time.Millisecond)
	objs, err := w.ExtractBytes(page, "big.html", annotate.LoadOptions{})
	h.Stop()
	if err != nil || len(objs) != 1 || len(objs[0].Get("name")) == 0 {
		t.Fatalf("the large page gives %d objects (error %v)", len(objs), err)
	}
	grown := float64(h.peakHeap) - float64(base)
	per := grown / float64(len(page))
	t.Logf("%d-byte page: peak heap %.1f MiB above %.1f MiB before, %.1f bytes per byte of the page (bound %d)",
		len(page), grown/(1<<20), float64(base)/(1<<20), per, largePageHeapPerByte)
	if per > largePageHeapPerByte {
		t.Errorf("one large page takes %.1f bytes of heap per byte of the page (bound %d)", per, largePageHeapPerByte)
	}
}
