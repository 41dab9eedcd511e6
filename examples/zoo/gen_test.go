package zoo_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/objectrunner/objectrunner/eval"
	"github.com/objectrunner/objectrunner/examples/zoo"
	"github.com/objectrunner/objectrunner/sod"
)

// inline elements do not break a line of text; every other element does.
var inline = map[string]bool{
	"a": true, "span": true, "b": true, "strong": true, "em": true, "i": true, "small": true, "time": true,
	"abbr": true, "img": true, "s": true, "del": true, "sup": true, "sub": true, "label": true, "cite": true,
	"u": true, "font": true, "bdi": true, "mark": true,
}

// visibleText returns what a reader sees of a page: the text outside
// <head>, <script>, <style>, <noscript>, <select> and <template>, with
// a line break at <br> and around block elements, runs of white space
// collapsed (to "\n" when they hold a line break, else to " ").
func visibleText(page []byte) (string, error) {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return "", err
	}
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "head", "script", "style", "noscript", "template", "select":
				return
			case "br":
				b.WriteString("\n")
				return
			}
		}
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		block := n.Type == html.ElementNode && !inline[n.Data]
		if block {
			b.WriteString("\n")
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if block {
			b.WriteString("\n")
		}
	}
	walk(doc)
	return collapseLines(b.String()), nil
}

var spaceRun = regexp.MustCompile(`[ \t\r\f\n\x{a0}]+`)

func collapseLines(s string) string {
	return spaceRun.ReplaceAllStringFunc(s, func(m string) string {
		if strings.Contains(m, "\n") {
			return "\n"
		}
		return " "
	})
}

// occurs reports whether value v is in text, where the ", " joining the
// lines of a multi-line value (an address) may also be a line break.
func occurs(text, v string) bool {
	if strings.Contains(text, v) {
		return true
	}
	if !strings.Contains(v, ", ") {
		return false
	}
	parts := strings.Split(v, ", ")
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return regexp.MustCompile(strings.Join(parts, `(?:, |,?\n)`)).MatchString(text)
}

// expectedLine is one line of expected.jsonl.
type expectedLine struct {
	Page   string         `json:"page"`
	Index  *int           `json:"index"`
	Object map[string]any `json:"object"`
}

// leafValues lists an object's values, nested ones included.
func leafValues(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, leafValues(e)...)
		}
		return out
	case map[string]any:
		var out []string
		for _, e := range x {
			out = append(out, leafValues(e)...)
		}
		return out
	}
	return nil
}

// checkSource checks the promises of the generator on one source.
func checkSource(t *testing.T, src *zoo.Source) {
	t.Helper()
	texts := map[string]string{}
	names := map[string]bool{}
	for _, p := range src.Pages {
		if !utf8.Valid(p.HTML) {
			t.Errorf("%s/%s: not valid UTF-8", src.Name, p.Name)
		}
		if names[p.Name] {
			t.Errorf("%s: page %s twice", src.Name, p.Name)
		}
		names[p.Name] = true
		text, err := visibleText(p.HTML)
		if err != nil {
			t.Fatalf("%s/%s: %v", src.Name, p.Name, err)
		}
		texts[p.Name] = text
	}
	s, err := sod.Parse(src.Name+"/sod.toml", []byte(src.SOD))
	if err != nil {
		t.Fatalf("%s: the SOD does not load: %v\n%s", src.Name, err, src.SOD)
	}
	for _, e := range s.Entities() {
		if c := e.Recognizer.Class; e.Recognizer.Kind == sod.Dictionary && len(src.Dictionaries[c]) == 0 {
			t.Errorf("%s: dictionary class %q of [entity.%s] has no seed list", src.Name, c, e.Name)
		}
	}
	if _, err := eval.ReadJSONL(bytes.NewReader(src.Expected), "expected.jsonl"); err != nil {
		t.Fatalf("%s: expected.jsonl: %v", src.Name, err)
	}
	labelled := map[string]bool{}
	for line := range bytes.Lines(src.Expected) {
		var e expectedLine
		if err := json.Unmarshal(line, &e); err != nil {
			t.Fatalf("%s: %s: %v", src.Name, line, err)
		}
		text, ok := texts[e.Page]
		if !ok {
			t.Fatalf("%s: expected.jsonl names page %s, which the source lacks", src.Name, e.Page)
		}
		labelled[e.Page] = true
		for _, v := range leafValues(e.Object) {
			if v == "" || v != strings.Join(strings.Fields(v), " ") {
				t.Errorf("%s/%s: value %q is empty or not white-space collapsed", src.Name, e.Page, v)
			}
			if !occurs(text, v) {
				t.Errorf("%s/%s: expected value %q is not in the page's visible text", src.Name, e.Page, v)
			}
		}
		checkMultiplicities(t, src, s, e)
	}
	for n := range names {
		if !labelled[n] {
			t.Errorf("%s: page %s has no line in expected.jsonl", src.Name, n)
		}
	}
}

// checkMultiplicities checks that an expected object has every mandatory
// field of the SOD's root tuple, strings for single fields and arrays for
// sets.
func checkMultiplicities(t *testing.T, src *zoo.Source, s *sod.SOD, e expectedLine) {
	t.Helper()
	if e.Object == nil {
		return
	}
	for _, f := range s.Root.Fields {
		v, ok := e.Object[f.Name]
		if !ok {
			if f.Mult.Min > 0 {
				t.Errorf("%s/%s: mandatory field %q absent: %v", src.Name, e.Page, f.Name, e.Object)
			}
			continue
		}
		_, isArray := v.([]any)
		if f.Mult.Max == 1 && isArray || f.Mult.Many() && !isArray {
			t.Errorf("%s/%s: field %q (multiplicity %s) holds %T", src.Name, e.Page, f.Name, f.Mult, v)
		}
	}
}

// TestGeneratedSources checks, on many seeds, that every expected value is
// in its page's visible text, pages are valid UTF-8, every page is
// labelled, the SOD loads, the dictionaries exist and the expected objects
// respect the SOD's multiplicities.
func TestGeneratedSources(t *testing.T) {
	n := uint64(120)
	if testing.Short() {
		n = 30
	}
	for seed := range n {
		src := zoo.Generate(seed)
		checkSource(t, src)
		if t.Failed() {
			t.Fatalf("seed %d: %s", seed, src.Features)
		}
	}
}

// TestDeterministic checks that a seed always gives the same bytes.
func TestDeterministic(t *testing.T) {
	for _, seed := range []uint64{0, 7, 13, 101, 4242} {
		a, b := zoo.Generate(seed), zoo.Generate(seed)
		if a.SOD != b.SOD || !bytes.Equal(a.Expected, b.Expected) || a.Features.String() != b.Features.String() {
			t.Errorf("seed %d: SOD, expected objects or features differ between two runs", seed)
		}
		if !slices.EqualFunc(a.Pages, b.Pages, func(x, y zoo.Page) bool { return x.Name == y.Name && bytes.Equal(x.HTML, y.HTML) }) {
			t.Errorf("seed %d: pages differ between two runs", seed)
		}
		if fmt.Sprint(a.Dictionaries) != fmt.Sprint(b.Dictionaries) {
			t.Errorf("seed %d: dictionaries differ between two runs", seed)
		}
	}
}

// FuzzGenerate checks the generator's promises on any seed.
func FuzzGenerate(f *testing.F) {
	for _, s := range []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1 << 40, 1<<64 - 1} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		checkSource(t, zoo.Generate(seed))
	})
}
