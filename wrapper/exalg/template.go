package exalg

import (
	"strings"
)

// NodeType identifies the kind of a template node.
type NodeType int

const (
	// NodeText is constant template text: a string of tokens.
	NodeText NodeType = iota
	// NodeSlot is a data slot: a value of basic type ("*"), possibly mapped
	// to an SOD field.
	NodeSlot
	// NodeSeq is a tuple: its children in order (ExAlg's ⟨C1 T1 C2 … ⟩).
	NodeSeq
	// NodeSet is a set constructor {T}_S with separator S.
	NodeSet
	// NodeOptional is an optional part (T)?.
	NodeOptional
	// NodeDisjunction is a choice (T1|T2|…).
	NodeDisjunction
)

// Node is a node of a template tree. The interface is sealed: the node types
// are *TextNode, *SlotNode, *SeqNode, *SetNode, *OptionalNode and
// *DisjunctionNode.
type Node interface {
	// Type returns the node's type.
	Type() NodeType
	// String prints the node in ExAlg's infix notation.
	String() string
	writeTo(sb *strings.Builder)
	sealed()
}

// Tok is one template token: what it matches on a page.
type Tok struct {
	Kind Kind   `json:"k"`
	Text string `json:"t"`
	// Path is the DOM occurrence path, tag names joined by "/".
	Path string `json:"p"`

	// Key is the token's index in the key table of the wrapper that
	// matches the template (not saved: rebuilt when a wrapper is loaded).
	Key int32 `json:"-"`
}

// String prints the token as in ExAlg's notation.
func (t Tok) String() string {
	switch t.Kind {
	case KindStart:
		return "<" + t.Text + ">"
	case KindEnd:
		return "</" + t.Text + ">"
	case KindSentinel:
		return ""
	}
	return t.Text
}

// TextNode is constant template text.
type TextNode struct {
	NodeType
	Toks []Tok
}

// SlotNode is a data slot.
type SlotNode struct {
	NodeType
	// ID numbers the slots of a template in document order, from 0.
	ID int
	// Field is the SOD field path the slot is mapped to ("author",
	// "credits.name"); empty when the slot holds data the SOD does not want.
	Field string
	// EntityType is the SOD entity type of the field.
	EntityType string
}

// SeqNode is a tuple: constant text, slots and nested constructors in order.
type SeqNode struct {
	NodeType
	Nodes []Node
}

// SetNode is a set of instances of Body separated by Sep.
type SetNode struct {
	NodeType
	// ID numbers the sets of a template in document order, from 0.
	ID   int
	Body Node
	Sep  []Tok
}

// OptionalNode is an optional part.
type OptionalNode struct {
	NodeType
	Body Node
}

// DisjunctionNode is a choice between alternatives.
type DisjunctionNode struct {
	NodeType
	Alts []Node
}

func (*TextNode) sealed()        {}
func (*SlotNode) sealed()        {}
func (*SeqNode) sealed()         {}
func (*SetNode) sealed()         {}
func (*OptionalNode) sealed()    {}
func (*DisjunctionNode) sealed() {}

// Type returns the node type.
func (t NodeType) Type() NodeType { return t }

func writeToks(sb *strings.Builder, toks []Tok) {
	prevWord := false
	for _, t := range toks {
		if t.Kind == KindSentinel {
			continue
		}
		w := t.Kind == KindWord
		if w && prevWord {
			sb.WriteByte(' ')
		}
		sb.WriteString(t.String())
		prevWord = w
	}
}

func (n *TextNode) writeTo(sb *strings.Builder) { writeToks(sb, n.Toks) }
func (n *SlotNode) writeTo(sb *strings.Builder) {
	sb.WriteByte('*')
	if n.Field != "" {
		sb.WriteByte(':')
		sb.WriteString(n.Field)
	}
}
func (n *SeqNode) writeTo(sb *strings.Builder) {
	for i, c := range n.Nodes {
		if i > 0 {
			sb.WriteByte(' ')
		}
		c.writeTo(sb)
	}
}
func (n *SetNode) writeTo(sb *strings.Builder) {
	sb.WriteByte('{')
	n.Body.writeTo(sb)
	sb.WriteString("}_")
	writeToks(sb, n.Sep)
}
func (n *OptionalNode) writeTo(sb *strings.Builder) {
	sb.WriteByte('(')
	n.Body.writeTo(sb)
	sb.WriteString(")?")
}
func (n *DisjunctionNode) writeTo(sb *strings.Builder) {
	sb.WriteByte('(')
	for i, a := range n.Alts {
		if i > 0 {
			sb.WriteByte('|')
		}
		a.writeTo(sb)
	}
	sb.WriteByte(')')
}

func str(n Node) string {
	var sb strings.Builder
	n.writeTo(&sb)
	return sb.String()
}

// String prints the text.
func (n *TextNode) String() string { return str(n) }

// String prints "*" or "*:field".
func (n *SlotNode) String() string { return str(n) }

// String prints the children separated by spaces.
func (n *SeqNode) String() string { return str(n) }

// String prints "{body}_sep".
func (n *SetNode) String() string { return str(n) }

// String prints "(body)?".
func (n *OptionalNode) String() string { return str(n) }

// String prints "(a|b)".
func (n *DisjunctionNode) String() string { return str(n) }

// Template is an induced template: a tree rooted at the root equivalence
// class's tuple.
type Template struct {
	Root Node
	// Slots lists the slot nodes by ID.
	Slots []*SlotNode
	// Sets lists the set nodes by ID.
	Sets []*SetNode
}

// String prints the template in ExAlg's infix notation, e.g.
// "<html><body> * <ol> {<li> * </li>}_ </ol></body></html>".
func (t *Template) String() string {
	if t == nil || t.Root == nil {
		return ""
	}
	return t.Root.String()
}

// Walk visits n and its descendants in document order.
func Walk(n Node, f func(Node)) {
	f(n)
	switch n := n.(type) {
	case *SeqNode:
		for _, c := range n.Nodes {
			Walk(c, f)
		}
	case *SetNode:
		Walk(n.Body, f)
	case *OptionalNode:
		Walk(n.Body, f)
	case *DisjunctionNode:
		for _, c := range n.Alts {
			Walk(c, f)
		}
	}
}

// Index numbers slots and sets in document order.
func (t *Template) Index() {
	t.Slots, t.Sets = nil, nil
	Walk(t.Root, func(n Node) {
		switch n := n.(type) {
		case *SlotNode:
			n.ID = len(t.Slots)
			t.Slots = append(t.Slots, n)
		case *SetNode:
			n.ID = len(t.Sets)
			t.Sets = append(t.Sets, n)
		}
	})
}
