package mapping

import (
	"strings"
	"testing"
)

// TestRowSpan checks where a row's value starts and ends: after its label,
// up to the next label at the label's DOM path or the end of the element
// holding label and value (a last row).
func TestRowSpan(t *testing.T) {
	for _, tc := range []struct {
		name, html  string
		label, want string
	}{
		{"dl rows", `<dl><dt>Date:</dt><dd>May 4</dd><dt>Address:</dt><dd>12 Elm St<br>Austin, TX</dd><dt>Genre:</dt><dd>Jazz</dd></dl>`, "address", "12 Elm St, Austin, TX"},
		{"last dl row", `<dl><dt>Date:</dt><dd>May 4</dd><dt>Address:</dt><dd>12 Elm St</dd></dl><p>Sign up now</p>`, "address", "12 Elm St"},
		{"last div row", `<div><div class="row"><span>When</span> <div>May 4</div></div><div class="row"><span>Directions</span> <div>12 Elm St</div></div></div><p>Sign up now</p>`, "directions", "12 Elm St"},
		{"value at the label's path", `<ul><li><span>School</span> <span>Glenrock University</span></li></ul><p>Drafted</p>`, "school", "Glenrock University"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body>"+tc.html+"</body></html>", nil)
			toks := Tokenize(p, NewPaths())
			got := ""
			for x := range toks {
				if toks[x].Kind != KindWord || (x > 0 && toks[x-1].Kind == KindWord && toks[x-1].Node() == toks[x].Node()) {
					continue
				}
				label, y := rowLabelAt(toks, 0, x)
				if y < 0 || strings.Join(label, " ") != tc.label {
					continue
				}
				end := rowEnd(toks, y, x, len(toks))
				got, _, _ = ValueText(toks, x, end)
				break
			}
			if got != tc.want {
				t.Fatalf("row value %q; want %q", got, tc.want)
			}
		})
	}
}
