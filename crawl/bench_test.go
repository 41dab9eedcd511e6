package crawl

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/objectrunner/objectrunner/internal/cputime"
	"github.com/objectrunner/objectrunner/internal/testsite"
)

// benchSources returns the detail pages the crawl benchmark serves: 400
// pages of SWDE's booksamillion when ../shared is there, else the 82
// pages of examples/bookdetail-a.
func benchSources(b *testing.B) testsite.Source {
	if src, err := testsite.DirSource("books", filepath.Join("..", "..", "shared", "data", "swde", "book-booksamillion"), 400); err == nil {
		return src
	}
	src, err := testsite.DirSource("books", filepath.Join("..", "examples", "bookdetail-a", "pages"), 0)
	if err != nil {
		b.Fatal(err)
	}
	return src
}

// BenchmarkCrawl crawls the test site (internal/testsite: paginated lists,
// detail pages and noise) spread over 8 local servers, each a host of its
// own, so that 8 requests are in flight at once (one per host, as the
// crawler's politeness allows), with no delay between requests: the
// crawler's own cost. One op is a whole crawl into a new WARC file.
// Reported: pages/s (every answered request, wall clock), cpu-ms/page (CPU
// of the whole process, the servers' included, per answered request) and
// MB/s of detail pages.
//
//	go test -run '^$' -bench Crawl -count 3 ./crawl
func BenchmarkCrawl(b *testing.B) {
	all := benchSources(b)
	for _, conns := range []int{1, 8} {
		b.Run(map[int]string{1: "conns=1", 8: "conns=8"}[conns], func(b *testing.B) {
			var starts []string
			var bytes int64
			for h := range 8 {
				shard := testsite.Source{Name: all.Name, Dir: all.Dir}
				for i := h; i < len(all.Files); i += 8 {
					shard.Files = append(shard.Files, all.Files[i])
					if st, err := os.Stat(filepath.Join(all.Dir, all.Files[i])); err == nil {
						bytes += st.Size()
					}
				}
				srv := httptest.NewServer(testsite.New(testsite.Options{SlowDelay: time.Microsecond}, shard))
				b.Cleanup(srv.Close)
				starts = append(starts, srv.URL+"/")
			}
			b.SetBytes(bytes)
			dir := b.TempDir()
			fetched := 0
			cpu0 := cputime.Self()
			b.ResetTimer()
			for range b.N {
				out := filepath.Join(dir, "site.warc.gz")
				st, err := Crawl(context.Background(), Config{Start: starts, Out: out, Delay: time.Nanosecond, Concurrency: conns, Retries: -1})
				if err != nil {
					b.Fatal(err)
				}
				if st.Pages < len(all.Files) {
					b.Fatalf("%d pages answered 200, want at least the %d detail pages", st.Pages, len(all.Files))
				}
				fetched += st.Fetched
				if err := os.Remove(out); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			cpu := cputime.Self() - cpu0
			b.ReportMetric(float64(fetched)/b.Elapsed().Seconds(), "pages/s")
			b.ReportMetric(cpu.Seconds()*1000/float64(fetched), "cpu-ms/page")
			b.ReportMetric(float64(fetched)/float64(b.N), "pages/op")
		})
	}
}
