package records

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestRecordSmallValueSetOverSidebar: the records are table rows whose
// position cell holds a value from a small set ("C", "PG"), found on
// every page but a varying number of times; a sidebar of three "leaders"
// per page writes a name and a position in one text. The position cells
// are data, not template (their count varies), and a position is as old
// in the sidebar's longer text as in a cell: the table's rows win.
func TestRecordSmallValueSetOverSidebar(t *testing.T) {
	s, err := sod.Parse("roster.toml", []byte(`
object = "player"
objects = "*"
[tuple.player]
name = "1"
position = "1"
[entity.name]
dictionary = "name"
[entity.position]
regex = '\b(?:PG|SG|SF|PF|C|G|F)\b'
`))
	if err != nil {
		t.Fatal(err)
	}
	pos := []string{"PG", "SG", "SF", "PF", "C", "G", "F"}
	var pages []*annotate.Page
	for i := range 12 {
		var b strings.Builder
		m := map[string][]string{}
		b.WriteString(`<html><body><div><div><table><tr><td>NAME</td><td>POS</td></tr>`)
		n := 8 + i%4
		for j := range n {
			name := fmt.Sprintf("Player %c%c", 'A'+rune((i*7+j)%26), 'a'+rune((i*3+j*5)%26))
			p := pos[(i+j*3)%len(pos)]
			fmt.Fprintf(&b, `<tr><td><a href="/p">%s</a></td><td>%s</td><td>%d</td></tr>`, name, p, 20+j)
			if j%4 == 0 { // the dictionary knows a quarter of the names
				m["name"] = append(m["name"], name)
			}
		}
		b.WriteString(`</table></div><div><h4>Leaders</h4><ol>`)
		for j := range 3 {
			name := fmt.Sprintf("Leader %c%c", 'A'+rune((i*5+j)%26), 'a'+rune((i+j*7)%26))
			fmt.Fprintf(&b, `<li><a href="/l">%s</a>, %s – %d.%d ppg</li>`, name, pos[(i+j)%len(pos)], 20+j, i)
			if j != 1 {
				m["name"] = append(m["name"], name)
			}
		}
		b.WriteString(`</ol></div></div></body></html>`)
		p := pagetest.Marked(t, fmt.Sprint(i), b.String(), m)
		pagetest.AnnotateRegex(p, "position", `\b(?:PG|SG|SF|PF|C|G|F)\b`)
		pages = append(pages, p)
	}
	rp, err := FindRecordPattern(pages, s, RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rp.Head != "tr" {
		t.Fatalf("record pattern %s: want the table's rows", rp)
	}
}
