package mapping

import (
	"slices"

	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"golang.org/x/net/html"
)

// Attribute values as tokens.
//
// A wrapper whose SOD has entity types with an attr (sod.Type.Attr: href,
// src, content, …) reads those attributes as part of the token stream:
// every element carrying one of them (non-blank) gives, right after its
// start tag,
//
//	<@KEY>  the words of the value  </@KEY>
//
// as if the value were the text of a first child element named "@KEY".
// The words come from the attribute-value node of annotate.Page.AttrNode
// (href and src resolved against the page's base), split as any text is
// (splitWords), with that node's annotations; their occurrence path is the
// element's path + "/@KEY", and a value's Path ends in "/@KEY". The tags
// <@KEY> and </@KEY> keep the value apart from the element's own text
// ("<a href=X>Title</a>" gives "<a> <@href> X </@href> Title </a>"), so
// ExAlg puts them in different slots, and the slot of an attribute field
// is learned, like any other, from where its annotations are: the
// element that carries the attribute. Nothing else in the wrapper knows
// about attributes. Elements whose content is skipped (head, …) give only
// the elements under them carrying such an attribute (<meta content>; see
// frameAttrs in token.go).
// Wrappers without attribute fields tokenize exactly as before.

// NewPathsFor returns a fresh path table for a wrapper of the given
// fields: it records which attributes are tokens.
func NewPathsFor(fields []FieldSpec) *Paths {
	ps := NewPaths()
	for _, f := range fields {
		for _, k := range f.Attrs {
			if !slices.Contains(ps.Attrs, k) {
				ps.Attrs = append(ps.Attrs, k)
			}
		}
	}
	return ps
}

// addAttr adds the attribute an entity type reads, if any, to attrs.
func addAttr(attrs []string, t *sod.Type) []string {
	if t == nil || t.Attr == "" || slices.Contains(attrs, t.Attr) {
		return attrs
	}
	return append(attrs, t.Attr)
}

// attrTokens appends the tokens of the attribute values of element c,
// whose path is cp.
func (tz *Tokenizer) attrTokens(c *html.Node, cp int32) {
	if tz.page == nil {
		return
	}
	for _, key := range tz.Ps.Attrs {
		n := tz.page.AttrNode(c, key)
		if n == nil {
			continue
		}
		tag := n.Parent.Data // "@" + key
		ap := tz.Ps.Child(cp, tag)
		ann := tz.anns.ref(tz.byNode[n.Parent])
		tz.toks = append(tz.toks, exalg.MakeToken(KindStart, n.Parent, ap, 0, 0, ann))
		tz.toks = splitWords(tz.toks, n, ap, tz.byNode[n], &tz.anns)
		tz.toks = append(tz.toks, exalg.MakeToken(KindEnd, n.Parent, ap, 0, 0, ann))
	}
}

// hasAttrs reports whether element c carries an attribute value the
// wrapper reads.
func (tz *Tokenizer) hasAttrs(c *html.Node) bool {
	has := false
	for _, key := range tz.Ps.Attrs {
		has = has || tz.page.AttrNode(c, key) != nil
	}
	return has
}
