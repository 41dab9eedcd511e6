package mapping

import (
	"testing"
)

// TestLabelOfColonValues: a row whose label element ends with ":" may
// hold several values in elements of the label's tag ("No.: 41 | Point
// Guard", "Date of birth: 22 Mar 1992 in Madison, WI"); an element of
// that tag whose text ends with ":" is the next label (a container of
// rows), and without a colon the repeated tag still opens a list.
func TestLabelOfColonValues(t *testing.T) {
	for _, tc := range []struct {
		name, html, want string
	}{
		{"two values", `<div><span>No.:</span> <span>41</span> | <span>Point Guard</span></div>`, "no."},
		{"value and place", `<div><span>Date of birth:</span> <span>22 Mar 1992</span> in <span>Madison, WI</span></div>`, "date_of_birth"},
		{"slash label", `<div><strong>College/Univ.:</strong> <div><a>Eastvale State</a></div></div>`, "college_univ."},
		{"two labels", `<div><b>Ht:</b> <b>6-2</b> <b>Wt:</b> <b>200</b></div>`, ""},
		{"no colon", `<div><span>Ht.</span> <span>6-2</span> <span>Born</span></div>`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body>"+tc.html+"</body></html>", nil)
			div := p.Doc.FirstChild.LastChild.FirstChild // html > body > div
			if got, _ := labelOf(div); got != tc.want {
				t.Fatalf("labelOf = %q, want %q", got, tc.want)
			}
		})
	}
}
