package annotate

import (
	"bufio"
	"fmt"
	"html/template"
	"io"
	"sort"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// palette colours entity types in highlighted pages, by order of first
// appearance in the page's annotations.
var palette = []string{
	"#ffe066", "#8ce99a", "#74c0fc", "#ffa8a8", "#d0bfff",
	"#ffc078", "#63e6be", "#faa2c1", "#a9e34b", "#91a7ff",
}

// WriteHighlighted writes an HTML copy of the cleaned page p in which each
// annotated span is wrapped in a coloured <mark> labelled with its type (the
// title attribute gives type, recognizer and confidence), with a legend of
// the types, their colours and hit counts at the top. Overlapping
// annotations of different types are shown as one mark listing all types;
// annotated attribute values (attr.go) as a mark "@KEY value" right after
// their element's start tag. Colours follow the sorted names of the types
// present on the page; see WriteHighlightedTypes for colours that stay the
// same across pages. The copy loads nothing: href values are resolved
// against the page's base, so links point where they did on the site, but
// src attributes are renamed data-src (images show their alt text), and a
// Content-Security-Policy forbids any other load.
func WriteHighlighted(w io.Writer, p *Page) error {
	return WriteHighlightedTypes(w, p, nil)
}

// WriteHighlightedTypes is WriteHighlighted with colours assigned by position
// in types (e.g. an Annotator's Types or a SampleResult's Order), so that a
// type has the same colour on every page; types missing from the list come
// after it, sorted by name. The legend lists the listed types even without
// hits.
func WriteHighlightedTypes(w io.Writer, p *Page, types []string) error {
	bw := bufio.NewWriter(w)
	colors := map[string]string{}
	counts := map[string]int{}
	types = append([]string(nil), types...)
	for _, t := range types {
		colors[t] = ""
	}
	var extra []string
	for _, an := range p.Annotations {
		if _, ok := colors[an.Type]; !ok {
			colors[an.Type] = ""
			extra = append(extra, an.Type)
		}
		counts[an.Type]++
	}
	sort.Strings(extra)
	types = append(types, extra...)
	for i, t := range types {
		colors[t] = palette[i%len(palette)]
	}
	esc := template.HTMLEscapeString
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">%s<title>%s (annotated)</title>\n", noRemote, esc(p.Path))
	bw.WriteString("<style>mark{padding:0 .1em;border-radius:2px}mark>sup{font:bold 9px sans-serif;color:#333;margin-left:2px}" +
		"#objectrunner-legend{position:sticky;top:0;z-index:9999;background:#fff;border-bottom:2px solid #888;padding:6px;font:13px sans-serif}" +
		"#objectrunner-legend span{margin-right:1em}</style>\n</head><body>\n")
	fmt.Fprintf(bw, "<div id=\"objectrunner-legend\"><b>%s</b> — cleaned copy, %d annotation(s), encoding %s. ",
		esc(p.Path), len(p.Annotations), esc(p.Encoding))
	for _, t := range types {
		fmt.Fprintf(bw, "<span><mark style=\"background:%s\">%s</mark> %d</span>", colors[t], esc(t), counts[t])
	}
	if len(types) == 0 {
		bw.WriteString("<span>no annotations</span>")
	}
	bw.WriteString("</div>\n")
	body := p.Doc
	if p.Doc != nil {
		if b := findElement(p.Doc, atom.Body); b != nil {
			body = b
		}
	}
	if body != nil {
		if err := writeMarked(bw, body, p, colors, body != p.Doc); err != nil {
			return err
		}
	}
	bw.WriteString("\n</body></html>\n")
	return bw.Flush()
}

func findElement(n *html.Node, a atom.Atom) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == a {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := findElement(c, a); f != nil {
			return f
		}
	}
	return nil
}

// writeMarked renders the children of n (n itself when self), marking the
// annotated spans of text nodes.
func writeMarked(w *bufio.Writer, n *html.Node, p *Page, colors map[string]string, childrenOnly bool) error {
	if !childrenOnly {
		return writeNode(w, n, p, colors)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if err := writeNode(w, c, p, colors); err != nil {
			return err
		}
	}
	return nil
}

