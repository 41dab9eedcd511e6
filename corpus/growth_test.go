package corpus

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/dictionaries"
	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

// The book corpus: the SWDE development site and the three generated
// detail-page sources of examples/, run with the SWDE book SOD, with and
// without growth between sources (one source per round), in both orders.
// Two seeds: the shared book gazetteers alone, and the gazetteers with the
// word lists of the three generated sources (each covers about a quarter of
// its source's titles and authors). For each source: how much of its true
// title, author and publisher values the dictionaries held when it ran
// (dictionary coverage), on which share of the pages annotated for each
// type the recognizer found one (first try), and the value F1 of every
// field.
//
//	go test -run BookCorpusGrowth -v ./corpus                          # the first 300 SWDE pages
//	OBJECTRUNNER_GROWTH_PAGES=2000 go test -run BookCorpusGrowth -v ./corpus

var dictFields = []string{"title", "author", "publisher"}

type bookSource struct {
	src   Source
	truth *eval.Truth
}

// bookCorpus returns the four book sources, the SWDE one cut to its first
// n pages (copied to a temporary directory), with their truth.
func bookCorpus(t *testing.T, data string, n int) []bookSource {
	t.Helper()
	swde := filepath.Join(data, "swde", "book-booksamillion")
	paths, err := annotate.ListSource(swde)
	if err != nil {
		t.Fatal(err)
	}
	n = min(n, len(paths))
	dir := filepath.Join(t.TempDir(), "booksamillion")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range paths[:n] {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(p)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	truth, err := eval.LoadSWDE(filepath.Join(data, "swde", "groundtruth", "book-booksamillion"))
	if err != nil {
		t.Fatal(err)
	}
	truth.Pages = truth.Pages[:n]
	out := []bookSource{{Source{Name: "booksamillion", Dir: dir}, truth}}
	for _, name := range []string{"bookdetail-a", "bookdetail-b", "bookdetail-c"} {
		s, err := SourceAt(filepath.Join(examples, name))
		if err != nil {
			t.Fatal(err)
		}
		tr, err := eval.LoadJSONL(filepath.Join(examples, name, "expected.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, bookSource{s, tr})
	}
	return out
}

// coverage is the share of the true values of class's field that the
// store holds as entries (exact, after normalisation).
func coverage(t *testing.T, store *dictionaries.Store, truth *eval.Truth, field string) float64 {
	t.Helper()
	seen := map[string]bool{}
	in := 0
	for _, p := range truth.Pages {
		for _, v := range p.Values(field) {
			n := dictionaries.Normalize(v)
			if n == "" || seen[n] {
				continue
			}
			seen[n] = true
			e, err := store.Lookup(field, v)
			if err != nil {
				t.Fatal(err)
			}
			if e != nil {
				in++
			}
		}
	}
	if len(seen) == 0 {
		return 0
	}
	return float64(in) / float64(len(seen))
}

type growthRow struct {
	seed, order, source string
	grow                bool
	status              Status
	tries               int
	cov                 map[string]float64 // dictionary coverage when the source ran (first try)
	annotated           map[string]float64
	f1                  map[string]float64
}

func TestBookCorpusGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("the book corpus runs the SWDE site three times: skipped in -short")
	}
	data := filepath.Join("..", "..", "shared", "data")
	if _, err := os.Stat(data); err != nil {
		t.Skip("../shared/data not found (the shared data sits beside the repository): skipping the real-data test")
	}
	pages := 300
	if s := os.Getenv("OBJECTRUNNER_GROWTH_PAGES"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n > 0 {
			pages = n
		}
	}
	books := bookCorpus(t, data, pages)
	s, err := sod.Load(filepath.Join(examples, "swde-book", "sod.toml"))
	if err != nil {
		t.Fatal(err)
	}
	// The seed stores, imported once and copied for every run.
	gazetteers := seedStore(t, map[string][]string{
		"title": {filepath.Join(data, "gazetteers", "book", "title.txt")}, "author": {filepath.Join(data, "gazetteers", "book", "author.txt")},
		"publisher": {filepath.Join(data, "gazetteers", "book", "publisher.txt")}})
	lists := map[string][]string{}
	for _, c := range dictFields {
		lists[c] = append(lists[c], filepath.Join(data, "gazetteers", "book", c+".txt"))
		for _, b := range books[1:] {
			lists[c] = append(lists[c], filepath.Join(examples, b.src.Name, "dictionaries", c+".txt"))
		}
	}
	withLists := seedStore(t, lists)

	reversed := []bookSource{books[3], books[2], books[1], books[0]}
	runs := []struct {
		seed, seedDir, order string
		books                []bookSource
		grow                 bool
	}{
		{"gazetteers", gazetteers, "swde first", books, false},
		{"gazetteers", gazetteers, "swde first", books, true},
		{"gazetteers + lists", withLists, "swde first", books, false},
		{"gazetteers + lists", withLists, "swde first", books, true},
		{"gazetteers + lists", withLists, "swde last", reversed, true},
	}
	var rows []growthRow
	for _, run := range runs {
		dir := filepath.Join(t.TempDir(), "dict")
		if err := os.CopyFS(dir, os.DirFS(run.seedDir)); err != nil {
			t.Fatal(err)
		}
		store, err := dictionaries.Open(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := recognizers.ForSOD(s, store)
		if err != nil {
			t.Fatal(err)
		}
		var srcs []Source
		truth := map[string]*eval.Truth{}
		for _, b := range run.books {
			srcs = append(srcs, b.src)
			truth[b.src.Name] = b.truth
		}
		cov := map[string]map[string]float64{}
		opt := Options{SOD: s, Recognizers: recs, Store: store, Grow: run.grow, Jobs: 1, Out: t.TempDir(),
			BeforeRound: func(round int, ss []Source) {
				for _, x := range ss {
					if cov[x.Name] != nil {
						continue // a second try: keep the first
					}
					cov[x.Name] = map[string]float64{}
					for _, f := range dictFields {
						cov[x.Name][f] = coverage(t, store, truth[x.Name], f)
					}
				}
			}}
		rep, err := Run(context.Background(), srcs, opt)
		if err != nil {
			t.Fatal(err)
		}
		var table strings.Builder
		rep.WriteTable(&table)
		t.Logf("seed %s, %s, growth %v:\n%s", run.seed, run.order, run.grow, table.String())
		for _, sr := range rep.Sources {
			a := sr.Final()
			row := growthRow{seed: run.seed, order: run.order, source: sr.Name, grow: run.grow, status: a.Status, tries: len(sr.Attempts),
				cov: cov[sr.Name], annotated: sr.Attempts[0].Annotated, f1: map[string]float64{}}
			if a.Status == OK {
				res, err := eval.LoadResults(sr.Output)
				if err != nil {
					t.Fatal(err)
				}
				for _, ar := range eval.Score(truth[sr.Name], res, eval.Options{}).Attributes {
					row.f1[ar.Name] = ar.Value.F1
				}
			}
			rows = append(rows, row)
		}
		store.Close()
	}
	t.Logf("\n%s", growthTable(rows))
	var withListRows []growthRow
	for _, r := range rows {
		if r.seed == "gazetteers" {
			// The generated sources' names are invented: the gazetteers
			// hold none of them, so those sources are discarded, and the
			// real site's values cannot help them.
			if r.source == "booksamillion" && r.status != OK {
				t.Errorf("seed gazetteers, growth %v: booksamillion is %s", r.grow, r.status)
			}
			continue
		}
		withListRows = append(withListRows, r)
	}
	checkGrowth(t, withListRows)
}

// seedStore imports word lists (class → files) into a new store and
// returns its directory.
func seedStore(t *testing.T, lists map[string][]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "seed")
	store, err := dictionaries.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for c, files := range lists {
		for _, f := range files {
			if _, err := store.ImportFile(context.Background(), c, f, dictionaries.ImportOptions{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// checkGrowth checks what growth must do: a source never sees a smaller
// dictionary coverage with growth than without, and the generated source
// that runs after the two others sees a larger one for some class (the
// generated sources draw titles, authors and publishers from common pools;
// the real site shares none with them). Every source gives objects.
func checkGrowth(t *testing.T, rows []growthRow) {
	t.Helper()
	without := map[string]growthRow{}
	for _, r := range rows {
		if !r.grow {
			without[r.source] = r
		}
	}
	for _, r := range rows {
		if r.status != OK {
			t.Errorf("seed %s, %s, growth %v: %s is %s", r.seed, r.order, r.grow, r.source, r.status)
		}
		if !r.grow {
			continue
		}
		gained := false
		for _, f := range dictFields {
			if r.cov[f] < without[r.source].cov[f] {
				t.Errorf("%s: %s: %s coverage %.3f with growth, %.3f without", r.order, r.source, f, r.cov[f], without[r.source].cov[f])
			}
			gained = gained || r.cov[f] > without[r.source].cov[f]
		}
		last := r.order == "swde first" && r.source == "bookdetail-c" || r.order == "swde last" && r.source == "bookdetail-a"
		if last && !gained {
			t.Errorf("%s: %s, run after the two other generated sources, gained no dictionary coverage from growth", r.order, r.source)
		}
	}
}

// growthTable prints the rows as docs/results.md's table.
func growthTable(rows []growthRow) string {
	var b strings.Builder
	b.WriteString("| seed | order | growth | source | dictionary coverage title / author / publisher | annotated pages title / author / publisher | value F1 title / author / isbn_13 / publisher / publication_date |\n")
	b.WriteString("|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		g := "no"
		if r.grow {
			g = "yes"
		}
		cov := fmt.Sprintf("%.2f / %.2f / %.2f", r.cov["title"], r.cov["author"], r.cov["publisher"])
		ann := fmt.Sprintf("%.2f / %.2f / %.2f", r.annotated["title"], r.annotated["author"], r.annotated["publisher"])
		f1 := "– (" + string(r.status) + ")"
		if r.status == OK {
			f1 = fmt.Sprintf("%.3f / %.3f / %.3f / %.3f / %.3f", r.f1["title"], r.f1["author"], r.f1["isbn_13"], r.f1["publisher"], r.f1["publication_date"])
		}
		if r.tries > 1 {
			f1 += " (second try)"
		}
		order := r.order
		if !r.grow {
			order = "any"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", r.seed, order, g, r.source, cov, ann, f1)
	}
	return b.String()
}
