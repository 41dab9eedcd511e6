package annotate

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

func TestPageBase(t *testing.T) {
	for _, tc := range []struct {
		name, src, fallback, wantURL, wantBase, ref, wantRef string
	}{
		{"base href", `<base href="http://a.example/x/p.html"><a href="q.html">q</a>`, "", "http://a.example/x/p.html", "http://a.example/x/p.html", "../r.png", "http://a.example/r.png"},
		{"base href wins over the fallback", `<base href="http://a.example/x/">`, "https://b.example/", "http://a.example/x/", "http://a.example/x/", "q", "http://a.example/x/q"},
		{"relative base href", `<base href="/shop/">`, "https://b.example/x/", "https://b.example/shop/", "https://b.example/shop/", "q", "https://b.example/shop/q"},
		{"fallback only: no page URL", `<p>x</p>`, "https://b.example/x/", "", "https://b.example/x/", "/q", "https://b.example/q"},
		{"nothing", `<p>x</p>`, "", "", "", "q.html", "q.html"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParsePage([]byte(tc.src), "t.html", LoadOptions{BaseURL: tc.fallback})
			if err != nil {
				t.Fatal(err)
			}
			if p.URL != tc.wantURL || p.BaseURL != tc.wantBase || p.ResolveURL(tc.ref) != tc.wantRef {
				t.Errorf("URL %q, BaseURL %q, ResolveURL(%q) %q; want %q, %q, %q", p.URL, p.BaseURL, tc.ref, p.ResolveURL(tc.ref), tc.wantURL, tc.wantBase, tc.wantRef)
			}
		})
	}
}

func TestAttrNode(t *testing.T) {
	p, err := ParsePage([]byte(`<html><head><base href="http://s.example/list/">
<meta property="og:image" content=" http://s.example/i.jpg "><meta name="description" content="A
  book"><meta http-equiv="refresh" content="0;url=http://evil.example/"><meta charset="utf-8"></head>
<body><a href="../b/1.html" class="x" data-id="1">One</a><img src="c/1.jpg" alt="Cover"><a href="  ">blank</a>
<time datetime="2010-06-01">June 1</time></body></html>`), "t.html", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, key := range sod.Attributes {
		p.walkTextAndAttrs(p.Doc, []string{key}, false, func(n *html.Node) {
			el, k, ok := AttrOf(n)
			if !ok || k != key || p.AttrNode(el, key) != n {
				t.Errorf("AttrOf(%q) = %v, %q, %v", n.Data, el, k, ok)
			}
			got = append(got, NodePath(n)+" = "+n.Data)
		})
	}
	want := []string{
		"html/body/a[1]/@href/text() = http://s.example/b/1.html",
		"html/body/img/@src/text() = http://s.example/list/c/1.jpg",
		"html/body/img/@alt/text() = Cover",
		"html/head/meta[1]/@content/text() = http://s.example/i.jpg",
		"html/head/meta[2]/@content/text() = A book",
		"html/body/time/@datetime/text() = 2010-06-01",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("attribute values:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Cleaning keeps only the named metas, with their naming attributes.
	var metas []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "meta" {
			var attrs []string
			for _, a := range n.Attr {
				attrs = append(attrs, a.Key)
			}
			metas = append(metas, strings.Join(attrs, ","))
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(p.Doc)
	if strings.Join(metas, " ") != "property,content name,content" {
		t.Errorf("metas kept: %q", metas)
	}
	// Text walks never see attribute values.
	var texts []string
	walkText(p.Doc, func(n *html.Node) bool { texts = append(texts, n.Data); return true })
	if s := strings.Join(texts, "|"); strings.Contains(s, "http") || strings.Contains(s, "2010-06-01") {
		t.Errorf("walkText reached attribute values: %q", s)
	}
	if _, _, ok := AttrOf(p.Doc.FirstChild); ok {
		t.Error("AttrOf(html) is true")
	}
}

// TestAnnotateAttributes annotates a type reading href and one reading
// text on the same page, and samples a source with them: each finds only
// its own instances, and the sample counts hits in attribute values.
func TestAnnotateAttributes(t *testing.T) {
	link := &sod.Type{Name: "link", Kind: sod.Entity, Attr: "href", Recognizer: &sod.Recognizer{Kind: sod.Regex}}
	word := &sod.Type{Name: "word", Kind: sod.Entity, Recognizer: &sod.Recognizer{Kind: sod.Regex}}
	s := tupleSOD("item", field(link, sod.One), field(word, sod.One))
	recs := map[string]recognizers.Recognizer{
		"link": &regexRec{name: "regex:link", re: regexp.MustCompile(`/item/\d+`)},
		"word": &regexRec{name: "regex:word", re: regexp.MustCompile(`/item/\d+|Item \d+`)},
	}
	a, err := NewAnnotator(s, recs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := `<html><body><p>See /item/9 here</p><a href="/item/1">Item 1</a><a href="/about">About</a></body></html>`
	p := mustPage(t, src)
	if err := a.Annotate(p); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, an := range p.Annotations {
		got = append(got, an.Type+" "+NodePath(an.Node)+" "+an.Text())
	}
	want := "word html/body/p/text() /item/9|link html/body/a[1]/@href/text() /item/1|word html/body/a[1]/text() Item 1"
	if strings.Join(got, "|") != want {
		t.Errorf("annotations in document order:\n%s\nwant\n%s", strings.Join(got, "|"), want)
	}
	dir := t.TempDir()
	for i := range 6 {
		os.WriteFile(filepath.Join(dir, strings.Repeat("p", i+1)+".html"), []byte(src), 0o644)
	}
	paths, _ := ListSource(dir)
	res, err := Sample(context.Background(), paths, dir, a, SampleOptions{K: 3, NoSegment: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range res.Stats {
		if st.PagesWithHits != st.Candidates || st.Hits != st.Candidates*map[string]int{"link": 1, "word": 2}[st.Type] {
			t.Errorf("type %s: %d hits on %d of %d pages", st.Type, st.Hits, st.PagesWithHits, st.Candidates)
		}
	}
}
