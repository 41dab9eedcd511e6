package pagetest

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"golang.org/x/net/html"
)

// Marked parses src and annotates every text node holding one of
// marks[type] (a stand-in for the recognizers: exact, hand-given matches).
func Marked(t testing.TB, path, src string, marks map[string][]string) *annotate.Page {
	t.Helper()
	p, err := annotate.ParsePage([]byte(src), path, annotate.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p.ByNode = map[*html.Node][]*annotate.Annotation{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			for typ, vals := range marks {
				for _, v := range vals {
					if i := strings.Index(n.Data, v); i >= 0 && v != "" {
						a := &annotate.Annotation{Type: typ, Node: n, Start: i, End: i + len(v), Confidence: 1}
						p.Annotations = append(p.Annotations, a)
						p.ByNode[n] = append(p.ByNode[n], a)
					}
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(p.Doc)
	return p
}

// AnnotateRegex annotates every match of expr in p's text nodes as typ,
// as the annotator would for a regex entity type.
func AnnotateRegex(p *annotate.Page, typ, expr string) {
	re := regexp.MustCompile(expr)
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			for _, m := range re.FindAllStringIndex(n.Data, -1) {
				a := &annotate.Annotation{Type: typ, Node: n, Start: m[0], End: m[1], Confidence: 1}
				p.Annotations = append(p.Annotations, a)
				p.ByNode[n] = append(p.ByNode[n], a)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(p.Doc)
}

// Annotated parses HTML into an annotate.Page. Elements carrying
// data-or-type="T" get every text node below them annotated with T
// (propagated to the element and its single-child ancestors); marks maps a
// type to literal strings annotated wherever they occur in a text node.
func Annotated(t testing.TB, path, src string, marks map[string][]string) *annotate.Page {
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
								Whole: strings.TrimSpace(s) == lit, Up: UpChain(c)})
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

// UpChain returns the ancestors of n that have n's subtree as only content.
func UpChain(n *html.Node) []*html.Node {
	var up []*html.Node
	for c := n; c.Parent != nil && c.Parent.Type == html.ElementNode; c = c.Parent {
		if c.PrevSibling != nil || c.NextSibling != nil {
			break
		}
		up = append(up, c.Parent)
	}
	return up
}

// SOD builds an SOD from "name mult type" triples; a name "t.f" puts
// field f in the nested tuple field t (declared with a "t mult tuple" triple).
func SOD(fields [][3]string, pageMult sod.Multiplicity) *sod.SOD {
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
