package cluster

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/objectrunner/objectrunner/examples/zoo"
)

func TestPattern(t *testing.T) {
	tests := []struct {
		names []string
		want  string
	}{
		{[]string{"0001.html", "0002.html", "0113.html"}, "{n}.html"},
		{[]string{"book/0001.html", "book/0002.html"}, "book/{n}.html"},
		{[]string{"book/a.html", "book/b.html"}, "book/*.html"},
		{[]string{"a/x.html", "b/y.htm"}, "*/*"},
		{[]string{"a/x.html", "a/b/y.html"}, "a/**"},
		{[]string{"https://ex.org/item/12?p=1", "https://ex.org/item/345"}, "https://ex.org/item/{n}?…"},
		{[]string{"https://ex.org/item/12", "https://other.org/item/3"}, "*://*/item/{n}"},
		{[]string{"only.html"}, "only.html"},
	}
	for _, tc := range tests {
		if got := Pattern(tc.names); got != tc.want {
			t.Errorf("Pattern(%q) = %q, want %q", tc.names, got, tc.want)
		}
	}
}

func TestSignBrokenAndEmpty(t *testing.T) {
	for _, page := range []string{"", "just text", "<div><p>unclosed", "</b></i><<<>>>", "<html><body>" + strings.Repeat("<div>", 10000)} {
		s, err := Sign(strings.NewReader(page), 0)
		if err != nil {
			t.Errorf("Sign(%.30q): %v", page, err)
			continue
		}
		if Similarity(s, s) != 1 {
			t.Errorf("Sign(%.30q): a page is not similar to itself", page)
		}
	}
}

// TestZooSites mixes the pages of template-zoo sources (several templates
// of one domain each, detail and list pages) in one directory and checks
// that the clusters are the sources: each cluster holds one source's
// pages (purity) and each source's pages are in one cluster.
func TestZooSites(t *testing.T) {
	fsys := fstest.MapFS{}
	var names []string
	source := map[string]string{}
	sizes := map[string]int{}
	for seed := uint64(1); seed <= 16; seed++ {
		src := zoo.Generate(seed)
		dir := t.TempDir()
		if err := src.WriteDir(dir); err != nil {
			t.Fatal(err)
		}
		pages, _ := filepath.Glob(filepath.Join(dir, "pages", "*.html"))
		for _, p := range pages {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			n := fmt.Sprintf("s%02d/%s", seed, filepath.Base(p))
			fsys[n] = &fstest.MapFile{Data: b}
			names = append(names, n)
			source[n] = src.Name
			sizes[src.Name]++
		}
	}
	cs, skipped, err := FS(fsys, names, Options{})
	if err != nil || len(skipped) > 0 {
		t.Fatalf("FS: %v %v", err, skipped)
	}
	split := map[string]int{}
	for _, c := range cs {
		srcs := map[string]int{}
		for _, p := range c.Pages {
			srcs[source[p]]++
		}
		if len(srcs) > 1 {
			t.Errorf("cluster %s (%d pages) mixes sources %v", c.Pattern, c.Size(), srcs)
		}
		for s := range srcs {
			split[s]++
		}
		t.Logf("%4d pages  cohesion %.2f  %-16s %v", c.Size(), c.Cohesion, c.Pattern, c.Examples)
	}
	for s, n := range split {
		if n > 1 {
			t.Errorf("source %s (%d pages) split into %d clusters", s, sizes[s], n)
		}
	}
}

// checkSites clusters the pages of several sources put in one directory
// (names "SOURCE/page") and checks that no cluster mixes sources and that
// each source's largest cluster holds at least minShare of its pages (a
// source may hold a few pages of another layout: a search without
// results).
func checkSites(t *testing.T, fsys fstest.MapFS, names []string, minShare float64) {
	t.Helper()
	cs, skipped, err := FS(fsys, names, Options{})
	if err != nil || len(skipped) > 0 {
		t.Fatalf("FS: %v %v", err, skipped)
	}
	total, largest := map[string]int{}, map[string]int{}
	for _, n := range names {
		total[strings.SplitN(n, "/", 2)[0]]++
	}
	for _, c := range cs {
		srcs := map[string]int{}
		for _, p := range c.Pages {
			srcs[strings.SplitN(p, "/", 2)[0]]++
		}
		if len(srcs) > 1 {
			t.Errorf("cluster %s (%d pages) mixes sources %v", c.Pattern, c.Size(), srcs)
		}
		for s, n := range srcs {
			largest[s] = max(largest[s], n)
		}
		t.Logf("%4d pages  cohesion %.2f  %s", c.Size(), c.Cohesion, c.Pattern)
	}
	for s, n := range total {
		if share := float64(largest[s]) / float64(n); share < minShare {
			t.Errorf("source %s: its largest cluster holds %d of its %d pages", s, largest[s], n)
		}
	}
}

// addDir adds the pages of dir to fsys under prefix.
func addDir(t *testing.T, fsys fstest.MapFS, names *[]string, dir, prefix string) {
	t.Helper()
	pages, _ := filepath.Glob(filepath.Join(dir, "*.htm*"))
	if len(pages) == 0 {
		t.Fatalf("%s: no pages", dir)
	}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		n := prefix + "/" + filepath.Base(p)
		fsys[n] = &fstest.MapFile{Data: b}
		*names = append(*names, n)
	}
}

