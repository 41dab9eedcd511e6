// Package pagetest builds annotated pages for the tests of package
// wrapper and its stage packages: hand-given annotations stand in for the
// recognizers.
package pagetest

import (
	"regexp"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
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
