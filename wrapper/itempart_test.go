package wrapper

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestRecordLineupRepeatsHeadliner: every event of a list names its
// headliner in a heading, then its whole lineup, headliner first, one name
// a line. The artist dictionary knows most of the names. The heading's
// value is an item of the lineup's value, not a part of one name: the
// headliner keeps the heading, and the supporting acts the lineup
// (the headliner first, as the page writes it).
func TestRecordLineupRepeatsHeadliner(t *testing.T) {
	s, err := sod.Parse("events.toml", []byte(`
object = "event"
objects = "*"
[tuple.event]
headliner = "1"
supporting_acts = "*"
price = "1"
[entity.headliner]
dictionary = "artist"
[entity.supporting_acts]
dictionary = "artist"
[entity.price]
predefined = "price"
`))
	if err != nil {
		t.Fatal(err)
	}
	first := []string{"Foxes", "Ghosts", "Lanterns", "Kites", "Harbors", "Engines", "Rivers", "Wolves", "Comets", "Tigers", "Sparrows"}
	second := []string{"of Saturn", "of the Coast", "of Mercy", "of Memphis", "of the Valley", "of Paris", "of Lima"}
	artist := func(k int) string {
		return fmt.Sprintf("The %s %s", first[k%len(first)], second[k/len(first)%len(second)])
	}
	type rec struct {
		head, price string
		acts        []string
	}
	recs := func(page, n int) []rec {
		var out []rec
		for j := range n {
			k := page*n + j
			r := rec{head: artist(k * 5), price: fmt.Sprintf("$%d", 10+k*7%80)}
			for a := range 1 + k%3 {
				r.acts = append(r.acts, artist(k*5+a+1))
			}
			out = append(out, r)
		}
		return out
	}
	render := func(rs []rec) string {
		var b strings.Builder
		b.WriteString(`<html><body><div class="nav"><a href="/">Home</a></div><div class="grid"><h1>Shows</h1>`)
		for _, r := range rs {
			lines := []string{"<span>" + r.head + "</span>"}
			for _, a := range r.acts {
				lines = append(lines, "<span>"+a+"</span>")
			}
			fmt.Fprintf(&b, `<div class="item"><div class="heading"><a href="/e">%s</a></div><p><span>+ %s</span><br><b>%s</b></p></div>`, r.head, strings.Join(lines, "<br>"), r.price)
		}
		b.WriteString(`</div><div class="foot">About us</div></body></html>`)
		return b.String()
	}
	var sample []*annotate.Page
	for i := range 12 {
		rs := recs(i, 6)
		m := map[string][]string{}
		for _, r := range rs {
			for _, a := range append([]string{r.head}, r.acts...) {
				if len(a)%4 != 0 && !slices.Contains(m["headliner"], a) {
					m["headliner"] = append(m["headliner"], a)
					m["supporting_acts"] = append(m["supporting_acts"], a)
				}
			}
			m["price"] = append(m["price"], r.price)
		}
		sample = append(sample, pagetest.Marked(t, fmt.Sprint(i), render(rs), m))
	}
	w, err := Induce(sample, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if w.Mode() != ModeRecords {
		t.Fatalf("mode %s, want records", w.Mode())
	}
	rs := recs(30, 5)
	p, err := annotate.ParsePage([]byte(render(rs)), "p", annotate.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	objs, _ := w.Extract(p)
	if len(objs) != len(rs) {
		t.Fatalf("%d objects, want %d; slots %+v", len(objs), len(rs), w.Slots())
	}
	for j, o := range objs {
		if got := o.Get("headliner"); !slices.Equal(got, []string{rs[j].head}) {
			t.Errorf("record %d: headliner %q, want %q; slots %+v", j, got, rs[j].head, w.Slots())
		}
		if got, want := o.Get("supporting_acts"), append([]string{rs[j].head}, rs[j].acts...); !slices.Equal(got, want) {
			t.Errorf("record %d: supporting acts %q, want %q", j, got, want)
		}
	}
}
