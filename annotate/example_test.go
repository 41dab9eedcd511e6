package annotate_test

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
)

// isbnRecognizer is a minimal Recognizer for the example.
type isbnRecognizer struct{}

var isbnRe = regexp.MustCompile(`97[89][0-9]{10}`)

func (isbnRecognizer) Name() string { return "regex" }

func (isbnRecognizer) Find(text string) ([]recognizers.Match, error) {
	var ms []recognizers.Match
	for _, m := range isbnRe.FindAllStringIndex(text, -1) {
		ms = append(ms, recognizers.Match{Start: m[0], End: m[1], Recognizer: "regex", Confidence: 1})
	}
	return ms, nil
}

func Example() {
	isbn := &sod.Type{Name: "isbn", Kind: sod.Entity, WholeNode: true}
	book := &sod.Type{Name: "book", Kind: sod.Tuple, Fields: []*sod.Field{{Name: "isbn", Type: isbn, Mult: sod.One}}}
	s := &sod.SOD{Name: "book", Root: book, Mult: sod.One, Types: map[string]*sod.Type{"book": book, "isbn": isbn}}

	a, err := annotate.NewAnnotator(s, map[string]recognizers.Recognizer{"isbn": isbnRecognizer{}}, annotate.Options{})
	if err != nil {
		panic(err)
	}
	page := `<html><head><script>track()</script></head><body>
	  <ul><li><b>ISBN-13</b>: 9780316125581</li><li>Also: 9780316125582 (paperback)</li></ul>
	</body></html>`
	p, err := annotate.ParsePage([]byte(page), "0000.htm", annotate.LoadOptions{})
	if err != nil {
		panic(err)
	}
	if err := a.Annotate(p); err != nil {
		panic(err)
	}
	for _, an := range p.Annotations {
		fmt.Println(an.Type, annotate.NodePath(an.Node), an.Text(), an.Whole)
	}
	var b strings.Builder
	annotate.WriteHighlighted(&b, p)
	fmt.Println(strings.Contains(b.String(), `<mark style="background:#ffe066" title="isbn (regex, 1.00)">9780316125581<sup>isbn</sup></mark>`))
	// Output:
	// isbn html/body/ul/li[1]/text() 9780316125581 true
	// true
}
