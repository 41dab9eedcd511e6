package mapping

import (
	"strings"
	"testing"
)

func TestLabelLetters(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string
	}{
		{`<p><b>Release date:</b> <span>x</span></p>`, "release date"},
		{`<p><span>$26.99</span><br><span>x</span></p>`, ""},
		{`<p><span>03/10/2000</span><br><span>x</span></p>`, ""},
		{`<p><b>ISBN-13:</b> <span>x</span></p>`, "isbn13"},
	} {
		p := testPage(t, "p.html", `<html><body>`+c.src+`</body></html>`, nil)
		toks := Tokenize(p, NewPaths())
		x := len(toks) - 1
		for toks[x].Text() != "x" {
			x--
		}
		if got := strings.Join(pageLabel(toks, x), " "); got != c.want {
			t.Errorf("%s: label %q, want %q", c.src, got, c.want)
		}
	}
}
