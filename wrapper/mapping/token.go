package mapping

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// pathKey is one step of an occurrence path: the parent path and a tag name.
type pathKey struct {
	parent int32
	tag    string
}

// Paths interns DOM occurrence paths (root-to-element tag names) as small
// integers. Path 0 is the empty path (the document).
type Paths struct {
	// kids gives, by parent path, its children's paths by tag: a small
	// map per parent, looked up without hashing a struct key.
	kids   []map[string]int32
	Keys   []pathKey
	Frozen bool // a wrapper's table: unknown paths map to -1
	// attrs are the attributes whose values are tokens (attr.go).
	Attrs []string
	// cls gives elements distinctive class tokens (record mode: and
	// labels) in their occurrence step (list_class.go).
	Cls *classRules
	// rows puts label-value rows in a canonical order (roworder.go).
	Rows *rowOrder
}

func NewPaths() *Paths {
	return &Paths{Keys: []pathKey{{-1, ""}}}
}

func (ps *Paths) Child(parent int32, tag string) int32 {
	if parent < 0 {
		return -1
	}
	if int(parent) < len(ps.kids) {
		if id, ok := ps.kids[parent][tag]; ok {
			return id
		}
	}
	if ps.Frozen {
		return -1
	}
	id := int32(len(ps.Keys))
	ps.Keys = append(ps.Keys, pathKey{parent, tag})
	for len(ps.kids) <= int(parent) {
		ps.kids = append(ps.kids, nil)
	}
	if ps.kids[parent] == nil {
		ps.kids[parent] = map[string]int32{}
	}
	ps.kids[parent][tag] = id
	return id
}

// String returns the path as tag names joined by "/".
func (ps *Paths) String(id int32) string {
	if id <= 0 || int(id) >= len(ps.Keys) {
		return ""
	}
	var parts []string
	for id > 0 {
		k := ps.Keys[id]
		parts = append(parts, k.tag)
		id = k.parent
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, "/")
}

// Parse interns a path printed by String.
func (ps *Paths) Parse(s string) int32 {
	id := int32(0)
	if s == "" {
		return id
	}
	for _, tag := range strings.Split(s, "/") {
		id = ps.Child(id, tag)
	}
	return id
}

// Skipped elements carry no visible page content.
func Skipped(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Head, atom.Iframe, atom.Object, atom.Svg:
		return true
	}
	return false
}

func Void(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input,
		atom.Link, atom.Meta, atom.Param, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}
