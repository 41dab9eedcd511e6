package wrapper

import (
	"os"
	"path/filepath"

	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
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
		toks := mapping.Tokenize(p, mapping.NewPaths())
		for a := range toks {
			for b := a; b <= len(toks) && b <= a+16; b++ {
				txt, _, _ := mapping.ValueText(toks, a, b)
				if got := mapping.HasValueText(toks, a, b); got != (txt != "") {
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
