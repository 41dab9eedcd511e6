package mapping

import (
	"slices"

	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/exalg"

	"golang.org/x/net/html"
)

func TestOwnTypes(t *testing.T) {
	n, other := &html.Node{Type: html.TextNode}, &html.Node{Type: html.TextNode}
	ann := func(typ string, a, b int, node *html.Node) *annotate.Annotation {
		return &annotate.Annotation{Type: typ, Node: node, Start: a, End: b}
	}
	for _, tc := range []struct {
		name string
		ann  []*annotate.Annotation
		want []string
	}{
		{"alone", []*annotate.Annotation{ann("number", 0, 1, n)}, []string{"number"}},
		{"inside a longer instance", []*annotate.Annotation{ann("height", 0, 8, n), ann("number", 0, 1, n)}, []string{"height"}},
		{"same span: both", []*annotate.Annotation{ann("team", 0, 17, n), ann("college", 0, 17, n)}, []string{"team", "college"}},
		{"overlapping, not inside", []*annotate.Annotation{ann("a", 0, 5, n), ann("b", 3, 9, n)}, []string{"a", "b"}},
		{"longer instance on another node", []*annotate.Annotation{ann("height", 0, 8, other), ann("number", 0, 1, n)}, []string{"height", "number"}},
		{"inside one of its own type", []*annotate.Annotation{ann("date", 0, 12, n), ann("date", 4, 6, n)}, []string{"date"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tk := new(Token)
			*tk = exalg.MakeToken(KindWord, n, 0, 0, 0, nil)
			tk.SetAnn(&tc.ann)
			if got := ownTypes(tk); !slices.Equal(got, tc.want) {
				t.Fatalf("ownTypes = %q, want %q", got, tc.want)
			}
		})
	}
}
