package wrapper

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"golang.org/x/net/html"
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
		p := recordTestPage(t, fmt.Sprint(i), b.String(), m)
		annotateRegex(p, "position", `\b(?:PG|SG|SF|PF|C|G|F)\b`)
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

// annotateRegex annotates every match of expr in p's text nodes as typ,
// as the annotator would for a regex entity type.
func annotateRegex(p *annotate.Page, typ, expr string) {
	re := regexp.MustCompile(expr)
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			for _, m := range re.FindAllStringIndex(n.Data, -1) {
				a := &annotate.Annotation{Type: typ, Node: n, Start: m[0], End: m[1], Confidence: 1}
				p.Annotations = append(p.Annotations, a)
				p.ByNode[n] = append(p.ByNode[n], a)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(p.Doc)
}
