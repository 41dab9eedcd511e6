package preview

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// page returns list page p of a generated shop: books with a link, a cover,
// a title and a price, and remote resources that a preview must not load.
func page(p int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<html><head><base href="http://shop.example/s/"><link rel="stylesheet" href="http://cdn.example/a.css"><script src="http://cdn.example/a.js"></script></head>`)
	b.WriteString(`<body><div><a href="/">Home</a><img src="http://cdn.example/logo.png" alt="logo"></div><ul>`)
	for i := 1; i <= 3+p%4; i++ {
		id := p*10 + i
		fmt.Fprintf(&b, `<li><a href="b/%d.html"><img src="c/%d.jpg" alt="cover"></a><h3>Volume %d of the series</h3><p>Price: $%d.99</p></li>`, id, id, id, 5+id%20)
	}
	b.WriteString(`</ul><iframe src="http://ads.example/x.html"></iframe></body></html>`)
	return b.String()
}

func TestWrite(t *testing.T) {
	s, err := sod.Parse("s.toml", []byte(`object = "book"
objects = "+"
[tuple.book]
title = "1"
link = "1"
cover = "1"
price = "1"
[entity.title]
regex = 'Volume \d+ of the series'
[entity.link]
attr = "href"
regex = '/b/\d+\.html$'
[entity.cover]
attr = "src"
regex = '/c/\d+\.jpg$'
[entity.price]
predefined = "price"
`))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := annotate.NewAnnotator(s, recs, annotate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var sample, fresh []*annotate.Page
	for p := range 10 {
		for _, list := range []*[]*annotate.Page{&sample, &fresh} {
			pg, err := annotate.ParsePage([]byte(page(p)), fmt.Sprintf("%02d.html", p), annotate.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			*list = append(*list, pg)
		}
		if err := a.Annotate(sample[p]); err != nil {
			t.Fatal(err)
		}
	}
	w, err := wrapper.Induce(sample, s, wrapper.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	res, err := Write(dir, w, fresh[:4])
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 4 || strings.Join(res.Fields, ",") != "title,link,cover,price" {
		t.Fatalf("result: %d pages, fields %v", len(res.Pages), res.Fields)
	}
	for i, pr := range res.Pages {
		n := 3 + i%4
		for _, f := range res.Fields {
			if pr.Values[f] != n || pr.Unplaced[f] != 0 {
				t.Errorf("%s: field %s: %d values (%d not located), want %d", pr.Path, f, pr.Values[f], pr.Unplaced[f], n)
			}
		}
		b, err := os.ReadFile(filepath.Join(dir, pr.File))
		if err != nil {
			t.Fatal(err)
		}
		out := string(b)
		id := i*10 + 1
		for _, want := range []string{
			fmt.Sprintf(`title="title (object 0, 1.00)">Volume %d of the series<sup>title</sup></mark>`, id),
			fmt.Sprintf(`@href http://shop.example/s/b/%d.html<sup>link</sup></mark>`, id),
			fmt.Sprintf(`@src http://shop.example/s/c/%d.jpg<sup>cover</sup></mark>`, id),
			fmt.Sprintf(`>$%d.99<sup>price</sup></mark>`, 5+id%20),
			fmt.Sprintf("%d extracted value(s)", 4*n),
			`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
			fmt.Sprintf("%d object(s) extracted", n),
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q", pr.File, want)
			}
		}
		if m := regexp.MustCompile(`(?i)<(script|link|iframe)|\ssrc=|url\(`).FindString(out); m != "" {
			t.Errorf("%s can load a remote resource: %q", pr.File, m)
		}
	}
	index, err := os.ReadFile(res.Index)
	if err != nil {
		t.Fatal(err)
	}
	// Totals: 3+4+5+6 objects, one value of each field per object.
	if want := "<th>total</th><th>18</th><th>18</th><th>18</th><th>18</th><th>18</th><th>0</th>"; !strings.Contains(string(index), want) {
		t.Errorf("index lacks the totals %q:\n%s", want, index)
	}
}

// TestLocate places values: the first free occurrence in one text node, a
// value over several text nodes part by part, an attribute value on its
// element, nothing for a value that is not there.
func TestLocate(t *testing.T) {
	p, err := annotate.ParsePage([]byte(`<html><body><p>Grosset &amp; <i>Dunlap</i></p><ul><li>A, B and A</li></ul><a href="x.html">X</a></body></html>`),
		"t.html", annotate.LoadOptions{BaseURL: "http://h.example/"})
	if err != nil {
		t.Fatal(err)
	}
	used := map[*html.Node][][2]int{}
	for _, tc := range []struct {
		v    wrapper.Value
		want string
	}{
		{wrapper.Value{Text: "Grosset & Dunlap", Path: "html/body/p"}, "Grosset &|Dunlap"},
		{wrapper.Value{Text: "A", Path: "html/body/ul/li"}, "A@0"},
		{wrapper.Value{Text: "A", Path: "html/body/ul/li"}, "A@9"}, // the next free occurrence
		{wrapper.Value{Text: "http://h.example/x.html", Path: "html/body/a/@href"}, "http://h.example/x.html"},
		{wrapper.Value{Text: "Z", Path: "html/body/ul/li"}, ""},
		{wrapper.Value{Text: "X", Path: "html/body/table"}, ""},
	} {
		var got []string
		for _, an := range locate(p, tc.v, used) {
			s := an.Text()
			if tc.v.Text == "A" {
				s += fmt.Sprintf("@%d", an.Start)
			}
			got = append(got, s)
		}
		if strings.Join(got, "|") != tc.want {
			t.Errorf("locate(%q at %s) = %q, want %q", tc.v.Text, tc.v.Path, got, tc.want)
		}
	}
}
