package objectrunner_test

import (
	"context"
	"fmt"
	"log"
	"strings"
	"testing/fstest"

	"github.com/objectrunner/objectrunner"
	"github.com/objectrunner/objectrunner/recognizers"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper"
)

// eventPage is a list page of a small events site.
func eventPage(p int) []byte {
	var b strings.Builder
	b.WriteString(`<html><head><base href="https://events.example/list/"></head><body><h1>What's on</h1><table>`)
	for i := range 3 + p%3 {
		id := 10*p + i
		fmt.Fprintf(&b, `<tr><td><a href="/e/%d">Event %d</a></td><td>%s %d, 2024</td><td>$%d.00</td></tr>`,
			id, id, []string{"March", "April", "May"}[i%3], 1+id%28, 10+id%40)
	}
	b.WriteString(`</table><p>Tickets at the door.</p></body></html>`)
	return []byte(b.String())
}

// ExampleRunFS learns a wrapper for the pages of a file system (here in
// memory; os.DirFS or an embed.FS work the same) and extracts their
// objects: dates and prices from the page text, each event's link from
// the href of its <a>, resolved against the page's <base href>.
func ExampleRunFS() {
	s, err := sod.Parse("events.toml", []byte(`
object = "event"
objects = "+"          # a list page: several events per page

[tuple.event]
link = "1"
date = "1"
price = "1"

[entity.link]
attr = "href"          # the value is a link target, not page text
regex = '/e/\d+$'

[entity.date]
predefined = "date"

[entity.price]
predefined = "price"
`))
	if err != nil {
		log.Fatal(err)
	}
	recs, err := recognizers.ForSOD(s, nil) // no dictionary recognizer: no store needed
	if err != nil {
		log.Fatal(err)
	}
	site := fstest.MapFS{}
	for p := range 12 {
		site[fmt.Sprintf("list/%02d.html", p)] = &fstest.MapFile{Data: eventPage(p)}
	}
	cfg := objectrunner.Config{SOD: s, Recognizers: recs}
	rep, err := objectrunner.RunFS(context.Background(), site, cfg, func(o *wrapper.Object) error {
		if o.Page == "list/01.html" {
			fmt.Println(o.Index, o.Get("link")[0], o.Get("date")[0], o.Get("price")[0])
		}
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d objects from %d pages, %d did not fit\n", rep.Objects, rep.Pages, rep.UnfitPages())
	// Output:
	// 0 https://events.example/e/10 March 11, 2024 $20.00
	// 1 https://events.example/e/11 April 12, 2024 $21.00
	// 2 https://events.example/e/12 May 13, 2024 $22.00
	// 3 https://events.example/e/13 March 14, 2024 $23.00
	// 48 objects from 12 pages, 0 did not fit
}
