package wrapper

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"golang.org/x/net/html"
)

// testPage parses HTML into an annotate.Page. Elements carrying
// data-or-type="T" get every text node below them annotated with T
// (propagated to the element and its single-child ancestors); marks maps a
// type to literal strings annotated wherever they occur in a text node.
func testPage(t testing.TB, path, src string, marks map[string][]string) *annotate.Page {
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	p := &annotate.Page{Path: path, Doc: doc, Size: len(src), ByNode: map[*html.Node][]*annotate.Annotation{}}
	add := func(a *annotate.Annotation) {
		p.Annotations = append(p.Annotations, a)
		p.ByNode[a.Node] = append(p.ByNode[a.Node], a)
		for _, u := range a.Up {
			p.ByNode[u] = append(p.ByNode[u], a)
		}
	}
	var walkT func(n *html.Node, typ string, owner *html.Node)
	walkT = func(n *html.Node, typ string, owner *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			ct, co := typ, owner
			if c.Type == html.ElementNode {
				for _, at := range c.Attr {
					if at.Key == "data-or-type" {
						ct, co = at.Val, c
					}
				}
			}
			if c.Type == html.TextNode {
				s := c.Data
				for typ2, lits := range marks {
					for _, lit := range lits {
						if i := strings.Index(s, lit); i >= 0 {
							add(&annotate.Annotation{Type: typ2, Node: c, Start: i, End: i + len(lit), Recognizer: "test", Confidence: 1,
								Whole: strings.TrimSpace(s) == lit, Up: upChain(c)})
						}
					}
				}
				if ct != "" && strings.TrimSpace(s) != "" {
					a := strings.Index(s, strings.TrimSpace(s))
					var up []*html.Node
					for u := c.Parent; u != nil && u.Type == html.ElementNode; u = u.Parent {
						up = append(up, u)
						if u == co {
							break
						}
					}
					add(&annotate.Annotation{Type: ct, Node: c, Start: a, End: a + len(strings.TrimSpace(s)), Recognizer: "test", Confidence: 1, Whole: true, Up: up})
				}
			}
			walkT(c, ct, co)
		}
	}
	walkT(doc, "", nil)
	return p
}

// upChain returns the ancestors of n that have n's subtree as only content.
func upChain(n *html.Node) []*html.Node {
	var up []*html.Node
	for c := n; c.Parent != nil && c.Parent.Type == html.ElementNode; c = c.Parent {
		if c.PrevSibling != nil || c.NextSibling != nil {
			break
		}
		up = append(up, c.Parent)
	}
	return up
}

// testSOD builds an SOD from "name mult type" triples; a name "t.f" puts
// field f in the nested tuple field t (declared with a "t mult tuple" triple).
func testSOD(fields [][3]string, pageMult sod.Multiplicity) *sod.SOD {
	root := &sod.Type{Name: "object", Kind: sod.Tuple}
	types := map[string]*sod.Type{"object": root}
	mult := func(s string) sod.Multiplicity {
		switch s {
		case "?":
			return sod.Multiplicity{Min: 0, Max: 1}
		case "*":
			return sod.Multiplicity{Min: 0, Max: sod.Unbounded}
		case "+":
			return sod.Multiplicity{Min: 1, Max: sod.Unbounded}
		}
		return sod.One
	}
	tuples := map[string]*sod.Type{}
	for _, f := range fields {
		parent, name := root, f[0]
		if i := strings.IndexByte(f[0], '.'); i >= 0 {
			parent, name = tuples[f[0][:i]], f[0][i+1:]
		}
		var typ *sod.Type
		if f[2] == "tuple" {
			typ = &sod.Type{Name: name, Kind: sod.Tuple}
			tuples[name] = typ
		} else if typ = types[f[2]]; typ == nil {
			typ = &sod.Type{Name: f[2], Kind: sod.Entity, Recognizer: &sod.Recognizer{Kind: sod.Predefined, Name: f[2]}}
			types[f[2]] = typ
		}
		parent.Fields = append(parent.Fields, &sod.Field{Name: name, Type: typ, Mult: mult(f[1])})
	}
	return &sod.SOD{Name: "object", Root: root, Mult: pageMult, Types: types, Hash: "test-" + strconv.Itoa(len(fields))}
}

// inductionCase is a case directory of testdata/induce.
type inductionCase struct {
	name  string
	pages []*annotate.Page
	sod   *sod.SOD
	opt   Options
}

func loadCase(t testing.TB, dir string) inductionCase {
	c := inductionCase{name: filepath.Base(dir), opt: DefaultOptions()}
	f, err := os.Open(filepath.Join(dir, "case.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var fields [][3]string
	pageMult := sod.One
	marks := map[string][]string{}
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		w := strings.Fields(sc.Text())
		if len(w) == 0 || strings.HasPrefix(w[0], "#") {
			continue
		}
		switch w[0] {
		case "fields":
			fields = append(fields, [3]string{w[1], w[2], w[3]})
		case "supthres":
			c.opt.SupThres, _ = strconv.ParseFloat(w[1], 64)
		case "annotations":
			c.opt.Annotations = w[1] == "true"
		case "pagemult":
			pageMult = sod.Multiplicity{Min: 1, Max: sod.Unbounded}
			if w[1] == "*" {
				pageMult.Min = 0
			}
		case "annotate":
			marks[w[1]] = append(marks[w[1]], strings.Join(w[2:], " "))
		default:
			t.Fatalf("%s/case.txt:%d: unknown directive %q", dir, line, w[0])
		}
	}
	c.sod = testSOD(fields, pageMult)
	files, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	sort.Strings(files)
	for _, fn := range files {
		b, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		c.pages = append(c.pages, testPage(t, filepath.Base(fn), string(b), marks))
	}
	return c
}

// checkOneField extracts each page with w and fails unless the page gives
// one object whose field (its values joined with "|") is want[i].
func checkOneField(t *testing.T, w *Wrapper, pages []*annotate.Page, field string, want []string) {
	t.Helper()
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 {
			t.Fatalf("%s: %d objects; template %s", p.Path, len(objs), w.Template())
		}
		if got := strings.Join(objs[0].Get(field), "|"); got != want[i] {
			t.Fatalf("%s: %s %q, want %q; template %s slots %+v", p.Path, field, got, want[i], w.Template(), w.Slots())
		}
	}
}

// oneFieldRight reports whether w gives every page one object whose field
// is the single value want[i] (the check of the tests that run with a
// mechanism switched off and on).
func oneFieldRight(w *Wrapper, pages []*annotate.Page, field string, want []string) bool {
	for i, p := range pages {
		objs, _ := w.Extract(p)
		if len(objs) != 1 || fmt.Sprint(objs[0].Get(field)) != fmt.Sprint([]string{want[i]}) {
			return false
		}
	}
	return true
}
