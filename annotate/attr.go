package annotate

import (
	"net/url"
	"sort"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/objectrunner/objectrunner/sod"
)

// Attribute values.
//
// An entity type with an attr (sod.Type.Attr: "href", "src", "content", …)
// takes its values from that attribute of the elements that carry it. Each
// such attribute value is represented by a small detached tree made on
// demand by Page.AttrNode:
//
//	element            a page element carrying the attribute, e.g. <a href>
//	└ "@href"          an element node named "@" + key whose Parent is the
//	  │                element (it is not among the element's children)
//	  └ text node      Data: the value, white space collapsed; href and src
//	                   values resolved against Page.BaseURL
//
// Because the value is a text node, everything that works on text nodes
// works on it unchanged: recognizers and the memo, Annotation (Node, Start,
// End, Whole), upward propagation (to the "@href" node only), NodePath
// (".../a[2]/@href/text()"). Walks of the page's tree (walkText, Clean,
// rendering) never reach it, so pages look the same to entity types that
// read text. Package wrapper turns it into tokens of its own right after
// the element's start tag (see the wrapper package comment).

// attrRef names one attribute of one element.
type attrRef struct {
	el  *html.Node
	key string
}

// AttrNode returns the text node holding the value of attribute key of
// element el (see the comment above), or nil when el has no such
// attribute or its value is blank. The node is made once per page and
// element; a Page is not safe for concurrent use.
func (p *Page) AttrNode(el *html.Node, key string) *html.Node {
	if el == nil || el.Type != html.ElementNode {
		return nil
	}
	ref := attrRef{el, key}
	if n, ok := p.attrs[ref]; ok {
		return n
	}
	var n *html.Node
	if v, ok := attrValue(el, key); ok {
		if sod.URLAttribute(key) {
			v = p.ResolveURL(v)
		}
		pseudo := &html.Node{Type: html.ElementNode, Data: "@" + key, Parent: el}
		n = &html.Node{Type: html.TextNode, Data: v, Parent: pseudo}
		pseudo.FirstChild, pseudo.LastChild = n, n
	}
	if p.attrs == nil {
		p.attrs = map[attrRef]*html.Node{}
	}
	p.attrs[ref] = n
	return n
}

// attrValue returns el's attribute key with white space collapsed; ok is
// false when it is missing or blank.
func attrValue(el *html.Node, key string) (string, bool) {
	for _, a := range el.Attr {
		if a.Key == key && a.Namespace == "" {
			v := strings.Join(strings.Fields(a.Val), " ")
			return v, v != ""
		}
	}
	return "", false
}

// AttrOf reports whether n is an attribute-value node made by AttrNode, and
// if so returns the element carrying the attribute and its key.
func AttrOf(n *html.Node) (el *html.Node, key string, ok bool) {
	if n == nil || n.Type != html.TextNode || n.Parent == nil {
		return nil, "", false
	}
	ps := n.Parent
	if ps.Type != html.ElementNode || !strings.HasPrefix(ps.Data, "@") || ps.Parent == nil {
		return nil, "", false
	}
	for c := ps.Parent.FirstChild; c != nil; c = c.NextSibling {
		if c == ps {
			return nil, "", false // a real child element named "@…"
		}
	}
	return ps.Parent, ps.Data[1:], true
}

