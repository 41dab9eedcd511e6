package mapping

import (
	"reflect"
	"strings"
	"testing"
)

// TestClassRulesFromFile checks the saved form's validation.
func TestClassRulesFromFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    map[string][]string
		ok   bool
	}{
		{"valid", map[string][]string{"li/dl/dd": {"ht", "born"}}, true},
		{"empty path", map[string][]string{"": {"ht"}}, false},
		{"no tokens", map[string][]string{"li/dd": nil}, false},
		{"token with a space", map[string][]string{"li/dd": {"a b"}}, false},
		{"token with a slash", map[string][]string{"li/dd": {"a/b"}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cr, err := ClassRulesFromFile(tc.m)
			if (err == nil) != tc.ok {
				t.Fatalf("err = %v, want ok %v", err, tc.ok)
			}
			if tc.ok && !reflect.DeepEqual(cr.File(), map[string][]string{"li/dl/dd": {"born", "ht"}}) {
				t.Fatalf("round trip %v", cr.File())
			}
		})
	}
}

// TestLabelOf checks what a row's label is.
func TestLabelOf(t *testing.T) {
	for _, tc := range []struct {
		name, html, want string
	}{
		{"bold label", `<div><b>Sale price:</b> <span>USD 3.00</span></div>`, "sale_price"},
		{"text label", `<div>Born: <span>May 1</span></div>`, "born"},
		{"alone", `<div><b>Sale price:</b></div>`, ""},
		{"value with digits", `<div><b>2 for 1</b> <span>x</span></div>`, ""},
		{"nested first child", `<div><div><b>Area:</b> <i>x</i></div><div>y</div></div>`, ""},
		{"too long", `<div><b>` + strings.Repeat("word ", 10) + `</b> <i>x</i></div>`, ""},
		{"cell pair", `<table><tr><td>Imprint:</td><td>Penrose</td></tr></table>`, "imprint"},
		{"list of rows", `<dl><dt>Ht.</dt><dd>6-2</dd><dt>Born</dt><dd>May 1</dd></dl>`, ""},
		{"list of links", `<div><a>Home</a> <a>Books</a> <a>Fiction</a></div>`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPage(t, "p.html", "<html><body>"+tc.html+"</body></html>", nil)
			div := p.Doc.FirstChild.LastChild.FirstChild // html > body > div
			for div.Data == "table" || div.Data == "tbody" {
				div = div.FirstChild // the row of a table
			}
			if got, _ := labelOf(div); got != tc.want {
				t.Fatalf("labelOf = %q, want %q", got, tc.want)
			}
		})
	}
}
