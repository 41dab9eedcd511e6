package annotate

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// render prints the cleaned tree compactly.
func render(t *testing.T, n *html.Node) string {
	t.Helper()
	var b strings.Builder
	if err := html.Render(&b, n); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func cleanString(t *testing.T, in string) string {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	Clean(doc)
	return render(t, doc)
}

func TestClean(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "<html><body></body></html>"},
		{"scripts styles comments",
			`<html><head><title> T </title><script>x()</script><style>p{}</style><meta charset="utf-8"><link rel=x></head><body><!-- c --><p>a</p><noscript>n</noscript></body></html>`,
			`<html><head><title>T</title></head><body><p>a</p></body></html>`},
		{"whitespace collapsed and trimmed",
			"<p>\n  Hello,\t\t world\u00a0 !  </p><div>   </div>",
			`<html><body><p>Hello, world !</p></body></html>`},
		{"text merged across removed nodes",
			`<p>foo <!-- x --> bar<script>y</script> baz</p>`,
			`<html><body><p>foo bar baz</p></body></html>`},
		{"attributes filtered",
			`<div id="a" class="b" style="color:red" title="t"><a href="/x" onclick="y" target="_blank">l</a><img src="i.png" alt="A" width="3"></div>`,
			`<html><body><div class="b" title="t"><a href="/x">l</a><img src="i.png" alt="A"/></div></body></html>`},
		{"hidden elements",
			`<p>v</p><p hidden>h</p><p style="DISPLAY: none">h</p><p style="visibility:hidden !important">h</p><input type="hidden" value="s"><input type="text">`,
			`<html><body><p>v</p><input/></body></html>`},
		{"empty elements removed recursively",
			`<div><span> </span><b><i></i></b></div><p>x</p><br><a href="y"></a>`,
			`<html><body><p>x</p><br/></body></html>`},
		{"table cells kept",
			`<table><tr><td></td><td>x</td></tr></table>`,
			`<html><body><table><tbody><tr><td></td><td>x</td></tr></tbody></table></body></html>`},
		{"space kept at inline boundaries",
			"<p>Tom &amp; <i>Jerry</i> and\n<b> Spike </b></p>",
			`<html><body><p>Tom &amp; <i>Jerry</i> and <b> Spike </b></p></body></html>`},
		{"space trimmed at block boundaries",
			"<div> A <p> B </p> C <br> D </div><td> E </td>",
			`<html><body><div>A<p>B</p>C<br/>D</div>E</body></html>`},
		{"no space invented",
			`<p><b>Book</b>s and <span>x</span></p>`,
			`<html><body><p><b>Book</b>s and <span>x</span></p></body></html>`},
		{"whitespace-only node between inline elements dropped",
			`<p><b>A</b> <b>B</b></p>`,
			`<html><body><p><b>A</b><b>B</b></p></body></html>`},
		{"svg and iframes dropped",
			`<p>a<svg><text>s</text></svg>b</p><iframe src="x"></iframe>`,
			`<html><body><p>ab</p></body></html>`},
		{"doctype removed",
			`<!DOCTYPE html><p>x</p>`,
			`<html><body><p>x</p></body></html>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := cleanString(t, tc.in); got != tc.want {
				t.Fatalf("Clean(%q)\n got %s\nwant %s", tc.in, got, tc.want)
			}
		})
	}
}

func TestCollapseSpace(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"a", "a"},
		{"a b", "a b"},
		{" a", "a"},
		{"a ", "a"},
		{"a  b", "a b"},
		{"a\nb", "a b"},
		{"\u00a0é\u2003ü ", "é ü"},
		{"   ", ""},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if got := collapseSpace(tc.in); got != tc.want {
				t.Fatalf("collapseSpace(%q)=%q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestCollapseEdges(t *testing.T) {
	tests := []struct {
		in              string
		keepLead, keepT bool
		want            string
	}{
		{" a ", false, false, "a"},
		{" a ", true, false, " a"},
		{" a ", false, true, "a "},
		{" a ", true, true, " a "},
		{"a", true, true, "a"},
		{"\n\ta  b\u00a0", true, true, " a b "},
		{"   ", true, true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if got := collapseEdges(tc.in, tc.keepLead, tc.keepT); got != tc.want {
				t.Fatalf("collapseEdges(%q, %v, %v)=%q, want %q", tc.in, tc.keepLead, tc.keepT, got, tc.want)
			}
		})
	}
}

func TestNodePathAndFindPath(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<body><div>a</div><div><ul><li>1</li><li>2<b>x</b>3</li></ul></div><p>z</p></body>`))
	if err != nil {
		t.Fatal(err)
	}
	Clean(doc)
	var texts []*html.Node
	walkText(doc, func(n *html.Node) bool { texts = append(texts, n); return true })
	want := []string{
		"html/body/div[1]/text()",
		"html/body/div[2]/ul/li[1]/text()",
		"html/body/div[2]/ul/li[2]/text()[1]",
		"html/body/div[2]/ul/li[2]/b/text()",
		"html/body/div[2]/ul/li[2]/text()[2]",
		"html/body/p/text()",
	}
	if len(texts) != len(want) {
		t.Fatalf("got %d text nodes, want %d", len(texts), len(want))
	}
	for i, n := range texts {
		t.Run(want[i], func(t *testing.T) {
			if got := NodePath(n); got != want[i] {
				t.Fatalf("NodePath=%q, want %q", got, want[i])
			}
			if got := FindPath(doc, want[i]); got != n {
				t.Fatalf("FindPath(%q)=%v, want the node %q", want[i], got, n.Data)
			}
		})
	}
	for _, bad := range []string{"html/body/div[3]", "html/x", "html/body/div[0]", "html/body/div[a]"} {
		if n := FindPath(doc, bad); n != nil {
			t.Errorf("FindPath(%q)=%v, want nil", bad, n)
		}
	}
	if got := NodePath(doc); got != "" {
		t.Errorf("NodePath(doc)=%q, want empty", got)
	}
}

func TestText(t *testing.T) {
	tests := []struct{ in, want string }{
		{`<p>a <b>b</b>c</p>`, "a b c"},
		{`<div> x <script>s()</script><!-- c --> y </div>`, "x y"},
		{``, ""},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			doc, _ := html.Parse(strings.NewReader(tc.in))
			if got := Text(doc); got != tc.want {
				t.Fatalf("Text=%q, want %q", got, tc.want)
			}
			Clean(doc)
			if got := Text(doc); got != tc.want {
				t.Fatalf("Text(cleaned)=%q, want %q", got, tc.want)
			}
		})
	}
}
