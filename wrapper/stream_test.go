package wrapper

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/examples/zoo"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
	"golang.org/x/net/html"
)

// streamPages lists the pages the stream tests compare on: every example
// source, annotate's golden inputs, the shared SWDE pages when ../shared is
// present, and the directories of $OBJECTRUNNER_EQUIV_DIRS (colon-separated),
// for sources such as a generated template zoo.
func streamPages(t *testing.T) []string {
	t.Helper()
	roots := []string{filepath.Join("..", "examples"), filepath.Join("..", "annotate", "testdata")}
	if dir := filepath.Join("..", "..", "shared", "data", "swde"); dirExists(dir) {
		roots = append(roots, dir)
	} else {
		t.Log("../shared/data/swde absent: the SWDE pages are not compared")
	}
	if extra := os.Getenv("OBJECTRUNNER_EQUIV_DIRS"); extra != "" {
		roots = append(roots, filepath.SplitList(extra)...)
	}
	var out []string
	for _, r := range roots {
		err := filepath.WalkDir(r, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type().IsRegular() && annotate.IsPageFile(p) {
				out = append(out, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func dirExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// preorder numbers the nodes of the tree under doc.
func preorder(doc *html.Node) map[*html.Node]int {
	order := map[*html.Node]int{}
	var number func(n *html.Node)
	number = func(n *html.Node) {
		order[n] = len(order)
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			number(c)
		}
	}
	number(doc)
	return order
}

// sameToken reports whether two tokens read the same for a wrapper: kind,
// text, occurrence path, span, annotations and node (by its place in its
// tree, and its text). That both trees have the same nodes, with the same
// provenance paths, is annotate's TestStreamMatchesDOM.
func sameToken(a, b *mapping.Token, oa, ob map[*html.Node]int) bool {
	if a.Kind != b.Kind || a.Text() != b.Text() || a.Path != b.Path || a.Start != b.Start || a.End != b.End || len(a.Ann()) != len(b.Ann()) {
		return false
	}
	if (a.Node() == nil) != (b.Node() == nil) {
		return false
	}
	return a.Node() == nil || oa[a.Node()] == ob[b.Node()] && a.Node().Data == b.Node().Data
}

func showToken(t *mapping.Token, order map[*html.Node]int) string {
	s := fmt.Sprintf("%d %q path %d span %d-%d", t.Kind, t.Text(), t.Path, t.Start, t.End)
	if t.Node() != nil {
		s += fmt.Sprintf(" node %d %s %q", order[t.Node()], annotate.NodePath(t.Node()), t.Node().Data)
	}
	return s
}

// compareTokens tokenizes page data by both paths, with occurrence paths
// in ps, and fails at the first token that differs.
func compareTokens(t *testing.T, name string, data []byte, ps *mapping.Paths) {
	t.Helper()
	dom, err := annotate.ParsePageDOM(data, name, annotate.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := mapping.Tokenize(dom, ps)
	tz := &mapping.Tokenizer{Ps: ps}
	page, err := annotate.ParsePageVisit(data, name, annotate.LoadOptions{}, tz)
	if err != nil {
		t.Fatal(err)
	}
	got := tz.Finish()
	og, ow := preorder(page.Doc), preorder(dom.Doc)
	for i := range max(len(got), len(want)) {
		if i >= len(got) || i >= len(want) {
			t.Fatalf("%s: %d tokens, want %d", name, len(got), len(want))
		}
		if !sameToken(&got[i], &want[i], og, ow) {
			t.Fatalf("%s: token %d:\n got %s\nwant %s", name, i, showToken(&got[i], og), showToken(&want[i], ow))
		}
	}
	page.Release()
}

// zooSeeds are the template-zoo sources the test reads:
// $OBJECTRUNNER_ZOO_SEEDS (e.g. "1-100"), by default 1-20.
func zooSeeds(t testing.TB) []uint64 {
	spec := os.Getenv("OBJECTRUNNER_ZOO_SEEDS")
	if spec == "" {
		spec = "1-20"
	}
	seeds, err := zoo.ParseSeeds(spec)
	if err != nil {
		t.Fatalf("OBJECTRUNNER_ZOO_SEEDS: %v", err)
	}
	return seeds
}

// TestStreamTokensMatchDOM checks, on every page of streamPages and of the
// template-zoo sources, that the tokens ExtractStream matches — built
// while the stream reads the page — are those of the tree path
// (html.Parse, Clean, a walk of the tree): same kinds, words, occurrence
// paths, spans and text nodes, the values of every attribute an entity
// can read (sod.Attributes) included. Any wrapper, page or record mode,
// learned now or changed later, then sees the same page on both paths.
func TestStreamTokensMatchDOM(t *testing.T) {
	pages := streamPages(t)
	if len(pages) == 0 {
		t.Fatal("no pages")
	}
	attrs := func() *mapping.Paths {
		ps := mapping.NewPaths()
		ps.Attrs = sod.Attributes
		return ps
	}
	for _, p := range pages {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		compareTokens(t, p, data, attrs())
	}
	n := 0
	for _, seed := range zooSeeds(t) {
		src := zoo.Generate(seed)
		for _, pg := range src.Pages {
			compareTokens(t, src.Name+"/"+pg.Name, pg.HTML, attrs())
			n++
		}
	}
	t.Logf("%d pages and %d template-zoo pages: the same tokens on both paths", len(pages), n)
}
