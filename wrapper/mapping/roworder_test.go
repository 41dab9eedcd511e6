package mapping

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestRowUnits: how a container's children are cut into rows.
func TestRowUnits(t *testing.T) {
	for _, tc := range []struct {
		name, html, want string
	}{
		{"element rows", `<div><div><label>Made by</label><div>Helix</div></div><div><label>Price</label><div>$3</div></div></div>`, "made_by price"},
		{"table rows", `<table><tr><th>Brand</th><td>Helix</td></tr><tr><th>Model</th><td>X1</td></tr></table>`, "brand model"},
		{"terms", `<dl><dt>Brand</dt><dd><b>Helix</b> audio</dd><dt>Model:</dt><dd>X1</dd></dl>`, "brand model"},
		{"inline rows", `<p><b>Model #:</b> <b>X1</b><br><b>Sale price:</b> <b>$5</b> (was <b>$9</b>)<br>Note</p>`, "model_# sale_price"},
		{"text rows", `<p>Model: X1<br>Colour: Red<br></p>`, "model colour"},
		{"colon items", `<ul><li>Brand: Helix</li><li>Model: <a>X1</a></li></ul>`, "brand model"},
		{"links are no labels", `<ul><li><a>Helix One</a> <span>$3</span></li><li><a>Lumen Two</a> <span>$4</span></li></ul>`, ""},
		{"a list is no row", `<div><b>Featuring:</b><ul><li>A</li><li>B</li></ul></div>`, "featuring"},
		{"a container is no row", `<div><dl><dt>Edition:</dt><dd>Paperback</dd><dt>By:</dt><dd>Ann</dd></dl></div>`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := html.Parse(strings.NewReader("<html><body>" + tc.html + "</body></html>"))
			if err != nil {
				t.Fatal(err)
			}
			n := doc.FirstChild.LastChild.FirstChild
			if n.Data == "table" {
				n = n.FirstChild // the <tbody> the parser adds
			}
			var got []string
			for _, u := range rowUnits(n, nil) {
				got = append(got, u.Key)
			}
			if s := strings.Join(got, " "); s != tc.want {
				t.Fatalf("rows %q, want %q", s, tc.want)
			}
		})
	}
}
