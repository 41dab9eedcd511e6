package repository

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/internal/cputime"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// The query benchmark runs over a generated repository of book and concert
// objects (list pages of ten objects, with page text), by default 102,000
// objects: 10 book sources of 9,000 and 2 concert sources of 6,000.
// OBJECTRUNNER_BENCH_OBJECTS scales it (same proportions).
// OBJECTRUNNER_BENCH_REPO=DIR keeps the repository in DIR and reuses it in
// later runs (the build then reports the first run's figures as zero), so
// before/after comparisons of a query change skip the build.
//
//	go test -run '^$' -bench Query100k -benchtime 300x ./repository
//
// Each sub-benchmark runs one kind of query b.N times with varying values
// and reports the 50th and 99th percentile latencies, the same percentiles
// divided by the time html.Parse takes on a 9 KB page (floorPage), in the
// same iterations (the project's floor), and the process's CPU time per
// query (cpu-ms/op), which a busy shared machine inflates least. "build" reports the time to index
// the objects (wall and CPU time) and the repository's size on disk.

type benchRepo struct {
	once     sync.Once
	dir      string
	objects  int
	build    time.Duration // wall time
	buildCPU time.Duration // CPU time of the process (user + system)
	size     int64
	err      error
}

var bench benchRepo

// Word material for generated objects.
var (
	benchFirst = strings.Fields("Ada Basil Cora Dmitri Elena Farid Gwen Hugo Ines Jonas Kara Liam Mira Nadia Omar Pia Quinn Rosa Silas Tomas " +
		"Uma Viktor Wren Xavier Yara Zane Alma Bruno Clio Dario Esther Felix Greta Henrik Iris Jules Kofi Lena Marco Nell")
	benchLast = strings.Fields("Abbott Baptiste Castell Dunmore Eriksen Fontaine Galloway Haddad Ivanova Jaramillo Kowalczyk Lindgren " +
		"Moreau Nakamura Okonkwo Petrov Quiroga Rasmussen Santoro Takahashi Underwood Valdez Whitfield Xiong Yilmaz Zamora " +
		"Achebe Bergstrom Calloway Delgado Esposito Falkner Gutierrez Hawthorne Iwasaki Jovanovic Kaplan Lombardi Mendez Novak")
	benchMonths = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// benchVocab returns n pronounceable words.
func benchVocab(n int) []string {
	cons, vows := "bcdfghjklmnprstvz", "aeiou"
	var out []string
	for i := 0; len(out) < n; i++ {
		w := ""
		for j, x := 0, i; j < 2+i%3; j++ {
			w += string(cons[x%len(cons)]) + string(vows[(x/len(cons))%len(vows)])
			x /= len(cons) * len(vows)
			x += j * 7
		}
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

var vocab = benchVocab(3000)

// zipf picks words of vocab with a Zipf distribution, as in real text.
type zipf struct{ z *rand.Zipf }

func newZipf(r *rand.Rand) zipf { return zipf{rand.NewZipf(r, 1.1, 2, uint64(len(vocab)-1))} }

func (z zipf) words(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = vocab[z.z.Uint64()]
	}
	return out
}

// benchName returns one of 41,600 names (first, middle initial, last).
func benchName(r *rand.Rand) string {
	return benchFirst[r.IntN(len(benchFirst))] + " " + string(rune('A'+r.IntN(26))) + ". " + benchLast[r.IntN(len(benchLast))]
}

func isbn13(r *rand.Rand) string {
	d := "978" + fmt.Sprintf("%09d", r.IntN(1e9))
	sum := 0
	for i, c := range d {
		w := 1
		if i%2 == 1 {
			w = 3
		}
		sum += int(c-'0') * w
	}
	return d + strconv.Itoa((10-sum%10)%10)
}

func val(text, norm string, conf float64) []wrapper.Value {
	return []wrapper.Value{{Text: text, Normalized: norm, Confidence: conf}}
}

func benchDate(r *rand.Rand, from, years int) (string, string) {
	t := time.Date(from, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, r.IntN(365*years))
	return fmt.Sprintf("%s %d, %d", benchMonths[t.Month()-1], t.Day(), t.Year()), t.Format("2006-01-02")
}

func benchBook(r *rand.Rand, z zipf, page string, index int) *wrapper.Object {
	conf := 0.5 + float64(r.IntN(51))/100
	title := strings.Join(z.words(2+r.IntN(4)), " ")
	title = strings.ToUpper(title[:1]) + title[1:]
	o := &wrapper.Object{Page: page, Index: index}
	authors := wrapper.Field{Name: "author", Many: true}
	for range 1 + r.IntN(3) {
		authors.Values = append(authors.Values, val(benchName(r), "", conf)...)
	}
	cents := 300 + r.IntN(5700)
	price := fmt.Sprintf("$%d.%02d", cents/100, cents%100)
	date, iso := benchDate(r, 1990, 25)
	isbn := isbn13(r)
	o.Fields = []wrapper.Field{
		{Name: "title", Values: val(title, "", conf)},
		authors,
		{Name: "price", Values: val(price, fmt.Sprintf("%d.%02d USD", cents/100, cents%100), conf)},
		{Name: "date", Values: val(date, iso, conf)},
		{Name: "isbn", Values: val(isbn, isbn, conf)},
	}
	return o
}

func benchConcert(r *rand.Rand, page string, index int) *wrapper.Object {
	conf := 0.5 + float64(r.IntN(51))/100
	date, iso := benchDate(r, 2009, 3)
	cents := 1500 + r.IntN(15000)
	addr := fmt.Sprintf("%d %s Street, New York, NY 100%02d", 1+r.IntN(999), benchLast[r.IntN(len(benchLast))], r.IntN(99))
	return &wrapper.Object{Page: page, Index: index, Fields: []wrapper.Field{
		{Name: "artist", Values: val(benchName(r), "", conf)},
		{Name: "date", Values: val(date, iso, conf)},
		{Name: "address", Values: val(addr, addr, conf)},
		{Name: "price", Values: val(fmt.Sprintf("$%d.%02d", cents/100, cents%100), fmt.Sprintf("%d.%02d USD", cents/100, cents%100), conf)},
	}}
}

// benchObjects is the number of objects of the benchmark repository.
func benchObjects() int {
	if s := os.Getenv("OBJECTRUNNER_BENCH_OBJECTS"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n > 0 {
			return n
		}
	}
	return 102000
}

// buildBenchRepo generates and indexes the benchmark repository once per
// test binary.
func buildBenchRepo(b testing.TB) *benchRepo {
	bench.once.Do(func() {
		if keep := os.Getenv("OBJECTRUNNER_BENCH_REPO"); keep != "" {
			if _, err := os.Stat(filepath.Join(keep, benchDone)); err == nil {
				bench.dir, bench.objects = keep, benchObjects()
				bench.err = bench.measureSize()
				return
			}
			if bench.err = os.MkdirAll(keep, 0o755); bench.err != nil {
				return
			}
			bench.dir = keep
			defer func() {
				if bench.err == nil {
					bench.err = os.WriteFile(filepath.Join(keep, benchDone), nil, 0o644)
				}
			}()
		} else {
			bench.dir, bench.err = os.MkdirTemp("", "objectrunner-bench-repo-")
			if bench.err != nil {
				return
			}
		}
		total := benchObjects()
		perBook, perConcert := total*9/102, total*6/102
		r := rand.New(rand.NewPCG(1, 2))
		z := newZipf(r)
		start, startCPU := time.Now(), cputime.Self()
		type src struct {
			sodName, text, name string
			n                   int
		}
		var srcs []src
		for i := range 10 {
			srcs = append(srcs, src{"book", bookSOD, fmt.Sprintf("shop-%02d", i), perBook})
		}
		for i := range 2 {
			srcs = append(srcs, src{"concert", concertSOD, fmt.Sprintf("venue-%02d", i), perConcert})
		}
		for _, s := range srcs {
			sd, err := sod.Parse(s.sodName+".toml", []byte(s.text))
			if err != nil {
				bench.err = err
				return
			}
			pageText := map[string]string{}
			w, err := NewWriter(bench.dir, sd, s.name, os.TempDir(), WriterOptions{SODText: s.text, BatchSize: 1000,
				PageText: func(p string) (string, error) { return pageText[p], nil }})
			if err != nil {
				bench.err = err
				return
			}
			for i := 0; i < s.n; i += 10 {
				page := fmt.Sprintf("%05d.html", i/10)
				var objs []*wrapper.Object
				var text []string
				for j := 0; j < 10 && i+j < s.n; j++ {
					var o *wrapper.Object
					if s.sodName == "book" {
						o = benchBook(r, z, page, j)
					} else {
						o = benchConcert(r, page, j)
					}
					objs = append(objs, o)
					for _, f := range o.Fields {
						for _, v := range f.Values {
							text = append(text, v.Text)
						}
					}
				}
				text = append(text, z.words(60)...)
				pageText = map[string]string{page: strings.Join(text, " ")}
				for _, o := range objs {
					if err := w.Add(o); err != nil {
						bench.err = err
						return
					}
				}
				bench.objects += len(objs)
			}
			if _, err := w.Commit(s.n / 10); err != nil {
				bench.err = err
				return
			}
		}
		bench.build, bench.buildCPU = time.Since(start), cputime.Self()-startCPU
		bench.err = bench.measureSize()
	})
	if bench.err != nil {
		b.Fatal(bench.err)
	}
	return &bench
}

// benchDone marks a kept benchmark repository (OBJECTRUNNER_BENCH_REPO) as
// complete.
const benchDone = ".bench-complete"

// measureSize sets the repository's size on disk.
func (b *benchRepo) measureSize() error {
	b.size = 0
	return filepath.WalkDir(b.dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil {
				b.size += fi.Size()
			}
		}
		return err
	})
}

