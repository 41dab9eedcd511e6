package exalg

import (
	"strings"

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
// A token takes 32 bytes (a 20 MB page has millions): it holds no string
// of its own. Its text (Text) is read from its node — a tag's name is the
// element's Data, a word is Node.Data[Start:End] — and its annotations
// (Ann) sit behind one pointer, nil for the many tokens without any.
type Token struct {
	// Node is the text node for words, the element for tags; nil for the
	// sentinels.
	Node *html.Node
	// ann points to the entity annotations on the token (nil: none).
	ann *[]*annotate.Annotation
	// Start and End are the byte span of a word in Node.Data; for a
	// sentinel, Start is 0 at the beginning of a page and 1 at its end.
	Start, End int32
	// Path is the interned DOM occurrence path; -1 when unknown to a
	// wrapper's frozen path table.
	Path int32
	// Kind says whether the token is a tag or a word.
	Kind Kind
}

// Text is the tag name or the word ("^" and "$" for the sentinels).
func (t Token) Text() string {
	switch {
	case t.Node == nil:
		if t.Kind == KindSentinel && t.Start == 1 {
			return "$"
		}
		if t.Kind == KindSentinel {
			return "^"
		}
		return ""
	case t.Kind == KindWord:
		return t.Node.Data[t.Start:t.End]
	}
	return t.Node.Data
}

// Ann returns the entity annotations on the token.
func (t Token) Ann() []*annotate.Annotation {
	if t.ann == nil {
		return nil
	}
	return *t.ann
}

// SetAnn sets the token's annotations to *a (a nil or empty list: none).
func (t *Token) SetAnn(a *[]*annotate.Annotation) {
	if a != nil && len(*a) == 0 {
		a = nil
	}
	t.ann = a
}

// MakeToken returns the token of kind k on node n (a word:
// n.Data[start:end]) at path, with the annotations *ann (nil: none).
func MakeToken(k Kind, n *html.Node, path, start, end int32, ann *[]*annotate.Annotation) Token {
	t := Token{Kind: k, Node: n, Path: path, Start: start, End: end}
	t.SetAnn(ann)
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
	return Token{Kind: k, Node: &html.Node{Type: typ, Data: text}, End: int32(len(text))}
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
