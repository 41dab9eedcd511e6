package mapping

import (
	"fmt"

	"testing"
)

// TestRowUnitInPlace: the part of a row that gets roles in place.
func TestRowUnitInPlace(t *testing.T) {
	for _, tc := range []struct {
		name, html string
		want       []string // per row: the tags or texts from first to last
	}{
		{"term and value", `<dl><dt>Brand:</dt><dd>Helix</dd><dt>Price:</dt><dd>$3</dd></dl>`, []string{"dt-dd", "dt-dd"}},
		{"an unlabelled value after a row is not the row's", `<dl><dt>Price:</dt><dd>$3</dd><dd>X100</dd><dt>Date:</dt><dd>2010</dd></dl>`, []string{"dt-dd", "dt-dd"}},
		{"a text row keeps its values and its <br>", `<p>Food: <span>Thai</span> · <span>$$</span><br>Area: Uptown<br></p>`, []string{"Food: -br", "Area: Uptown-br"}},
		{"a label element's row keeps its <br>", `<p><b>Buy new:</b> $35<br><b>ISBN:</b> 978<br></p>`, []string{"b-br", "b-br"}},
		{"an unlabelled row after the <br>", `<p><b>Buy new:</b> $35<br><span>(May 1, 1999)</span><br></p>`, []string{"b-br"}},
		{"a value's next line is no row's end", `<p><b>Address:</b> 12 Elm St<br>Denver, CO<br><b>Tel:</b> 555</p>`, []string{"b- 12 Elm St", "b- 555"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body>"+tc.html+"</body></html>", nil)
			n := p.Doc.FirstChild.LastChild.FirstChild
			var got []string
			for _, u := range rowUnits(n, nil) {
				u = u.InPlace()
				got = append(got, u.First.Data+"-"+u.Last.Data)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Fatalf("rows %q, want %q", got, tc.want)
			}
		})
	}
}
