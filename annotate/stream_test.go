package annotate

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/examples/zoo"
)

var equivDirs = flag.String("equiv.dirs", os.Getenv("OBJECTRUNNER_EQUIV_DIRS"),
	"extra directories of pages (colon-separated) for TestStreamMatchesDOM")

// equivPages lists the pages TestStreamMatchesDOM compares: the golden
// inputs, every example source, the shared SWDE pages when ../shared is
// present, and the directories of -equiv.dirs (or $OBJECTRUNNER_EQUIV_DIRS).
func equivPages(t *testing.T) []string {
	t.Helper()
	roots := []string{"testdata", filepath.Join("..", "examples")}
	if dir := filepath.Join("..", "..", "shared", "data", "swde"); isDir(dir) {
		roots = append(roots, dir)
	} else {
		t.Log("../shared/data/swde absent: the SWDE pages are not compared")
	}
	if *equivDirs != "" {
		roots = append(roots, filepath.SplitList(*equivDirs)...)
	}
	var out []string
	for _, r := range roots {
		err := filepath.WalkDir(r, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type().IsRegular() && IsPageFile(p) {
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

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// dumpTree prints a cleaned tree exactly: every node with its type, data
// and attributes, one per line, indented by depth.
func dumpTree(n *html.Node) string {
	var b strings.Builder
	var walk func(n *html.Node, depth int)
	walk = func(n *html.Node, depth int) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Parent != n {
				fmt.Fprintf(&b, "BAD PARENT ")
			}
			b.WriteString(strings.Repeat(" ", depth))
			switch c.Type {
			case html.TextNode:
				fmt.Fprintf(&b, "%q\n", c.Data)
			case html.ElementNode:
				fmt.Fprintf(&b, "<%s %d %q", c.Data, c.DataAtom, c.Namespace)
				for _, a := range c.Attr {
					fmt.Fprintf(&b, " %s:%s=%q", a.Namespace, a.Key, a.Val)
				}
				b.WriteString(">\n")
				walk(c, depth+1)
			default:
				fmt.Fprintf(&b, "node type %d %q\n", c.Type, c.Data)
			}
		}
	}
	walk(n, 0)
	return b.String()
}

// recorder is a Visitor that prints what it is given.
type recorder struct{ b strings.Builder }

func (r *recorder) Start(n *html.Node) { fmt.Fprintf(&r.b, "<%s>", n.Data) }
func (r *recorder) End(n *html.Node)   { fmt.Fprintf(&r.b, "</%s>", n.Data) }
func (r *recorder) Text(n *html.Node)  { fmt.Fprintf(&r.b, "%q", n.Data) }
func (r *recorder) Begin(*Page)        { r.b.Reset() }

// compareStream parses data by both paths and reports the first
// difference: the tree, the base URL, and what a Visitor is given.
func compareStream(data []byte) error {
	for _, own := range []bool{false, true} {
		if err := compareStreamOwn(data, own); err != nil {
			if own {
				return fmt.Errorf("page text kept, not copied: %w", err)
			}
			return err
		}
	}
	return nil
}

// compareStreamOwn is compareStream with the page's text copied into a
// pooled buffer (own false) or kept as the stream's own (own true, as for
// a page file too large for the read pool).
func compareStreamOwn(data []byte, own bool) error {
	text, _, _, _, err := decode(data, "")
	if err != nil {
		return nil
	}
	want, wantBase, _, derr := parseDOM(text)
	var rec recorder
	if own {
		text = bytes.Clone(text)
	}
	sp := streamParse(text, &rec, &Page{}, "", own)
	if sp == nil {
		return nil // the tree path: the same by construction
	}
	defer sp.ar.release()
	if derr != nil {
		return fmt.Errorf("html.Parse fails (%v) where the stream does not", derr)
	}
	got, gotBase := sp.doc, sp.base
	putParser(sp)
	if gotBase != wantBase {
		return fmt.Errorf("base URL %q, want %q", gotBase, wantBase)
	}
	g, w := dumpTree(got), dumpTree(want)
	if g != w {
		return fmt.Errorf("trees differ:\n%s", firstDiff(g, w))
	}
	var walked recorder
	Walk(want, &walked)
	if rec.b.String() != walked.b.String() {
		return fmt.Errorf("visits differ:\n%s", firstDiff(rec.b.String(), walked.b.String()))
	}
	return nil
}

// firstDiff shows the first differing line of two dumps, with context.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			lo := max(0, i-3)
			ctx := strings.Join(w[lo:min(i, len(w))], "\n")
			return fmt.Sprintf("line %d:\n%s\n got: %.300s\nwant: %.300s", i+1, ctx, a, b)
		}
	}
	return "(no line differs)"
}

