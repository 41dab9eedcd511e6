package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
	"github.com/objectrunner/objectrunner/wrapper/mapping"
)

// TestPluralityAmongKin: a slot's plurality leaves out the types of other
// fields of the same kind, which annotate the very same values.
func TestPluralityAmongKin(t *testing.T) {
	st := mapping.NewSlotStats()
	st.Types["artist"], st.Types["guests"], st.Types["venue"] = 13, 13, 6
	for _, tc := range []struct {
		types, kin []string
		want       bool
	}{
		{[]string{"artist"}, nil, false},                         // tied with guests
		{[]string{"artist"}, []string{"guests"}, true},           // guests is kin
		{[]string{"venue"}, []string{"guests"}, false},           // artist outnumbers it
		{[]string{"artist"}, []string{"venue"}, false},           // venue is no tie; guests is
		{[]string{"artist", "guests"}, nil, true},                // both the field's own
		{[]string{"price"}, []string{"artist", "guests"}, false}, // none of its own
	} {
		if got := st.PluralityAmong(tc.types, tc.kin); got != tc.want {
			t.Errorf("PluralityAmong(%v, kin %v) = %v, want %v", tc.types, tc.kin, got, tc.want)
		}
	}
}

// TestRecordHeadlinerKinPlurality: event records whose headliner (the
// record's heading link) and guests (a row of links) are two fields over
// one artists' dictionary, which knows about a tenth of the names; the
// venues' dictionary knows some band names too. Every annotation of the
// artists' dictionary carries both fields' types, so in the headliner's
// slot the guests' type tied with the headliner's: the slot, below
// GeneraliseThres in share, had no plurality and was no candidate, and
// the headliner took the guests' row (the guests got nothing). The other
// field's type is kin, no rival: the headliner keeps its heading.
func TestRecordHeadlinerKinPlurality(t *testing.T) {
	s, err := sod.Parse("events.toml", []byte(`
object = "event"
objects = "*"
[tuple.event]
artist = "1"
guests = "*"
price = "1"
[entity.artist]
dictionary = "artist"
[entity.guests]
dictionary = "artist"
[entity.price]
predefined = "price"
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		known, ven int // one headliner in known is in the artists' dictionary, one in ven in the venues'
	}{
		{"a tenth known", 10, 20},
		{"an eighth known", 8, 15},
	} {
		t.Run(tc.name, func(t *testing.T) {
			type rec struct {
				artist string
				guests []string
				price  string
			}
			recs := func(page, n int) []rec {
				var out []rec
				for j := range n {
					k := page*n + j
					r := rec{artist: fmt.Sprintf("The %c%c Band %d", 'A'+rune(k%26), 'a'+rune(k*7%26), k), price: fmt.Sprintf("$%d.%02d", 10+k%40, k*13%100)}
					if k%3 != 0 {
						r.guests = append(r.guests, fmt.Sprintf("Guest %c%c %d", 'A'+rune(k*5%26), 'a'+rune(k*3%26), k))
					}
					out = append(out, r)
				}
				return out
			}
			render := func(rs []rec) string {
				var b strings.Builder
				b.WriteString(`<html><body><div class="nav"><a href="/">Home</a></div><div class="list"><h1>Upcoming events</h1><div class="items">`)
				for _, r := range rs {
					g := "Not available"
					if len(r.guests) > 0 {
						var ls []string
						for _, x := range r.guests {
							ls = append(ls, "<a>"+x+"</a>")
						}
						g = strings.Join(ls, "; ")
					}
					fmt.Fprintf(&b, `<div class="listing"><a class="name"><b>%s</b></a><div class="performers">%s</div><div class="price">%s</div></div>`, r.artist, g, r.price)
				}
				b.WriteString(`</div></div><div class="foot">About us</div></body></html>`)
				return b.String()
			}
			var sample []*annotate.Page
			k := 0
			for i := range 20 {
				rs := recs(i, 6)
				m := map[string][]string{}
				for _, r := range rs {
					if k%tc.known == 1 {
						m["artist"] = append(m["artist"], r.artist)
						m["guests"] = append(m["guests"], r.artist)
					} else if k%tc.ven == 2 {
						m["venue"] = append(m["venue"], r.artist)
					}
					for _, g := range r.guests {
						if k%4 != 3 {
							m["artist"] = append(m["artist"], g)
							m["guests"] = append(m["guests"], g)
						}
					}
					k++
					m["price"] = append(m["price"], r.price)
				}
				sample = append(sample, pagetest.Marked(t, fmt.Sprint(i), render(rs), m))
			}
			w, err := Induce(sample, s, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			rs := recs(40, 6)
			p, err := annotate.ParsePage([]byte(render(rs)), "p", annotate.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			objs, _ := w.Extract(p)
			if len(objs) != len(rs) {
				t.Fatalf("%d objects, want %d; slots %+v", len(objs), len(rs), w.Slots())
			}
			for j, o := range objs {
				if got := fmt.Sprint(o.Get("artist"), o.Get("guests")); got != fmt.Sprint([]string{rs[j].artist}, rs[j].guests) {
					t.Errorf("record %d: artist, guests %s, want %q %q\ntemplate %s\nslots %+v", j, got, rs[j].artist, rs[j].guests, w.Template(), w.Slots())
					break
				}
			}
		})
	}
}
