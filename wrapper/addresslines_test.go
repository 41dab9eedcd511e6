package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestRecordAddressLines: event records whose venue cell holds the
// venue's link and its address as two <div> lines ("<a>Venue</a>,
// <div><div>4317 Walnut Way</div><div>Seattle, WA 98144</div></div>"),
// the street line annotated as an address, and the city line on two
// records of three (each with the recognizer's confidence for a line,
// 0.8). The address's first line counted
// as a lead instance (its run up to the first tag) on top of the whole
// value (leadAlso), the slot became a Lead slot and every address was cut
// to its street. A partial type's next run of the same type is the value
// going on (goesOn): the address is read whole.
func TestRecordAddressLines(t *testing.T) {
	s, err := sod.Parse("events.toml", []byte(`
object = "event"
objects = "*"
[tuple.event]
artist = "1"
address = "1"
price = "?"
[entity.artist]
dictionary = "artist"
[entity.address]
predefined = "address"
[entity.price]
predefined = "price"
`))
	if err != nil {
		t.Fatal(err)
	}
	streets := []string{"Walnut Way", "Lamar St.", "SW Broadway St", "Ludlow Dr", "Oak Avenue"}
	cities := []string{"Seattle, WA", "Nashville, TN", "Portland, OR"}
	type rec struct{ artist, venue, street, city, price string }
	recs := func(page, n int) []rec {
		var out []rec
		for j := range n {
			k := page*n + j
			out = append(out, rec{
				artist: fmt.Sprintf("The %c%c Band %d", 'A'+rune(k%26), 'a'+rune(k*7%26), k),
				venue:  fmt.Sprintf("Hall %c%c", 'A'+rune(k*3%26), 'a'+rune(k*5%26)),
				street: fmt.Sprintf("%d %s", 100+k*37%9000, streets[k%len(streets)]),
				city:   fmt.Sprintf("%s %d", cities[k%len(cities)], 98100+k%90),
				price:  fmt.Sprintf("$%d", 10+k%40),
			})
		}
		return out
	}
	render := func(rs []rec) string {
		var b strings.Builder
		b.WriteString(`<html><body><div class="nav"><a href="/">Home</a></div><section class="feed"><h1>Events</h1>`)
		for _, r := range rs {
			fmt.Fprintf(&b, `<article class="ev"><div class="h">%s</div><span class="venue"><a href="/v">%s</a>, <div class="venue"><div>%s</div><div>%s</div></div></span><ul><li>Admission %s</li></ul></article>`, r.artist, r.venue, r.street, r.city, r.price)
		}
		b.WriteString(`</section><div class="foot">About us</div></body></html>`)
		return b.String()
	}
	var sample []*annotate.Page
	for i := range 12 {
		rs := recs(i, 5)
		m := map[string][]string{}
		for j, r := range rs {
			if j%3 == 0 {
				m["artist"] = append(m["artist"], r.artist)
			}
			m["address"] = append(m["address"], r.street)
			if j%3 != 1 {
				m["address"] = append(m["address"], r.city)
			}
			m["price"] = append(m["price"], r.price)
		}
		pg := pagetest.Marked(t, fmt.Sprint(i), render(rs), m)
		for _, a := range pg.Annotations {
			if a.Type == "address" {
				a.Confidence = 0.8 // the recognizer's, for a line of an address
			}
		}
		sample = append(sample, pg)
	}
	w, err := Induce(sample, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	rs := recs(40, 5)
	p, err := annotate.ParsePage([]byte(render(rs)), "p", annotate.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	objs, _ := w.Extract(p)
	if len(objs) != len(rs) {
		t.Fatalf("%d objects, want %d; slots %+v", len(objs), len(rs), w.Slots())
	}
	for j, o := range objs {
		want := rs[j].street + ", " + rs[j].city
		if got := fmt.Sprint(o.Get("address")); got != fmt.Sprint([]string{want}) {
			t.Errorf("record %d: address %s, want %q\ntemplate %s\nslots %+v", j, got, want, w.Template(), w.Slots())
			break
		}
	}
}
