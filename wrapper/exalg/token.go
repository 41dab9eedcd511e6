package exalg

import (
	"strings"
	"unsafe"

	"github.com/objectrunner/objectrunner/annotate"
	"golang.org/x/net/html"
)

// Kind is the kind of a token.
type Kind uint8

const (
	// KindStart is a start tag, printed "<tag>".
	KindStart Kind = iota
	// KindEnd is an end tag, printed "</tag>".
	KindEnd
	// KindWord is a word or a punctuation run of a text node.
	KindWord
	// KindSentinel marks the beginning or end of a page (ExAlg's dummy tokens,
	// which guarantee a root equivalence class); never printed.
	KindSentinel
)

// Token is one token of a page: a start tag, an end tag or a word, with the
// DOM occurrence path and the entity annotations that tell token roles
// apart (DIFFFORMAT, and the annotation criterion of ObjectRunner's
// Algorithm 2).
//
// A token takes 24 bytes (a 20 MB page has millions): it holds no string
// of its own and one pointer. Its text (Text) is read from its node — a
// tag's name is the element's Data, a word is Node().Data[Start:End] —
// and, for the few tokens with annotations, the pointer is to an
// Annotated that holds the node and the annotations (Ann); for the rest
// it is to the node itself.
type Token struct {
	// ref is the token's *html.Node, or its *Annotated when annotated is
	// set; nil for the sentinels.
	ref unsafe.Pointer
	// Start and End are the byte span of a word in Node().Data; for a
	// sentinel, Start is 0 at the beginning of a page and 1 at its end.
	Start, End int32
	// Path is the interned DOM occurrence path; -1 when unknown to a
	// wrapper's frozen path table.
	Path int32
	// Kind says whether the token is a tag or a word.
	Kind Kind
	// annotated says that ref is an *Annotated.
	annotated bool
}

// Annotated is the node and the entity annotations of an annotated
// token (a token points to it instead of to its node).
type Annotated struct {
	Node *html.Node
	List []*annotate.Annotation
}

// Node is the text node for words, the element for tags; nil for the
// sentinels.
func (t Token) Node() *html.Node {
	if t.annotated {
		return (*Annotated)(t.ref).Node
	}
	return (*html.Node)(t.ref)
}

// SetNode sets the token's node, keeping its annotations.
func (t *Token) SetNode(n *html.Node) {
	if t.annotated {
		a := *(*Annotated)(t.ref)
		a.Node = n
		t.ref = unsafe.Pointer(&a)
		return
	}
	t.ref = unsafe.Pointer(n)
}

// Text is the tag name or the word ("^" and "$" for the sentinels).
func (t Token) Text() string {
	n := t.Node()
	switch {
	case n == nil:
		if t.Kind == KindSentinel && t.Start == 1 {
			return "$"
		}
		if t.Kind == KindSentinel {
			return "^"
		}
		return ""
	case t.Kind == KindWord:
		return n.Data[t.Start:t.End]
	}
	return n.Data
}

// Ann returns the entity annotations on the token.
func (t Token) Ann() []*annotate.Annotation {
	if !t.annotated {
		return nil
	}
	return (*Annotated)(t.ref).List
}

// SetAnn sets the token's annotations to *a (a nil or empty list: none).
func (t *Token) SetAnn(a *[]*annotate.Annotation) {
	n := t.Node()
	if a == nil || len(*a) == 0 {
		t.ref, t.annotated = unsafe.Pointer(n), false
		return
	}
	t.ref, t.annotated = unsafe.Pointer(&Annotated{Node: n, List: *a}), true
}

// MakeToken returns the token of kind k on node n (a word:
// n.Data[start:end]) at path, with the annotations ann.List (ann nil or
// its list empty: none). ann is the token's own: its Node is set to n.
func MakeToken(k Kind, n *html.Node, path, start, end int32, ann *Annotated) Token {
	t := Token{Kind: k, ref: unsafe.Pointer(n), Path: path, Start: start, End: end}
	if ann != nil && len(ann.List) > 0 {
		ann.Node = n
		t.ref, t.annotated = unsafe.Pointer(ann), true
	}
	return t
}

// Sentinel returns the sentinel at the beginning (end false) or the end
// of a page.
func Sentinel(end bool) Token {
	t := Token{Kind: KindSentinel}
	if end {
		t.Start = 1
	}
	return t
}

// NewToken returns a token of kind k whose text is text, on a node of its
// own (for tokens made outside a page: tests, templates).
func NewToken(k Kind, text string) Token {
	if k == KindSentinel {
		return Sentinel(text == "$")
	}
	typ := html.ElementNode
	if k == KindWord {
		typ = html.TextNode
	}
	return Token{Kind: k, ref: unsafe.Pointer(&html.Node{Type: typ, Data: text}), End: int32(len(text))}
}

// String prints the token as in ExAlg's notation.
func (t *Token) String() string {
	switch t.Kind {
	case KindStart:
		return "<" + t.Text() + ">"
	case KindEnd:
		return "</" + t.Text() + ">"
	case KindSentinel:
		return ""
	}
	return t.Text()
}

// AnnTypes returns the distinct annotation types on the token.
func (t *Token) AnnTypes() []string {
	var out []string
	for _, a := range t.Ann() {
		dup := false
		for _, s := range out {
			if s == a.Type {
				dup = true
			}
		}
		if !dup {
			out = append(out, a.Type)
		}
	}
	return out
}

// HasType reports whether an annotation of type typ covers t.
func (t *Token) HasType(typ string) bool {
	for _, a := range t.Ann() {
		if a.Type == typ {
			return true
		}
	}
	return false
}

// EdgeToken reports whether a token is dropped at the edges of a value:
// tags and words made only of separator punctuation (": ; , . - | /",
// bullets and dashes), such as the ":" between a label and its value.
// Brackets, "?" and "!" are kept: they belong to values ("Survive?").
func EdgeToken(t *Token) bool {
	if t.Kind != KindWord {
		return true
	}
	for _, r := range t.Text() {
		if !strings.ContainsRune(":;,.-|/\u00b7\u2022\u2013\u2014", r) {
			return false
		}
	}
	return true
}
