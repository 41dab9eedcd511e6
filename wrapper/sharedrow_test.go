package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/sod"
)

// TestSharedRowOptionalName: a labelled row holds an optional publisher
// and the date in one text node, in two shapes, on detail pages whose rows
// are otherwise the same. Each field must get its own part: the date
// alone is no publisher, and the date after a publisher is the date's.
func TestSharedRowOptionalName(t *testing.T) {
	pubs := []string{"North Fork Press", "Blue Heron Books", "Sable Media", "Redcliff House", "Lanternfish Press", "Foxglove Group", "Thornbury Books"}
	months := []string{"January", "March", "May", "July", "October", "December"}
	for _, c := range []struct {
		name string
		row  func(pub, date string, i int) string // the row's HTML
	}{
		{"brackets in a dd", func(pub, date string, i int) string {
			return fmt.Sprintf(`<dt>Published by:</dt><dd>%s (%s)</dd><dt>ISBN13:</dt><dd>%s</dd>`, pub, date, isbnOf(i))
		}},
		{"links in a list of labelled rows", func(pub, date string, i int) string {
			p := ""
			if pub != "" {
				p = `<a href="/p/` + fmt.Sprint(i) + `">` + pub + `</a>, `
			}
			rows := []string{
				fmt.Sprintf(`<li><strong>ISBN-13:</strong> <b>%s</b></li>`, isbnOf(i)),
				fmt.Sprintf(`<li><strong>Imprint:</strong> %s<a href="/d/%d">%s</a></li>`, p, i, strings.TrimPrefix(date, fmt.Sprint(3+i%25)+" ")),
				[]string{`<li><strong>Edition:</strong> Paperback</li>`, `<li><strong>Edition:</strong> Hardcover</li>`}[i%2],
				`<li><strong>Language:</strong> <a href="/l/en">English</a></li>`,
			}
			if i%4 == 2 {
				rows = rows[:2]
			}
			if i%3 == 1 {
				rows[0], rows[1] = rows[1], rows[0]
			}
			return `</dl><ul>` + strings.Join(rows, "") + `</ul><dl>`
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var src, wantPub, wantDate, known, isbns []string
			for i := range 24 {
				pub := pubs[i%len(pubs)]
				if i%5 == 1 || i%5 == 3 {
					pub = ""
				}
				date := fmt.Sprintf("%d %s %d", 3+i%25, months[i%len(months)], 1988+i)
				row := c.row(pub, date, i)
				if c.name != "brackets in a dd" {
					date = strings.TrimPrefix(date, fmt.Sprint(3+i%25)+" ")
				}
				if pub != "" && i%2 == 0 {
					known = append(known, pub)
				}
				wantPub, wantDate, isbns = append(wantPub, pub), append(wantDate, date), append(isbns, isbnOf(i))
				src = append(src, fmt.Sprintf(`<html><body><h1 data-or-type="title">Book %c%c</h1><dl>%s<dt>Pages:</dt><dd>%d pages</dd></dl><footer>BookDepot</footer></body></html>`,
					'A'+i, 'a'+i, row, 100+i*13))
			}
			pages := pagesOf(t, src, map[string][]string{"publisher": known, "date": wantDate, "isbn13": isbns})
			s := testSOD([][3]string{{"title", "1", "title"}, {"publisher", "?", "publisher"}, {"published", "?", "date"}, {"isbn", "1", "isbn13"}}, sod.One)
			dictionaryTypes(s, "title", "publisher")
			w, err := Induce(pages, s, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range pages {
				objs, _ := w.Extract(p)
				if len(objs) != 1 {
					t.Fatalf("%s: %d objects", p.Path, len(objs))
				}
				gp, gd := strings.Join(objs[0].Get("publisher"), "|"), strings.Join(objs[0].Get("published"), "|")
				if gp != wantPub[i] || gd != wantDate[i] {
					t.Fatalf("%s: publisher %q, published %q; want %q, %q\ntemplate %s\nslots %+v", p.Path, gp, gd, wantPub[i], wantDate[i], w.Template(), w.Slots())
				}
			}
		})
	}
}

// isbnOf returns a valid ISBN-13 for page i.
func isbnOf(i int) string {
	d := fmt.Sprintf("978%09d", 153676501+i*7919)
	sum := 0
	for k, c := range d {
		sum += int(c-'0') * (1 + 2*(k%2))
	}
	return fmt.Sprintf("%s%d", d, (10-sum%10)%10)
}
