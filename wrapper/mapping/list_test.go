package mapping

import (
	"github.com/objectrunner/objectrunner/wrapper/exalg"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestTokenizeNodesRelative checks that a record's occurrence paths are
// relative to its parent: the same record at two depths gives the same
// tokens and paths.
func TestTokenizeNodesRelative(t *testing.T) {
	src := `<html><body><ul><li><b>A</b> x, y</li></ul><div><div><ul><li><b>B</b> x, y</li></ul></div></div></body></html>`
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	var lis []*html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "li" {
			lis = append(lis, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			find(c)
		}
	}
	find(doc)
	ps := NewPaths()
	show := func(n *html.Node) string {
		var b strings.Builder
		for _, tk := range tokenizeNodes([]*html.Node{n}, nil, ps) {
			if tk.Text() == "A" || tk.Text() == "B" {
				tk = exalg.MakeToken(tk.Kind, &html.Node{Data: "_"}, tk.Path, 0, 1, nil)
			}
			b.WriteString(tk.String() + "@" + ps.String(tk.Path) + " ")
		}
		return b.String()
	}
	a, b := show(lis[0]), show(lis[1])
	if a != b {
		t.Fatalf("record tokens differ by depth:\n%s\n%s", a, b)
	}
	if want := "<li>@li <b>@li/b _@li/b </b>@li/b x@li ,@li y@li </li>@li"; !strings.Contains(a, want) {
		t.Fatalf("tokens %q, want them to contain %q", a, want)
	}
}

// TestSplitPunctuation checks that commas and semicolons leave longer
// punctuation runs, so list separators stand alone.
func TestSplitPunctuation(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Savage Pilots!, Kim", "Savage|Pilots|!|,|Kim"},
		{"Meyer, Jo", "Meyer|,|Jo"},
		{"(Illustrator);", "(|Illustrator|)|;"},
		{"Wait...", "Wait|..."},
		{"9.99", "9.99"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			n := &html.Node{Type: html.TextNode, Data: tc.in}
			var got []string
			for _, tk := range splitWords(nil, n, 0, nil, nil) {
				got = append(got, tk.Text())
			}
			if s := strings.Join(got, "|"); s != tc.want {
				t.Fatalf("splitWords(%q) = %s, want %s", tc.in, s, tc.want)
			}
		})
	}
}

func TestShape(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"$38.00", "$9.9"},
		{"$7.99", "$9.9"},
		{"13 Jul 2010", "9 Aa 9"},
		{"Also available", "Aa a"},
		{"04/23/1995", "9/9/9"},
		{"", ""},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := shape(tc.in); got != tc.want {
				t.Fatalf("shape(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestContainEnd checks where a value leaves the element holding its start.
func TestContainEnd(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"links in a span", `<p><span>by <a>A</a>, <a>B</a></span><br><span>List <s>$5</s></span></p>`, "by A , B"},
		{"text then sibling", `<dl><dd>x: A, B<dd>Cover: $5</dl>`, "x : A , B"},
		{"all inside", `<p><span>A and B</span></p>`, "A and B"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "x.html", "<html><body>"+tc.src+"</body></html>", nil)
			toks := Tokenize(p, NewPaths())
			a := 0
			for a < len(toks) && toks[a].Kind != KindWord {
				a++
			}
			e := containEnd(toks, a, len(toks)-1)
			var got []string
			for x := a; x < e; x++ {
				if toks[x].Kind == KindWord {
					got = append(got, toks[x].Text())
				}
			}
			if s := strings.Join(got, " "); s != tc.want {
				t.Fatalf("value up to containEnd = %q, want %q", s, tc.want)
			}
		})
	}
}
