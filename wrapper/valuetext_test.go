package wrapper

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
	"golang.org/x/net/html"
)

// TestHasValueText checks hasValueText against valueText on every token
// range of up to 16 tokens of the example pages and of pages made for
// its edge cases (runs of white space, line breaks, leading commas,
// edge punctuation, abbreviations).
func TestHasValueText(t *testing.T) {
	pages := map[string][]byte{
		"breaks":  []byte(`<p>a<br>, b<div>&nbsp;</div><div> , </div>c.<br>Co.</p><ul><li>-</li><li>x</li></ul>`),
		"edges":   []byte(`<p>: ; , . - | / </p><p>Sr.</p><span> · </span><b>,</b><i>Inc.</i><p>a/ b</p>`),
		"nothing": []byte(`<div><span></span><br><hr></div>`),
	}
	files, _ := filepath.Glob("../examples/*/pages/*.htm*")
	if len(files) > 40 {
		files = files[:40]
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pages[f] = data
	}
	checked := 0
	for name, data := range pages {
		p, err := annotate.ParsePage(data, name, annotate.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		toks := tokenize(p, mapping.NewPaths())
		for a := range toks {
			for b := a; b <= len(toks) && b <= a+16; b++ {
				txt, _, _ := mapping.ValueText(toks, a, b)
				if got := hasValueText(toks, a, b); got != (txt != "") {
					t.Fatalf("%s [%d, %d): hasValueText %v, valueText %q", name, a, b, got, txt)
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d ranges checked", checked)
	}
}

// TestHasValueTextBlankRuns: runs of white space alone (which the
// tokenizer never makes, but valueText accepts) give ", " across a line
// break and nothing without one.
func TestHasValueTextBlankRuns(t *testing.T) {
	n1, n2 := &html.Node{Type: html.TextNode, Data: "  "}, &html.Node{Type: html.TextNode, Data: " "}
	w1 := mapping.Token{Kind: KindWord, Text: "  ", Node: n1, End: 2}
	w2 := mapping.Token{Kind: KindWord, Text: " ", Node: n2, End: 1}
	for _, tc := range []struct {
		name string
		toks []mapping.Token
	}{
		{"break", []mapping.Token{w1, {Kind: KindStart, Text: "div"}, w2}},
		{"inline", []mapping.Token{w1, {Kind: KindStart, Text: "b"}, w2}},
		{"one", []mapping.Token{w1}},
	} {
		txt, _, _ := mapping.ValueText(tc.toks, 0, len(tc.toks))
		if got := hasValueText(tc.toks, 0, len(tc.toks)); got != (txt != "") {
			t.Errorf("%s: hasValueText %v, valueText %q", tc.name, got, txt)
		}
	}
}

// TestCollapseSpace: collapseSpace is strings.Join(strings.Fields(s), " ").
func TestCollapseSpace(t *testing.T) {
	for _, s := range []string{"", " ", "a", "a b", " a", "a ", "a  b", "a\tb", "a\nb", "a\u00a0b",
		"a\u0085b", "a\u2003b", "\xff b", "a \xff", "é ü", "a, b.", "  ", "a b c d", "a\r\n"} {
		if got, want := mapping.CollapseSpace(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("collapseSpace(%q) = %q, want %q", s, got, want)
		}
	}
}
