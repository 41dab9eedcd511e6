package annotate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// fuzzSeeds are the golden inputs and the cleaning table's cases.
func fuzzSeeds(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.html"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		"", "<p>a<!--x-->b</p>", `<div style="display:none">x</div>`, "\xEF\xBB\xBF<p>é</p>",
		"\xff\xfe<\x00p\x00>\x00", `<meta charset="shift_jis"><p>\x82\xa0</p>`, "<table><td></td>",
		"<svg><p>x</p></svg>", "<p>\u00a0\u2003</p>", "<base href=\"::\"><a href=x>y</a>",
	} {
		f.Add([]byte(s))
	}
}

// FuzzClean parses and cleans arbitrary bytes: no panic, and the cleaned tree
// keeps Clean's invariants (no comments, no whitespace-only or untrimmed
// text, no adjacent text nodes, only href/src/alt/title attributes), and
// cleaning twice changes nothing.
func FuzzClean(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePage(data, "fuzz.html", LoadOptions{})
		if err != nil {
			return
		}
		var check func(n *html.Node)
		check = func(n *html.Node) {
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				switch c.Type {
				case html.CommentNode, html.DoctypeNode:
					t.Fatalf("%v node left", c.Type)
				case html.TextNode:
					// Collapsed, at most one space kept at an inline edge.
					if c.Data == "" || c.Data != collapseEdges(c.Data, true, true) || collapseSpace(c.Data) == "" {
						t.Fatalf("text %q not collapsed", c.Data)
					}
					if startsSpace(c.Data) && isBlock(c.PrevSibling, n) || endsSpace(c.Data) && isBlock(c.NextSibling, n) {
						t.Fatalf("text %q keeps a space at a block boundary", c.Data)
					}
					if c.NextSibling != nil && c.NextSibling.Type == html.TextNode {
						t.Fatalf("adjacent text nodes %q %q", c.Data, c.NextSibling.Data)
					}
				case html.ElementNode:
					for _, a := range c.Attr {
						switch a.Key {
						case "href", "src", "alt", "title", "class":
						default:
							t.Fatalf("attribute %s kept on %s", a.Key, c.Data)
						}
					}
					check(c)
				}
			}
		}
		check(p.Doc)
		var before, after strings.Builder
		html.Render(&before, p.Doc)
		Clean(p.Doc)
		html.Render(&after, p.Doc)
		if before.String() != after.String() {
			t.Fatalf("Clean is not idempotent:\n%s\n%s", before.String(), after.String())
		}
	})
}

// FuzzAnnotate annotates arbitrary bytes with the book SOD: no panic,
// offsets within their node's text, ByNode consistent, and the highlighted
// copy renders.
func FuzzAnnotate(f *testing.F) {
	fuzzSeeds(f)
	f.Add([]byte("<p>Dune</p><p>Jane Austen, 9780441172719, June 1965</p><i><b>Penguin</b></i>"))
	s, recs := bookSOD()
	a, err := NewAnnotator(s, recs, Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePage(data, "fuzz.html", LoadOptions{})
		if err != nil {
			return
		}
		if err := a.Annotate(p); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, an := range p.Annotations {
			if an.Start < 0 || an.End > len(an.Node.Data) || an.Start >= an.End {
				t.Fatalf("span [%d,%d) out of %q", an.Start, an.End, an.Node.Data)
			}
			n += 1 + len(an.Up)
		}
		m := 0
		for _, as := range p.ByNode {
			m += len(as)
		}
		if m != n {
			t.Fatalf("ByNode holds %d entries, want %d", m, n)
		}
		if err := WriteHighlighted(&strings.Builder{}, p); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzCollapseEdges checks the substring fast path of collapseEdges against
// the copying one.
func FuzzCollapseEdges(f *testing.F) {
	for _, s := range []string{"", " a ", "\n\ta  b\u00a0", "a b", "  x\ty ", " \u2003 "} {
		f.Add(s, true, false)
	}
	f.Fuzz(func(t *testing.T, s string, lead, trail bool) {
		if got, want := collapseEdges(s, lead, trail), collapseSlow(s, lead, trail); got != want {
			t.Fatalf("collapseEdges(%q, %v, %v)=%q, want %q", s, lead, trail, got, want)
		}
	})
}