func writeNode(w *bufio.Writer, n *html.Node, p *Page, colors map[string]string) error {
	switch n.Type {
	case html.TextNode:
		writeText(w, n, p.ByNode[n], colors)
		return nil
	case html.ElementNode:
		w.WriteByte('<')
		w.WriteString(n.Data)
		for _, a := range n.Attr {
			v, key := a.Val, a.Key
			if key == "class" {
				continue // the page's own classes would meet the highlight's styles
			}
			if key == "href" || key == "src" {
				v = p.ResolveURL(v)
			}
			if key == "src" {
				key = "data-src" // never loaded: see noRemote
			}
			fmt.Fprintf(w, ` %s="%s"`, key, html.EscapeString(v))
		}
		w.WriteByte('>')
		writeAttrMarks(w, n, p, colors)
		if isVoid(n) {
			return nil
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if err := writeNode(w, c, p, colors); err != nil {
				return err
			}
		}
		fmt.Fprintf(w, "</%s>", n.Data)
		return nil
	default:
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if err := writeNode(w, c, p, colors); err != nil {
				return err
			}
		}
	}
	return nil
}

func isVoid(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input,
		atom.Link, atom.Meta, atom.Param, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}

// writeText writes a text node with its annotations (those sitting on it)
// as marks; overlapping annotations are merged into one mark.
func writeText(w *bufio.Writer, n *html.Node, anns []*Annotation, colors map[string]string) {
	var own []*Annotation
	for _, an := range anns {
		if an.Node == n {
			own = append(own, an)
		}
	}
	s := n.Data
	if len(own) == 0 {
		w.WriteString(html.EscapeString(s))
		return
	}
	sort.SliceStable(own, func(i, j int) bool { return own[i].Start < own[j].Start })
	pos := 0
	for i := 0; i < len(own); {
		start, end := own[i].Start, own[i].End
		group := []*Annotation{own[i]}
		j := i + 1
		for j < len(own) && own[j].Start < end {
			end = max(end, own[j].End)
			group = append(group, own[j])
			j++
		}
		if start < pos { // cannot happen with sorted merged groups; be safe
			start = pos
		}
		w.WriteString(html.EscapeString(s[pos:start]))
		var titles, labels []string
		seen := map[string]bool{}
		for _, an := range group {
			titles = append(titles, fmt.Sprintf("%s (%s, %.2f)", an.Type, an.Recognizer, an.Confidence))
			if !seen[an.Type] {
				seen[an.Type] = true
				labels = append(labels, an.Type)
			}
		}
		fmt.Fprintf(w, `<mark style="background:%s" title="%s">%s<sup>%s</sup></mark>`,
			colors[group[0].Type], html.EscapeString(strings.Join(titles, "; ")),
			html.EscapeString(s[start:end]), html.EscapeString(strings.Join(labels, "+")))
		pos = end
		i = j
	}
	w.WriteString(html.EscapeString(s[pos:]))
}

// noRemote is the <meta> that forbids a highlighted copy to load anything
// but its inline style: no image, script, frame, font or style sheet, from
// the site or elsewhere.
const noRemote = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`

// writeAttrMarks writes the annotated attribute values of element n as
// marks "@KEY value".
func writeAttrMarks(w *bufio.Writer, n *html.Node, p *Page, colors map[string]string) {
	if len(p.attrs) == 0 {
		return
	}
	for _, key := range attrKeysOf(p.Annotations) {
		v := p.attrs[attrRef{n, key}]
		if v == nil {
			continue
		}
		var types, titles []string
		for _, an := range p.ByNode[v] {
			if an.Node == v {
				types = append(types, an.Type)
				titles = append(titles, fmt.Sprintf("%s (%s, %.2f)", an.Type, an.Recognizer, an.Confidence))
			}
		}
		if len(types) == 0 {
			continue
		}
		fmt.Fprintf(w, `<mark style="background:%s;font-size:smaller" title="%s">@%s %s<sup>%s</sup></mark>`,
			colors[types[0]], html.EscapeString(strings.Join(titles, "; ")), key, html.EscapeString(v.Data),
			html.EscapeString(strings.Join(types, "+")))
	}
}