// walkTextAndAttrs calls f on every text node under n (when text is set)
// and on the attribute-value nodes of keys, each element's before its
// children's, in document order.
func (p *Page) walkTextAndAttrs(n *html.Node, keys []string, text bool, f func(*html.Node)) {
	if len(keys) == 0 {
		if text {
			walkText(n, func(t *html.Node) bool { f(t); return true })
		}
		return
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			if text {
				f(n)
			}
			return
		case html.ElementNode:
			for _, k := range keys {
				if v := p.AttrNode(n, k); v != nil {
					f(v)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
}

// sortByDocument orders annotations by their node's place in the page,
// attribute values at their element's, then by offset.
func (p *Page) sortByDocument(all []*Annotation) {
	order := map[*html.Node]int{}
	i := 0
	p.walkTextAndAttrs(p.Doc, attrKeysOf(all), true, func(n *html.Node) { order[n] = i; i++ })
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if oa, ob := order[a.Node], order[b.Node]; oa != ob {
			return oa < ob
		}
		return a.Start < b.Start
	})
}

// attrKeys returns the distinct attributes the annotator's types read.
func (a *Annotator) attrKeys() []string {
	var keys []string
	for _, et := range a.types {
		if k := et.Type.Attr; k != "" && !contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// pageBase returns a page's URL and the base its relative URLs resolve
// against, from its <base href> (base, possibly "") and the loader's
// base URL (fallback, possibly ""): a <base href> is the page's URL,
// resolved against fallback when relative; without one the page's URL is
// unknown and fallback is the base.
func pageBase(base, fallback string) (pageURL, baseURL string) {
	if base == "" {
		return "", fallback
	}
	if fallback != "" {
		if f, err := url.Parse(fallback); err == nil {
			if b, err := url.Parse(base); err == nil {
				base = f.ResolveReference(b).String()
			}
		}
	}
	return base, base
}

// keptMeta reports whether c, a child of n, is a <meta> of the document's
// <head> that names its content (name, property or itemprop with a
// content): it is kept by Clean, with only those attributes, so that an
// entity with attr = "content" can read it.
func keptMeta(n, c *html.Node) bool {
	if c.DataAtom != atom.Meta || n.DataAtom != atom.Head || c.Namespace != "" {
		return false
	}
	var content, named bool
	kept := c.Attr[:0]
	for _, a := range c.Attr {
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "content":
			content = strings.TrimSpace(a.Val) != ""
		case "name", "property", "itemprop":
			named = true
		default:
			continue
		}
		kept = append(kept, a)
	}
	if !content || !named {
		return false
	}
	clear(c.Attr[len(kept):])
	c.Attr = kept
	return true
}

// splitAttrTypes separates the types that read page text from those that
// read an attribute.
func splitAttrTypes(ets []*EntityType) (text, attr []*EntityType) {
	for _, et := range ets {
		if et.Type.Attr != "" {
			attr = append(attr, et)
		} else {
			text = append(text, et)
		}
	}
	if attr == nil {
		return ets, nil
	}
	return text, attr
}

// annotateAttrs appends to fresh the instances of the attribute types ets
// found in the attribute values of the elements under scope, in document
// order; the filters are those of text (AnnotateIn).
func (a *Annotator) annotateAttrs(p *Page, scope *html.Node, ets []*EntityType, fresh []*Annotation) ([]*Annotation, error) {
	if len(ets) == 0 {
		return fresh, nil
	}
	var keys []string
	for _, et := range ets {
		if !contains(keys, et.Type.Attr) {
			keys = append(keys, et.Type.Attr)
		}
	}
	var ferr error
	var found []*Annotation
	clk := &pageClock{} // regex budget of the page's attribute values (budget.go)
	p.walkTextAndAttrs(scope, keys, false, func(n *html.Node) {
		_, key, _ := AttrOf(n)
		if ferr != nil {
			return
		}
		e := a.memo.entry(n.Data)
		for _, et := range ets {
			if et.Type.Attr != key {
				continue
			}
			ms, err := a.matches(e, et, n.Data, clk)
			if err != nil {
				ferr = &TypeError{Page: p.Path, Type: et.Name, Err: err}
				return
			}
			for _, m := range ms {
				found = append(found, &Annotation{
					Type: et.Name, Node: n, Start: m.Start, End: m.End,
					Recognizer: m.Recognizer, Confidence: m.Confidence,
					Normalized: m.Normalized, Whole: m.Whole,
				})
			}
		}
	})
	if ferr != nil {
		return nil, ferr
	}
	if len(found) == 0 {
		return fresh, nil
	}
	fresh = append(fresh, found...)
	p.sortByDocument(fresh)
	return fresh, nil
}

// attrKeysOf returns the attributes whose value nodes hold annotations of
// all.
func attrKeysOf(all []*Annotation) []string {
	var keys []string
	for _, an := range all {
		if _, k, ok := AttrOf(an.Node); ok && !contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// textSpan says that texts[lo:hi] of a sampled page are the values of the
// attribute key.
type textSpan struct {
	key    string
	lo, hi int
}

// sampleTexts appends to texts the text nodes under sc, then the values of
// each attribute of keys, and says where those are.
func (p *Page) sampleTexts(sc *html.Node, keys []string, texts []string) ([]string, []textSpan) {
	walkText(sc, func(n *html.Node) bool { texts = append(texts, n.Data); return true })
	var spans []textSpan
	for _, k := range keys {
		lo := len(texts)
		p.walkTextAndAttrs(sc, []string{k}, false, func(n *html.Node) { texts = append(texts, n.Data) })
		spans = append(spans, textSpan{k, lo, len(texts)})
	}
	return texts, spans
}

// textRange returns the indexes [lo, hi) of the texts, of n sampled
// texts with spans, that a type reading attribute key ("" for page text)
// is searched in.
func textRange(n int, spans []textSpan, key string) (lo, hi int) {
	if len(spans) == 0 {
		if key != "" {
			return 0, 0
		}
		return 0, n
	}
	if key == "" {
		return 0, spans[0].lo
	}
	for _, s := range spans {
		if s.key == key {
			return s.lo, s.hi
		}
	}
	return 0, 0
}
