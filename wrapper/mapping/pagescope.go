package mapping

// Page-scope fields: values that appear once per list page and belong to
// every object of the page (the team heading above a roster).
//
// A list SOD may mark fields of its root tuple with scope = "page"
// (sod.Field.PageScope). Induce learns the objects without them, from a
// derived SOD, and learns the page-scope fields apart: a page-mode wrapper
// (the detail-page induction, one object per page) over the same sample
// pages, for a derived SOD whose root holds only those fields, all
// optional. Extract runs that page wrapper once per page and copies its
// values into every object of the page.

import (
	"github.com/objectrunner/objectrunner/sod"
	"golang.org/x/net/html"
)

// SplitPageScope derives, from a list SOD with page-scope fields, the SOD
// of the objects without them (rec) and the SOD of one page holding only
// them, all optional (page). ok is false when s has no page-scope field.
func SplitPageScope(s *sod.SOD) (rec, page *sod.SOD, ok bool) {
	if s == nil || s.Root == nil || s.Root.Kind != sod.Tuple || !s.Mult.Many() {
		return nil, nil, false
	}
	var recFields, pageFields []*sod.Field
	for _, f := range s.Root.Fields {
		if f.PageScope && f.Type != nil && f.Type.Kind != sod.Tuple {
			pf := *f
			pf.Mult = sod.Multiplicity{Min: 0, Max: 1}
			pageFields = append(pageFields, &pf)
		} else {
			recFields = append(recFields, f)
		}
	}
	if len(pageFields) == 0 {
		return nil, nil, false
	}
	recRoot, pageRoot := *s.Root, *s.Root
	recRoot.Fields, pageRoot.Fields = recFields, pageFields
	r, p := *s, *s
	r.Root, p.Root = &recRoot, &pageRoot
	p.Mult, p.Orders = sod.One, nil
	var orders []sod.Order
	for _, o := range s.Orders {
		if rootField(&recRoot, o.Before) != nil && rootField(&recRoot, o.After) != nil {
			orders = append(orders, o)
		}
	}
	r.Orders = orders
	return &r, &p, true
}

// PageScopeSpecs returns the FieldSpecs of the page-scope fields of s,
// with their multiplicity as declared and Page set.
func PageScopeSpecs(s *sod.SOD) []FieldSpec {
	var out []FieldSpec
	for _, fs := range SodFields(s) {
		if fs.Parent != "" {
			continue
		}
		if f := rootField(s.Root, fs.Name); f != nil && f.PageScope && !fs.Tuple {
			fs.Page = true
			out = append(out, fs)
		}
	}
	return out
}

// rootField returns the field of tuple t called name, or nil.
func rootField(t *sod.Type, name string) *sod.Field {
	for _, f := range t.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// ListItem reports whether text node n is inside an item of a list: going
// up from n through elements that are their parent's only element child,
// the first element with element siblings has one of the same tag.
func ListItem(n *html.Node) bool {
	for e := n.Parent; e != nil && e.Type == html.ElementNode; e = e.Parent {
		if e.Data == "body" || e.Data == "html" {
			return false
		}
		siblings, same := false, false
		for _, sib := range []func(*html.Node) *html.Node{
			func(x *html.Node) *html.Node { return x.PrevSibling },
			func(x *html.Node) *html.Node { return x.NextSibling },
		} {
			for c := sib(e); c != nil; c = sib(c) {
				if c.Type == html.ElementNode {
					siblings = true
					same = same || c.Data == e.Data
				}
			}
		}
		if siblings {
			return same
		}
	}
	return false
}
