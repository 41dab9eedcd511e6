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
type Token struct {
	// The fields are ordered so that a token takes 64 bytes (a large
	// page has millions).

	// Text is the tag name or the word.
	Text string
	// Node is the text node for words, the element for tags.
	Node *html.Node
	// Ann are the entity annotations on the word.
	Ann []*annotate.Annotation
	// Start and End are the byte span of a word in Node.Data.
	Start, End int32
	// Path is the interned DOM occurrence path; -1 when unknown to a
	// wrapper's frozen path table.
	Path int32
	// Kind says whether the token is a tag or a word.
	Kind Kind
}

// String prints the token as in ExAlg's notation.
func (t *Token) String() string {
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

// AnnTypes returns the distinct annotation types on the token.
func (t *Token) AnnTypes() []string {
	var out []string
	for _, a := range t.Ann {
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
	for _, a := range t.Ann {
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
	for _, r := range t.Text {
		if !strings.ContainsRune(":;,.-|/\u00b7\u2022\u2013\u2014", r) {
			return false
		}
	}
	return true
}