// zooSeeds are the template-zoo sources the equivalence tests read:
// $OBJECTRUNNER_ZOO_SEEDS (e.g. "1-100", the zoo's fixed set), by default
// 1-20 (every domain, list and detail pages, twice).
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

// TestStreamMatchesDOM checks, on every page of equivPages and of the
// template-zoo sources of zooSeeds, that the stream builds the tree
// html.Parse + Clean build (node for node, text for
// text, attribute for attribute), the same <base href>, and visits it in
// the same order as Walk. Pages the stream hands to the tree path are
// counted by reason.
func TestStreamMatchesDOM(t *testing.T) {
	pages := equivPages(t)
	if len(pages) == 0 {
		t.Fatal("no pages to compare")
	}
	bails := map[string]int{}
	for _, p := range pages {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if reason, _ := StreamBail(data, LoadOptions{}); reason != "" {
			bails[reason]++
		}
		if err := compareStream(data); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	zooPages := 0
	for _, seed := range zooSeeds(t) {
		src := zoo.Generate(seed)
		for _, pg := range src.Pages {
			zooPages++
			if reason, _ := StreamBail(pg.HTML, LoadOptions{}); reason != "" {
				bails[reason]++
			}
			if err := compareStream(pg.HTML); err != nil {
				t.Errorf("zoo %s/%s: %v", src.Name, pg.Name, err)
			}
		}
	}
	var reasons []string
	n := 0
	for r, k := range bails {
		reasons = append(reasons, fmt.Sprintf("%d %s", k, r))
		n += k
	}
	sort.Strings(reasons)
	t.Logf("%d pages and %d template-zoo pages compared; %d went to the tree path: %s", len(pages), zooPages, n, strings.Join(reasons, "; "))
}

// html5libCases returns the inputs of the html5lib tree-construction tests
// that golang.org/x/net ships in its module (testdata/html5lib-tests and
// testdata/go), found through the build's module version and the module
// cache; nil when they are not there.
func html5libCases(t testing.TB) []string {
	t.Helper()
	dir := xnetDir()
	if dir == "" {
		return nil
	}
	files, _ := filepath.Glob(filepath.Join(dir, "html", "testdata", "html5lib-tests", "tree-construction", "*.dat"))
	more, _ := filepath.Glob(filepath.Join(dir, "html", "testdata", "go", "*.dat"))
	var out []string
	for _, f := range append(files, more...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, block := range strings.Split(string(data), "#data\n")[1:] {
			if strings.Contains(block, "#document-fragment") {
				continue
			}
			if i := strings.Index(block, "\n#errors"); i >= 0 {
				out = append(out, block[:i])
			}
		}
	}
	return out
}

// xnetDir is the directory of the golang.org/x/net module required by
// the repository's go.mod, in the module cache ("" when absent).
func xnetDir() string {
	mod, err := os.ReadFile(filepath.Join("..", "go.mod"))
	if err != nil {
		return ""
	}
	cache := os.Getenv("GOMODCACHE")
	if cache == "" {
		gopath := os.Getenv("GOPATH")
		if gopath == "" {
			home, _ := os.UserHomeDir()
			gopath = filepath.Join(home, "go")
		}
		cache = filepath.Join(filepath.SplitList(gopath)[0], "pkg", "mod")
	}
	for _, line := range strings.Split(string(mod), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "golang.org/x/net" {
			if d := filepath.Join(cache, "golang.org", "x", "net@"+f[1]); isDir(d) {
				return d
			}
		}
	}
	return ""
}

// TestStreamHTML5Lib compares the stream and the tree path on the inputs
// of the html5lib tree-construction tests: markup written to exercise
// every repair of the HTML parsing algorithm.
func TestStreamHTML5Lib(t *testing.T) {
	cases := html5libCases(t)
	if len(cases) == 0 {
		t.Skip("the html5lib tests of golang.org/x/net are not in the module cache")
	}
	streamed := 0
	for i, c := range cases {
		if reason, _ := StreamBail([]byte(c), LoadOptions{}); reason == "" {
			streamed++
		}
		if err := compareStream([]byte(c)); err != nil {
			t.Errorf("case %d %q: %v", i, c, err)
		}
	}
	t.Logf("%d cases, %d streamed", len(cases), streamed)
}

// FuzzStreamMatchesDOM checks on arbitrary bytes that the stream, when it
// does not hand the page to the tree path, builds the tree html.Parse and
// Clean build (see compareStream). Seeds: the golden inputs, Clean's cases
// and the html5lib tree-construction inputs when the module cache has them.
func FuzzStreamMatchesDOM(f *testing.F) {
	fuzzSeeds(f)
	for _, s := range []string{
		"<p><b>x</p>y", "<table><tr><td>a<td>b</table>", "<ul><li>a<li>b</ul>", "<dl><dt>a<dd>b</dl>",
		"<pre>\nx</pre>", "<select><option>a<option>b</select>", "<form><form></form>", "a<!--c-->b",
		"<div>a <span></span> b</div>", "<p>a<i> b </i>c</p>", "<svg><title>t</title></svg>x",
		"<textarea>\nx</textarea>", "<table><caption>c</caption><col><tr><td>x</table>",
	} {
		f.Add([]byte(s))
	}
	for i, c := range html5libCases(f) {
		if i%4 == 0 {
			f.Add([]byte(c))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := compareStream(data); err != nil {
			t.Fatalf("%q: %v", data, err)
		}
	})
}

// soupTags is the vocabulary of randomMarkup: elements whose repairs the
// stream follows or stops at.
var soupTags = []string{
	"p", "div", "span", "b", "i", "a", "em", "strong", "font", "nobr", "u", "table", "tbody", "thead",
	"tr", "td", "th", "caption", "colgroup", "col", "ul", "ol", "li", "dl", "dt", "dd", "form",
	"select", "option", "optgroup", "input", "button", "pre", "h1", "h2", "br", "img", "hr",
	"script", "style", "title", "textarea", "svg", "math", "head", "body", "html", "noscript",
	"template", "object", "applet", "ruby", "rt", "custom-x", "base", "meta", "iframe", "center",
	"listing", "xmp", "image", "frameset", "plaintext", "area", "label", "small",
}

var soupAttrs = []string{
	"", "", "", ` class="x"`, ` style="display:none"`, ` hidden`, ` href="/h?a=1&amp;b=2"`,
	` src=s.png`, ` alt='A &quot;q&quot;'`, ` title=T`, ` type=hidden`, ` style="color: red"`, ` HREF=up`,
	` name=d content="c"`, ` property=p content=" "`, ` itemprop=i content=x hidden`, ` datetime=2010-06`,
}

var soupTexts = []string{
	"a", " b ", "\n", "  ", "c d", "&amp;", "&nbsp;", "\u00a0x", "é", "\r\nz", "1,2", "<", "\x00", "e\tf", "\r", "x\r\r\ny", "&#13;",
}

// randomMarkup writes n random tokens of tag soup from rnd.
func randomMarkup(rnd *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		switch k := rnd.IntN(10); {
		case k < 4:
			b.WriteString(soupTexts[rnd.IntN(len(soupTexts))])
		case k < 7:
			b.WriteString("<" + soupTags[rnd.IntN(len(soupTags))] + soupAttrs[rnd.IntN(len(soupAttrs))])
			if rnd.IntN(8) == 0 {
				b.WriteString("/")
			}
			b.WriteString(">")
		case k < 9:
			b.WriteString("</" + soupTags[rnd.IntN(len(soupTags))] + ">")
		default:
			b.WriteString([]string{"<!--c-->", "<!DOCTYPE html>", "<![CDATA[x]]>", "</>", "<?pi?>"}[rnd.IntN(5)])
		}
	}
	return b.String()
}

// TestStreamRandomMarkup compares both paths on seeded random tag soup.
func TestStreamRandomMarkup(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	streamed := 0
	for seed := range n {
		rnd := rand.New(rand.NewPCG(uint64(seed), 7))
		doc := randomMarkup(rnd, 5+rnd.IntN(60))
		if reason, _ := StreamBail([]byte(doc), LoadOptions{}); reason == "" {
			streamed++
		}
		if err := compareStream([]byte(doc)); err != nil {
			t.Fatalf("seed %d: %q: %v", seed, doc, err)
		}
	}
	t.Logf("%d documents, %d streamed", n, streamed)
}

// FuzzStreamRandomMarkup is TestStreamRandomMarkup with fuzzed seeds.
func FuzzStreamRandomMarkup(f *testing.F) {
	f.Add(uint64(1), uint8(40))
	f.Fuzz(func(t *testing.T, seed uint64, n uint8) {
		doc := randomMarkup(rand.New(rand.NewPCG(seed, 7)), int(n))
		if err := compareStream([]byte(doc)); err != nil {
			t.Fatalf("%q: %v", doc, err)
		}
	})
}