// TestExampleSites mixes the list and detail sources of the examples, two
// of them pairs of list and detail pages generated for one site.
func TestExampleSites(t *testing.T) {
	fsys := fstest.MapFS{}
	var names []string
	for _, s := range []string{"books-a", "bookdetail-a", "books-b", "bookdetail-b", "concerts-a", "concerts-b"} {
		addDir(t, fsys, &names, filepath.Join("..", "examples", s, "pages"), s)
	}
	checkSites(t, fsys, names, 0.9)
}

// swdeSites returns the SWDE site directories of the shared data (the
// names with a dash, site-vertical), or skips the test without them.
func swdeSites(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "..", "shared", "data", "swde")
	sites, _ := filepath.Glob(filepath.Join(root, "*-*"))
	if len(sites) == 0 {
		t.Skipf("no SWDE sites under %s (../shared sits beside the repository): skipped", root)
	}
	return sites
}

// TestSWDESites mixes the real SWDE sites of the shared data.
func TestSWDESites(t *testing.T) {
	sites := swdeSites(t)
	fsys := fstest.MapFS{}
	var names []string
	for _, s := range sites {
		if filepath.Base(s) == "groundtruth" {
			continue
		}
		dirs, _ := filepath.Glob(filepath.Join(s, "*"))
		for _, d := range dirs {
			if st, err := os.Stat(d); err == nil && st.IsDir() {
				addDir(t, fsys, &names, d, filepath.Base(s))
			}
		}
		if _, err := os.Stat(filepath.Join(s, "0000.htm")); err == nil {
			addDir(t, fsys, &names, s, filepath.Base(s))
		}
	}
	checkSites(t, fsys, names, 0.95)
}

// purityCompleteness scores clusters against the true sources of their
// pages: purity is the share of pages in their cluster's most common
// source, completeness the share of pages in their source's most common
// cluster.
func purityCompleteness(cs []*Cluster, source map[string]string) (purity, completeness float64) {
	n := 0
	bySource := map[string]map[int]int{}
	for i, c := range cs {
		count := map[string]int{}
		top := 0
		for _, p := range c.Pages {
			s := source[p]
			count[s]++
			top = max(top, count[s])
			if bySource[s] == nil {
				bySource[s] = map[int]int{}
			}
			bySource[s][i]++
			n++
		}
		purity += float64(top)
	}
	for _, m := range bySource {
		top := 0
		for _, k := range m {
			top = max(top, k)
		}
		completeness += float64(top)
	}
	if n == 0 {
		return 0, 0
	}
	return purity / float64(n), completeness / float64(n)
}

func TestPurityCompleteness(t *testing.T) {
	tests := []struct {
		name     string
		clusters [][]string
		p, c     float64
	}{
		{"perfect", [][]string{{"a1", "a2"}, {"b1"}}, 1, 1},
		{"one split", [][]string{{"a1"}, {"a2"}, {"b1", "b2"}}, 1, 0.75},
		{"one mixed", [][]string{{"a1", "a2", "b1", "b2"}}, 0.5, 1},
	}
	for _, tc := range tests {
		var cs []*Cluster
		src := map[string]string{}
		for _, ps := range tc.clusters {
			cs = append(cs, &Cluster{Pages: ps})
			for _, p := range ps {
				src[p] = p[:1]
			}
		}
		if p, c := purityCompleteness(cs, src); p != tc.p || c != tc.c {
			t.Errorf("%s: purity %.3f completeness %.3f, want %.3f %.3f", tc.name, p, c, tc.p, tc.c)
		}
	}
}

// TestSWDEAndZoo is the clustering measurement of docs/sources.md: one
// folder mixing every SWDE site of the shared data with template-zoo list
// and detail sources (seeds 1-16). Purity and completeness must reach
// 0.98 and the number of clusters found is logged next to the number of
// sources.
func TestSWDEAndZoo(t *testing.T) {
	sites := swdeSites(t)
	fsys := fstest.MapFS{}
	var names []string
	source := map[string]string{}
	for _, s := range sites {
		if st, err := os.Stat(s); err != nil || !st.IsDir() {
			continue
		}
		before := len(names)
		addDir(t, fsys, &names, s, "swde-"+filepath.Base(s))
		for _, n := range names[before:] {
			source[n] = "swde-" + filepath.Base(s)
		}
	}
	kinds := map[bool]int{}
	for seed := uint64(1); seed <= 16; seed++ {
		src := zoo.Generate(seed)
		kinds[src.Features.List]++
		for _, p := range src.Pages {
			n := src.Name + "/" + p.Name
			fsys[n] = &fstest.MapFile{Data: p.HTML}
			names = append(names, n)
			source[n] = src.Name
		}
	}
	if kinds[true] == 0 || kinds[false] == 0 {
		t.Fatalf("zoo seeds 1-16 should give list and detail sources: %v", kinds)
	}
	nsrc := map[string]bool{}
	for _, s := range source {
		nsrc[s] = true
	}
	cs, skipped, err := FS(fsys, names, Options{})
	if err != nil || len(skipped) > 0 {
		t.Fatalf("FS: %v %v", err, skipped)
	}
	p, c := purityCompleteness(cs, source)
	t.Logf("%d pages of %d sources (%d SWDE sites, %d zoo list and %d zoo detail sources): %d clusters, purity %.3f, completeness %.3f",
		len(names), len(nsrc), len(nsrc)-16, kinds[true], kinds[false], len(cs), p, c)
	if p < 0.98 || c < 0.98 {
		for _, cl := range cs {
			t.Logf("%5d pages  cohesion %.2f  %s", cl.Size(), cl.Cohesion, cl.Pattern)
		}
		t.Errorf("purity %.3f, completeness %.3f: want both >= 0.98", p, c)
	}
}