// benchQuery makes one query of a kind from random values.
type benchQuery struct {
	name string
	make func(r *rand.Rand, z zipf) *Query
}

func where(ss ...string) []Restriction {
	var out []Restriction
	for _, s := range ss {
		w, err := ParseRestriction(s)
		if err != nil {
			panic(err)
		}
		out = append(out, w)
	}
	return out
}

var benchQueries = []benchQuery{
	{"exact-author", func(r *rand.Rand, z zipf) *Query {
		return &Query{SODs: []string{"book"}, Where: where("author=" + benchName(r))}
	}},
	{"price-range", func(r *rand.Rand, z zipf) *Query {
		lo := 3 + r.IntN(50)
		return &Query{SODs: []string{"book"}, Where: where(fmt.Sprintf("price>=%d", lo), fmt.Sprintf("price<%d", lo+2))}
	}},
	{"date-range", func(r *rand.Rand, z zipf) *Query {
		return &Query{Where: where(fmt.Sprintf("date=%d-%02d", 1990+r.IntN(25), 1+r.IntN(12)))}
	}},
	{"title-words", func(r *rand.Rand, z zipf) *Query {
		return &Query{SODs: []string{"book"}, Where: where("title~" + z.words(1)[0])}
	}},
	{"keywords", func(r *rand.Rand, z zipf) *Query {
		return &Query{Keywords: strings.Join(z.words(2), " ")}
	}},
	{"keywords+range+sources", func(r *rand.Rand, z zipf) *Query {
		return &Query{SODs: []string{"book"}, Keywords: z.words(1)[0], Sources: []string{"shop-01", "shop-02", "shop-03"},
			Where: where(fmt.Sprintf("price<%d", 10+r.IntN(40)), fmt.Sprintf("date>=%d", 1990+r.IntN(25)))}
	}},
	{"join", func(r *rand.Rand, z zipf) *Query {
		return &Query{Join: &Join{Left: FieldRef{"concert", "artist"}, Right: FieldRef{"book", "author"}},
			Where: where(fmt.Sprintf("concert.date=%d-%02d", 2009+r.IntN(3), 1+r.IntN(12)))}
	}},
}

