package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// TestLearnLabelKey: which labels key a field (mapping.LearnLabelKey) and
// what KeyedRow reads after them, on detail pages made of label-value
// rows.
func TestLearnLabelKey(t *testing.T) {
	publishers := []string{"Jove Books", "Zebra Books", "Ace Books", "Mariner Books", "Tor Books", "Crown Books"}
	tests := []struct {
		name string
		row  func(i int) string // the page's rows; i is the page
		key  string             // the label learned, "" for none
		want func(i int) string // what KeyedRow reads on page i ("" for nothing)
	}{
		{name: "the field's name before its values",
			row: func(i int) string { return `<li><b>Publisher</b>: ` + publishers[i%6] + `</li>` },
			key: "publisher", want: func(i int) string { return publishers[i%6] }},
		{name: "a copy of the rows with the same text",
			row: func(i int) string {
				r := `<li><b>Publisher</b>: ` + publishers[i%6] + `</li>`
				return r + `</ul><ul class="facts">` + r
			},
			key: "publisher", want: func(i int) string { return publishers[i%6] }},
		{name: "copies that disagree give nothing",
			row: func(i int) string {
				return `<li><b>Publisher</b>: ` + publishers[i%6] + `</li></ul><ul class="facts"><li><b>Publisher</b>: ` + publishers[(i+1)%6] + `</li>`
			},
			key: ""},
		{name: "a word shared with the name is no key",
			row: func(i int) string { return `<li><b>Publisher name</b>: ` + publishers[i%6] + `</li>` }, key: ""},
		{name: "a row that merely holds an instance",
			row: func(i int) string {
				return `<li><b>Publisher</b>: printed and bound for ` + publishers[i%6] + ` in the United States of America</li>`
			},
			key: ""},
		{name: "the same text after the label on every page",
			row: func(i int) string { return `<li><b>Publisher</b>: Ace Books</li>` }, key: ""},
		{name: "a menu link",
			row: func(i int) string {
				return `<li><a href="/p">Publisher</a></li><li>` + publishers[i%6] + `</li>`
			},
			key: ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var src []string
			marks := map[string][]string{}
			for i := range 12 {
				src = append(src, fmt.Sprintf(`<html><body><h1>Book %d</h1><ul class="facts"><li><b>Pages</b>: %d</li>%s</ul></body></html>`, i, 100+i, tc.row(i)))
				marks["publisher"] = append(marks["publisher"], publishers[i%6])
			}
			pages := pagesOf(t, src, marks)
			ps := mapping.NewPaths()
			toks := make([][]mapping.Token, len(pages))
			for i, p := range pages {
				toks[i] = mapping.Tokenize(p, ps)
			}
			f := mapping.FieldSpec{Name: "publisher", Path: "publisher", Types: []string{"publisher"}, Dictionary: true}
			k, ok := mapping.LearnLabelKey(toks, ps, f, 0.7)
			if got := strings.Join(k.Label, " "); got != tc.key || ok != (tc.key != "") {
				t.Fatalf("key %q (ok %v), want %q; %+v", got, ok, tc.key, k)
			}
			if !ok {
				return
			}
			for i := range toks {
				a, b, ok := mapping.KeyedRow(toks[i], k, ps.Parse(k.Path))
				txt := ""
				if ok {
					txt, _, _ = mapping.ValueText(toks[i], a, b)
				}
				if want := tc.want(i); txt != want {
					t.Errorf("page %d: row %q, want %q", i, txt, want)
				}
			}
		})
	}
}
