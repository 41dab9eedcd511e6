package mapping

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/recognizers"
)

// TestInlineLabelItems: rows "Label: value" cut by <br> left in one slot
// give a patterned field's instance after its label as an item
// (patternItems), keyed by that label (pageLabel); a colon inside a
// longer text, or "http://", is no label.
func TestInlineLabelItems(t *testing.T) {
	url, err := recognizers.NewPredefined("url")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, html, want, label string
	}{
		{"after a label", `<p>Area: Uptown<br>Online: www.casa.example</p>`, "www.casa.example", "online"},
		{"no label", `<p>Area: Uptown<br>www.casa.example</p>`, "www.casa.example", ""},
		{"a long text is no label", `<p>Area: Uptown<br>Visit us any day of the week at: www.casa.example</p>`, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body>"+tc.html+"</body></html>", nil)
			toks := Tokenize(p, NewPaths())
			a, b := 0, len(toks)
			var got, label []string
			for _, it := range patternItems(toks, a, b, url) {
				txt, _, _ := ValueText(toks, it[0], it[1])
				got = append(got, txt)
				label = pageLabel(toks, it[0])
			}
			want := []string{}
			if tc.want != "" {
				want = []string{tc.want}
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("items %q, want %q", got, want)
			}
			if tc.label != "" && strings.Join(label, " ") != tc.label {
				t.Fatalf("label %q, want %q", label, tc.label)
			}
		})
	}
	for _, tc := range []struct {
		text string
		key  string
	}{
		{"Online: www.x.example", "online"},
		{"http://www.x.example", ""},
		{"Price range: $$", "price_range"},
	} {
		if k, _, _ := colonLabel(tc.text); k != tc.key {
			t.Errorf("colonLabel(%q) = %q, want %q", tc.text, k, tc.key)
		}
	}
}
