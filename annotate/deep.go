package annotate

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// FlattenDepth is the element nesting a page keeps when it is nested deeper
// than the HTML parser accepts (golang.org/x/net/html refuses more than 512
// open elements). Browsers do the same kind of thing: Chromium and WebKit
// stop nesting at 512 and add deeper elements as siblings. ParsePage drops
// the start and end tags of the elements that would open below
// FlattenDepth and keeps everything inside them (text, comments, void
// elements), so their text ends up in the deepest element kept, in document
// order. Page.Flattened counts the tags dropped.
const FlattenDepth = 400

// isDepthError reports whether err is the parser's refusal of a page
// nested too deeply.
func isDepthError(err error) bool {
	return err != nil && strings.Contains(err.Error(), "open stack of elements exceeds")
}

// parseFlattened parses text after dropping the elements nested below
// FlattenDepth; when the tree builder still nests too deeply (implied and
// reconstructed elements add levels the tags do not show), it tries again
// with half the depth, down to 50.
func parseFlattened(text []byte) (*html.Node, int, error) {
	var err error
	for depth := FlattenDepth; depth >= 50; depth /= 2 {
		flat, dropped := flattenDeep(text, depth)
		var doc *html.Node
		doc, err = html.Parse(bytes.NewReader(flat))
		if err == nil {
			return doc, dropped, nil
		}
		if !isDepthError(err) {
			return nil, 0, err
		}
	}
	return nil, 0, fmt.Errorf("page nested too deeply even with its elements below depth 50 flattened: %w", err)
}

// rawText are the elements whose content the tokenizer reads as raw text:
// dropping their tags would turn a script into page text, so they are never
// dropped (they hold no elements, so they add one level at most).
var rawText = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Textarea: true, atom.Title: true, atom.Xmp: true,
	atom.Iframe: true, atom.Noembed: true, atom.Noframes: true, atom.Noscript: true, atom.Plaintext: true,
}

// void are the elements without content or end tag.
var void = map[atom.Atom]bool{
	atom.Area: true, atom.Base: true, atom.Br: true, atom.Col: true, atom.Embed: true, atom.Hr: true,
	atom.Img: true, atom.Input: true, atom.Keygen: true, atom.Link: true, atom.Meta: true,
	atom.Param: true, atom.Source: true, atom.Track: true, atom.Wbr: true,
}

// flattenDeep copies text without the start and end tags of elements that
// open when maxDepth elements are already open, following the nesting the
// tags show (an end tag closes up to its element when it is open, and is
// otherwise left to the parser). It returns the copy and the number of
// start tags dropped.
func flattenDeep(text []byte, maxDepth int) ([]byte, int) {
	z := html.NewTokenizer(bytes.NewReader(text))
	out := make([]byte, 0, len(text))
	var stack []string
	dropped := map[string]int{} // open elements whose start tag was dropped, by name
	n := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				out = append(out, z.Raw()...)
			}
			return out, n
		}
		raw := z.Raw()
		switch tt {
		case html.StartTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if void[a] {
				break
			}
			if len(stack) >= maxDepth && !rawText[a] {
				dropped[string(name)]++
				n++
				continue
			}
			stack = append(stack, string(name))
		case html.EndTagToken:
			name, _ := z.TagName()
			if dropped[string(name)] > 0 {
				dropped[string(name)]--
				continue
			}
			for i := len(stack) - 1; i >= 0; i-- {
				if stack[i] == string(name) {
					stack = stack[:i]
					break
				}
			}
		}
		out = append(out, raw...)
	}
}
