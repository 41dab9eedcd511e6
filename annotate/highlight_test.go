package annotate

import (
	"strings"
	"testing"
)

func TestWriteHighlighted(t *testing.T) {
	s, recs := bookSOD()
	a, _ := NewAnnotator(s, recs, Options{})
	p := mustPage(t, `<html><head><title>x</title></head><body><p>Emma by Jane Austen &amp; <i>Dune</i></p><img src="a.png" alt="c"></body></html>`)
	if err := a.Annotate(p); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteHighlighted(&b, p); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		`<mark style="background:#8ce99a" title="title (dictionary:title, 0.80)">Emma<sup>title</sup></mark> by `,
		`<mark style="background:#ffe066" title="author (dictionary:author, 0.80)">Jane Austen<sup>author</sup></mark> &amp; <i>`, /* the space before the inline <i> is kept */
		`<mark style="background:#8ce99a">title</mark> 2</span>`,
		`<img data-src="a.png" alt="c">`,
		`3 annotation(s)`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("highlighted page lacks %s\n%s", want, out)
		}
	}
	// Colours by a given type order.
	b.Reset()
	if err := WriteHighlightedTypes(&b, p, []string{"title", "isbn", "author"}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<mark style="background:#ffe066">title</mark> 2</span>`,
		`<mark style="background:#8ce99a">isbn</mark> 0</span>`, `<mark style="background:#74c0fc">author</mark> 1</span>`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("highlighted page lacks %s", want)
		}
	}
	// Overlapping spans of two types become one mark naming both.
	// Links are resolved against <base href>; images are not loaded.
	p = mustPage(t, `<base href="http://example.com/b/"><p><a href="x">l</a><img src="/i.png"></p>`)
	b.Reset()
	WriteHighlighted(&b, p)
	if !strings.Contains(b.String(), `<a href="http://example.com/b/x">l</a><img data-src="http://example.com/i.png">`) {
		t.Fatalf("links not resolved:\n%s", b.String())
	}
	p = mustPage(t, `<p>Tolkien</p>`)
	p.Annotations = nil
	n := FindPath(p.Doc, "html/body/p/text()")
	p.merge([]*Annotation{
		{Type: "author", Node: n, Start: 0, End: 7, Recognizer: "r", Confidence: 1},
		{Type: "title", Node: n, Start: 0, End: 3, Recognizer: "r", Confidence: 1},
	}, map[string]bool{})
	b.Reset()
	WriteHighlighted(&b, p)
	if !strings.Contains(b.String(), `title="author (r, 1.00); title (r, 1.00)">Tolkien<sup>author+title</sup></mark>`) {
		t.Fatalf("overlap not merged:\n%s", b.String())
	}
}
