package exalg

import (
	"fmt"
	"testing"
)

func TestCloneNodeIsDeep(t *testing.T) {
	orig := &SeqNode{NodeType: NodeSeq, Nodes: []Node{
		&TextNode{NodeType: NodeText, Toks: []Tok{{Kind: KindWord, Text: "a"}}},
		&SetNode{NodeType: NodeSet, Body: &SeqNode{NodeType: NodeSeq, Nodes: []Node{&SlotNode{NodeType: NodeSlot}}}},
		&OptionalNode{NodeType: NodeOptional, Body: &DisjunctionNode{NodeType: NodeDisjunction, Alts: []Node{&SlotNode{NodeType: NodeSlot}}}},
	}}
	c := cloneNode(orig).(*SeqNode)
	if c.String() != orig.String() {
		t.Fatalf("clone prints %q, want %q", c.String(), orig.String())
	}
	c.Nodes[0].(*TextNode).Toks[0].Text = "b"
	c.Nodes[1].(*SetNode).Body.(*SeqNode).Nodes[0].(*SlotNode).Field = "x"
	if orig.String() != "a {*}_ ((*))?" {
		t.Fatalf("changing the clone changed the original: %q", orig.String())
	}
}

// TestKidOrder: the classes nested at one position come in an order
// every occurrence agrees with, not in the order of first appearance: two
// optional rows B and A, the first page holding only A and a later one
// "B A", give "B A" (the order of first appearance, "A B", made the
// position one slot).
func TestKidOrder(t *testing.T) {
	occ := func(classes ...int) []item {
		var it []item
		for _, c := range classes {
			it = append(it, item{kid: &occNode{cls: c}}, item{x: 0})
		}
		return it
	}
	for _, tc := range []struct {
		name  string
		items [][]item
		first []int
		want  string
	}{
		{"agrees", [][]item{occ(1, 2), occ(2)}, []int{1, 2}, "[1 2]"},
		{"later occurrence orders", [][]item{occ(2), occ(1, 2), occ(1)}, []int{2, 1}, "[1 2]"},
		{"three", [][]item{occ(3), occ(2, 3), occ(1, 2)}, []int{3, 2, 1}, "[1 2 3]"},
		{"cycle keeps first appearance", [][]item{occ(1, 2), occ(2, 1)}, []int{1, 2}, "[1 2]"},
		{"repeats", [][]item{occ(2, 2, 3), occ(1, 2)}, []int{2, 3, 1}, "[1 2 3]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := fmt.Sprint(kidOrder(tc.items, tc.first)); got != tc.want {
				t.Fatalf("kidOrder = %s, want %s", got, tc.want)
			}
		})
	}
}
