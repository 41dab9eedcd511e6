package mapping

import (
	"fmt"

	"testing"
)

// TestUnrolledPeersRowRole: the first item of a labelled row's list
// ("Support: <span>A</span><br>{<span>B</span><br>}") is the set's
// unrolled iteration even when the row order gave its elements the row's
// role ("p/span.@support") and the set's iterations have none; markup that
// differs otherwise is no peer.
func TestUnrolledPeersRowRole(t *testing.T) {
	item := func(path string, slot int) []Node {
		return []Node{
			&TextNode{Toks: []Tok{{Kind: KindStart, Text: "span", Path: path}}},
			&SlotNode{ID: slot},
			&TextNode{Toks: []Tok{{Kind: KindEnd, Text: "span", Path: path}, {Kind: KindStart, Text: "br", Path: "p/br"}}},
		}
	}
	for _, tc := range []struct {
		name, first string
		want        map[int]int
	}{
		{"same path", "p/span", map[int]int{0: 1}},
		{"row role", "p/span.@support", map[int]int{0: 1}},
		{"row role and class", "p/span.@support.v", map[int]int{}},
		{"other tag", "p/em.@support", map[int]int{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			label := &TextNode{Toks: []Tok{{Kind: KindStart, Text: "b", Path: "p/b"}, {Kind: KindWord, Text: "Support", Path: "p/b"}, {Kind: KindEnd, Text: "b", Path: "p/b"}}}
			set := &SetNode{Body: &SeqNode{Nodes: item("p/span", 1)}}
			nodes := append([]Node{label}, item(tc.first, 0)...)
			root := &SeqNode{Nodes: append(nodes, set)}
			got := unrolledPeers(&Template{Root: root})
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("unrolledPeers = %v, want %v", got, tc.want)
			}
		})
	}
}