// floorPage is parsed in every iteration as the machine-speed reference.
var floorPage = filepath.Join("..", "examples", "books-a", "pages", "0000.html")

func percentile(ds []time.Duration, p float64) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

func BenchmarkQuery100k(b *testing.B) {
	repo := buildBenchRepo(b)
	page, err := os.ReadFile(floorPage)
	if err != nil {
		b.Fatal(err)
	}
	r, err := OpenReader(repo.dir)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	// OBJECTRUNNER_BENCH_DUMP=FILE writes every query's results (IDs,
	// scores to 17 digits, totals) to FILE: two builds compare with cmp.
	var dump io.Writer
	if p := os.Getenv("OBJECTRUNNER_BENCH_DUMP"); p != "" {
		f, err := os.Create(p)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		bw := bufio.NewWriter(f)
		defer bw.Flush()
		dump = bw
	}
	b.Run("build", func(b *testing.B) {
		b.ReportMetric(float64(repo.objects), "objects")
		b.ReportMetric(repo.build.Seconds(), "build-s")
		b.ReportMetric(repo.buildCPU.Seconds(), "build-cpu-s")
		b.ReportMetric(float64(repo.size)/(1<<20), "size-MiB")
		b.ReportMetric(float64(repo.objects)/repo.build.Seconds(), "objects/s")
	})
	for _, bq := range benchQueries {
		b.Run(bq.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(3, 4))
			z := newZipf(rng)
			var lat, floor, cpus, thr []time.Duration
			var cpu time.Duration
			results := 0
			// The query runs on this goroutine, locked to its thread, so
			// the thread's CPU time is the query's own (without the work
			// of other goroutines: GC workers, parallel index searches);
			// the process's CPU time over the query counts those too.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ResetTimer()
			for range b.N {
				q := bq.make(rng, z)
				t0, c0, th0 := time.Now(), cputime.Self(), cputime.Thread()
				res, err := r.Search(context.Background(), q)
				lat = append(lat, time.Since(t0))
				c := cputime.Self() - c0
				thr = append(thr, cputime.Thread()-th0)
				cpus = append(cpus, c)
				cpu += c
				if err != nil {
					b.Fatal(err)
				}
				results += res.Total
				if dump != nil {
					fmt.Fprintf(dump, "%s %d total=%d\n", bq.name, len(lat), res.Total)
					for _, h := range res.Hits {
						fmt.Fprintf(dump, "  %s %.17g %.17g %.17g", h.id, h.Score, h.Relevance, h.Confidence)
						if h.Joined != nil {
							fmt.Fprintf(dump, " + %s %.17g", h.Joined.id, h.Joined.Score)
						}
						fmt.Fprintf(dump, " %d\n", len(h.Object))
					}
				}
				b.StopTimer()
				t0 = time.Now()
				if _, err := html.Parse(bytes.NewReader(page)); err != nil {
					b.Fatal(err)
				}
				floor = append(floor, time.Since(t0))
				b.StartTimer()
			}
			p50, p99, f50 := percentile(lat, 0.5), percentile(lat, 0.99), percentile(floor, 0.5)
			b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(p50)/float64(f50), "p50-x-parse")
			b.ReportMetric(float64(p99)/float64(f50), "p99-x-parse")
			b.ReportMetric(float64(results)/float64(b.N), "matches/op")
			b.ReportMetric(cpu.Seconds()*1000/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(percentile(cpus, 0.5).Microseconds())/1000, "cpu-p50-ms")
			b.ReportMetric(float64(percentile(cpus, 0.99).Microseconds())/1000, "cpu-p99-ms")
			b.ReportMetric(float64(percentile(thr, 0.5).Microseconds())/1000, "thread-cpu-p50-ms")
			b.ReportMetric(float64(percentile(thr, 0.99).Microseconds())/1000, "thread-cpu-p99-ms")
		})
	}
}
