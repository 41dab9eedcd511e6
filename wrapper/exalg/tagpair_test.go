package exalg

import (
	"fmt"
	"testing"
)

// TestLabelledItemsNoPair: list items that open with a label ("Publisher:
// …", "Pages: …") are rows of several kinds, not items of one: their tag
// pair is no class (labelledIters).
func TestLabelledItemsNoPair(t *testing.T) {
	var src []string
	for i := range 12 {
		pages := ""
		if i%2 == 0 {
			pages = fmt.Sprintf("<li> Pages: %d </li>", 200+i)
		}
		src = append(src, fmt.Sprintf(`<html> <body> <h1> Book %c%c </h1> <ul> <li> Publisher: House %c </li> <li> Language: English </li> %s </ul> </body> </html>`, 'A'+i, 'a'+i, 'A'+i, pages))
	}
	paths := map[string]int32{}
	var toks [][]Token
	for _, p := range src {
		toks = append(toks, pageToks(t, p, paths))
	}
	e := newECGM(toks, DefaultOptions())
	for r := range e.base {
		if e.base[r].Kind == KindStart && e.base[r].Text == "li" {
			for q := range e.base {
				if e.base[q].Kind == KindEnd && e.base[q].Text == "li" && !e.labelledIters(int32(r), int32(q)) {
					t.Fatalf("labelled rows taken for a list's items")
				}
			}
		}
	}
}
