package mapping

import (
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
)

// TestAttrTokens checks the token stream of attribute values: right after
// the start tag of an element carrying a wanted attribute, framed by
// <@KEY> tags, split into words like text; elements under <head> only
// when they carry one; nothing new for a wrapper that reads none.
func TestAttrTokens(t *testing.T) {
	p, err := annotate.ParsePage([]byte(`<html><head><base href="http://s.example/"><title>T</title>
<meta name="description" content="A short book"></head>
<body><a href="b/1.html">One <b>Book</b></a><img src="c.jpg" alt="x"><br></body></html>`), "t.html", annotate.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	str := func(toks []Token, ps *Paths) string {
		var parts []string
		for _, tk := range toks[1 : len(toks)-1] {
			parts = append(parts, tk.String())
		}
		return strings.Join(parts, " ")
	}
	for _, tc := range []struct {
		name  string
		attrs []string
		want  string
	}{
		{"none", nil, "<html> <body> <a> One <b> Book </b> </a> <img> <br> </body> </html>"},
		{"href", []string{"href"}, "<html> <body> <a> <@href> http://s.example/b/1.html </@href> One <b> Book </b> </a> <img> <br> </body> </html>"},
		{"src and content", []string{"src", "content"},
			"<html> <meta> <@content> A short book </@content> <body> <a> One <b> Book </b> </a> <img> <@src> http://s.example/c.jpg </@src> <br> </body> </html>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var fields []FieldSpec
			if tc.attrs != nil {
				fields = []FieldSpec{{Path: "x", Attrs: tc.attrs}}
			}
			ps := NewPathsFor(fields)
			toks := Tokenize(p, ps)
			if got := str(toks, ps); got != tc.want {
				t.Errorf("tokens:\n%s\nwant\n%s", got, tc.want)
			}
			for _, tk := range toks {
				if tk.Kind == KindWord && strings.HasPrefix(tk.Text(), "http") {
					if got := ps.String(tk.Path); !strings.HasSuffix(got, "/@href") && !strings.HasSuffix(got, "/@src") {
						t.Errorf("path of %q = %q", tk.Text(), got)
					}
				}
			}
		})
	}
}
