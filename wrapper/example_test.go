package wrapper_test

import (
	"fmt"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
	"golang.org/x/net/html"
)

// page parses HTML and annotates the text of every <i> with type "name".
func page(path, src string) *annotate.Page {
	doc, _ := html.Parse(strings.NewReader(src))
	p := &annotate.Page{Path: path, Doc: doc, ByNode: map[*html.Node][]*annotate.Annotation{}}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.TextNode && c.Parent.Data == "i" {
				a := &annotate.Annotation{Type: "name", Node: c, End: len(c.Data), Confidence: 1, Whole: true, Up: []*html.Node{c.Parent}}
				p.Annotations = append(p.Annotations, a)
				p.ByNode[c] = append(p.ByNode[c], a)
				p.ByNode[c.Parent] = append(p.ByNode[c.Parent], a)
			}
			walk(c)
		}
	}
	walk(doc)
	return p
}

func Example() {
	name := &sod.Type{Name: "name", Kind: sod.Entity}
	s := &sod.SOD{Name: "person", Mult: sod.One, Hash: "example",
		Root: &sod.Type{Name: "person", Kind: sod.Tuple, Fields: []*sod.Field{{Name: "name", Type: name, Mult: sod.One}}}}
	var pages []*annotate.Page
	for i, n := range []string{"Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"} {
		pages = append(pages, page(fmt.Sprintf("p%d", i), "<html><body><h1>Person page</h1><p>Name: <i>"+n+"</i></p><p>End of page</p></body></html>"))
	}
	w, err := wrapper.Induce(pages, s, wrapper.DefaultOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(w.Template())
	objs, _ := w.Extract(page("new", "<html><body><h1>Person page</h1><p>Name: <i>Barbara Liskov</i></p><p>End of page</p></body></html>"))
	fmt.Println(objs[0].Get("name"))
	// Output:
	// <html><body><h1>Person page</h1><p>Name :<i> *:name </i></p><p>End of page</p></body></html>
	// [Barbara Liskov]
}
