package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestRecordSetItemsInOwnElements: event records whose supporting acts
// are written in one of two forms: most as one <span> ("The Quiet Kites"
// or "Iron Rivers & Velvet Owls", two acts joined by "&"), some as links,
// one act each, joined by " / " ("<a>Static Kites</a> / <a>Owen Jefferson
// &amp; the Owls</a>"). A dictionary knows some acts of the <span>s and
// none of the links. The records written with links lost their whole set
// (their items' path was no item path: refineSets), and an act whose link
// text holds a learned separator was cut in two. The link form is another
// form of the set (alternativeForms), and an item that is the whole text
// of its own element among others is one item (markupItem): the "&"
// still separates the acts of a <span>.
func TestRecordSetItemsInOwnElements(t *testing.T) {
	s, err := sod.Parse("events.toml", []byte(`
object = "event"
objects = "*"
[tuple.event]
headliner = "1"
acts = "*"
[entity.headliner]
dictionary = "artist"
[entity.acts]
dictionary = "artist"
`))
	if err != nil {
		t.Fatal(err)
	}
	type rec struct {
		head  string
		acts  []string
		links bool
	}
	render := func(rs []rec) string {
		var b strings.Builder
		b.WriteString(`<html><body><div class="nav"><a href="/">Home</a></div><ul class="shows">`)
		for _, r := range rs {
			var acts string
			if r.links {
				var ls []string
				for _, a := range r.acts {
					if strings.Contains(a, "/") {
						// an item holding the separator, in a
						// <span> of its own ("Cajun/Creole")
						ls = append(ls, `<span class="v">`+a+`</span>`)
					} else {
						ls = append(ls, fmt.Sprintf(`<a href="/p/%d">%s</a>`, len(a), strings.ReplaceAll(a, "&", "&amp;")))
					}
				}
				acts = strings.Join(ls, " / ")
			} else {
				sep := " & "
				if len(r.acts) == 3 {
					sep = " / "
				}
				acts = `<span class="p">` + strings.ReplaceAll(strings.Join(r.acts, sep), "&", "&amp;") + `</span>`
			}
			fmt.Fprintf(&b, `<li><h3>%s</h3><div class="acts">feat. %s</div><p>Doors at eight</p></li>`, r.head, acts)
		}
		b.WriteString(`</ul><div class="foot">About us</div></body></html>`)
		return b.String()
	}
	words := []string{"Quiet", "Iron", "Velvet", "Static", "Lucky", "Silver", "Wild", "Broken"}
	nouns := []string{"Kites", "Rivers", "Owls", "Saints", "Comets", "Pilots", "Horses", "Lions"}
	act := func(k int) string { return "The " + words[k%8] + " " + nouns[(k*3+1)%8] + fmt.Sprint(k%5) }
	var sample []*annotate.Page
	for i := range 12 {
		var rs []rec
		m := map[string][]string{}
		for j := range 6 {
			k := i*6 + j
			r := rec{head: fmt.Sprintf("Headliner %c%c %d", 'A'+rune(k%26), 'a'+rune(k*7%26), k)}
			switch {
			case k%4 == 1:
				r.links = true
				for n := range 1 + k%3 {
					if n == 1 {
						r.acts = append(r.acts, fmt.Sprintf("%c%c%s %s & the %s", 'A'+rune(k%26), 'a'+rune(k*5%26), "ven", words[k%8], nouns[k%8]))
					} else {
						r.acts = append(r.acts, act(k+n))
					}
				}
			case k%3 == 0:
				r.acts = []string{act(k), act(k + 7)}
				if k%9 == 0 {
					// acts joined by "/" in one <span>: the sample's
					// "/" separates items there
					r.acts = []string{act(k), act(k + 7), act(k + 2)}
				}
			default:
				r.acts = []string{act(k)}
			}
			rs = append(rs, r)
			if j%2 == 0 {
				m["headliner"] = append(m["headliner"], r.head)
			}
			if !r.links {
				m["acts"] = append(m["acts"], r.acts...)
			}
		}
		sample = append(sample, pagetest.Marked(t, fmt.Sprint(i), render(rs), m))
	}
	w, err := Induce(sample, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		r    rec
		want string
	}{
		{"one span", rec{"Headliner Zz", []string{"The Gentle Harbors"}, false}, "[The Gentle Harbors]"},
		{"two acts in one span", rec{"Headliner Yy", []string{"The Gentle Harbors", "Tender Wolves"}, false}, "[The Gentle Harbors Tender Wolves]"},
		{"links", rec{"Headliner Xx", []string{"Static Kites", "Tender Wolves"}, true}, "[Static Kites Tender Wolves]"},
		{"an element holding the separator", rec{"Headliner Vv", []string{"Static Kites", "Hall/Oates", "Thea Ellery"}, true}, "[Static Kites Hall/Oates Thea Ellery]"},
		{"a link holding the separator", rec{"Headliner Ww", []string{"Static Kites", "Kiran Northcott & the Satellites", "Thea Ellery"}, true}, "[Static Kites Kiran Northcott & the Satellites Thea Ellery]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rs := []rec{{"Headliner Aa", []string{"The Iron Owls"}, false}, c.r}
			p, err := annotate.ParsePage([]byte(render(rs)), "p", annotate.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			objs, _ := w.Extract(p)
			if len(objs) != 2 {
				t.Fatalf("%d objects, want 2", len(objs))
			}
			if got := fmt.Sprint(objs[1].Get("acts")); got != c.want {
				t.Errorf("acts %s, want %s\nslots %+v\ntemplate %s", got, c.want, w.Slots(), w.Template())
			}
		})
	}
}
