package exalg

import (
	"testing"
	"unsafe"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// TestTokenSize: a token is 24 bytes (a 20 MB page has ~4 million).
func TestTokenSize(t *testing.T) {
	if s := unsafe.Sizeof(Token{}); s != 24 {
		t.Fatalf("Token is %d bytes, want 24", s)
	}
}

// TestTokenNodeAnn: a token gives back its node and annotations, with and
// without annotations, after SetAnn and SetNode, and for the sentinels.
func TestTokenNodeAnn(t *testing.T) {
	n := &html.Node{Type: html.TextNode, Data: "red apple"}
	m := &html.Node{Type: html.TextNode, Data: "green pear"}
	a := []*annotate.Annotation{{Type: "fruit", Node: n, Start: 4, End: 9}}

	plain := MakeToken(KindWord, n, 7, 0, 3, nil)
	if plain.Node() != n || plain.Ann() != nil || plain.Text() != "red" || plain.Path != 7 {
		t.Fatalf("plain token: node %p ann %v text %q path %d", plain.Node(), plain.Ann(), plain.Text(), plain.Path)
	}
	empty := MakeToken(KindWord, n, 7, 0, 3, &Annotated{})
	if empty.Node() != n || empty.Ann() != nil || empty != plain {
		t.Fatalf("token with an empty list: node %p ann %v, equal to the plain one %v", empty.Node(), empty.Ann(), empty == plain)
	}
	ann := MakeToken(KindWord, n, 7, 4, 9, &Annotated{List: a})
	if ann.Node() != n || len(ann.Ann()) != 1 || ann.Ann()[0] != a[0] || ann.Text() != "apple" {
		t.Fatalf("annotated token: node %p ann %v text %q", ann.Node(), ann.Ann(), ann.Text())
	}
	ann.SetNode(m)
	if ann.Node() != m || len(ann.Ann()) != 1 || ann.Text() != "n pea" {
		t.Fatalf("after SetNode: node %p ann %v text %q", ann.Node(), ann.Ann(), ann.Text())
	}
	ann.SetAnn(nil)
	if ann.Node() != m || ann.Ann() != nil {
		t.Fatalf("after SetAnn(nil): node %p ann %v", ann.Node(), ann.Ann())
	}
	plain.SetAnn(&a)
	if plain.Node() != n || len(plain.Ann()) != 1 || !plain.HasType("fruit") {
		t.Fatalf("after SetAnn: node %p ann %v", plain.Node(), plain.Ann())
	}
	plain.SetNode(m)
	if plain.Node() != m || len(plain.Ann()) != 1 {
		t.Fatalf("after SetNode on an annotated token: node %p ann %v", plain.Node(), plain.Ann())
	}
	tag := MakeToken(KindStart, &html.Node{Type: html.ElementNode, Data: "div"}, 1, 0, 0, nil)
	if tag.String() != "<div>" {
		t.Fatalf("tag token prints %q", tag.String())
	}
	for _, end := range []bool{false, true} {
		s := Sentinel(end)
		if s.Node() != nil || s.Ann() != nil {
			t.Fatalf("sentinel has node %p ann %v", s.Node(), s.Ann())
		}
		if want := map[bool]string{false: "^", true: "$"}[end]; s.Text() != want {
			t.Fatalf("sentinel text %q, want %q", s.Text(), want)
		}
	}
}
