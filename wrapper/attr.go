package wrapper

import (
	"github.com/objectrunner/objectrunner/wrapper/mapping"
	"golang.org/x/net/html"
)

// attrTokens appends the tokens of the attribute values of element c,
// whose path is cp.
func (tz *tokenizer) attrTokens(c *html.Node, cp int32) {
	if tz.page == nil {
		return
	}
	for _, key := range tz.ps.Attrs {
		n := tz.page.AttrNode(c, key)
		if n == nil {
			continue
		}
		tag := n.Parent.Data // "@" + key
		ap := tz.ps.Child(cp, tag)
		ann := tz.byNode[n.Parent]
		tz.toks = append(tz.toks, mapping.Token{Kind: KindStart, Text: tag, Path: ap, Node: n.Parent, Ann: ann})
		tz.toks = splitWords(tz.toks, n, ap, tz.byNode[n])
		tz.toks = append(tz.toks, mapping.Token{Kind: KindEnd, Text: tag, Path: ap, Node: n.Parent, Ann: ann})
	}
}

// hasAttrs reports whether element c carries an attribute value the
// wrapper reads.
func (tz *tokenizer) hasAttrs(c *html.Node) bool {
	has := false
	for _, key := range tz.ps.Attrs {
		has = has || tz.page.AttrNode(c, key) != nil
	}
	return has
}
