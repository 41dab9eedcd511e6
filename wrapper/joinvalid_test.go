package wrapper

import (
	"fmt"
	"strings"
	"testing"

	"github.com/objectrunner/objectrunner/annotate"
	"github.com/objectrunner/objectrunner/sod"
	"github.com/objectrunner/objectrunner/wrapper/internal/pagetest"
)

// TestRecordJoinedStreetLine: restaurant records whose address is one
// element of two lines ("<span>20 Harbor<br>St. Louis, MO 63199</span>"),
// the street line a slot of its own that reads the next slot's line
// (SlotMap.Join). A street line without a suffix ("20 Harbor", "1972
// Maple", "4898 Tchoupitoulas") is no address alone: it was validated
// alone and dropped, and the record, whose address is mandatory, with
// it. The value is validated once joined (joinUnchecked); an address
// element that holds no address at all still gives no value.
func TestRecordJoinedStreetLine(t *testing.T) {
	s, err := sod.Parse("restaurants.toml", []byte(`
object = "restaurant"
objects = "*"
[tuple.restaurant]
name = "1"
location = "1"
[entity.name]
dictionary = "restaurant"
[entity.location]
predefined = "address"
`))
	if err != nil {
		t.Fatal(err)
	}
	suffixed := []string{"Walnut Way", "Lamar St.", "Ludlow Dr", "Oak Avenue", "Pine Rd"}
	cities := []string{"St. Louis, MO", "Nashville, TN", "Portland, OR"}
	type rec struct{ name, street, city string }
	render := func(rs []rec) string {
		var b strings.Builder
		b.WriteString(`<html><body><div class="nav"><a href="/">Home</a></div><ul class="list">`)
		for _, r := range rs {
			fmt.Fprintf(&b, `<li><h3>%s</h3><span class="addr">%s<br>%s</span><p>Open daily</p></li>`, r.name, r.street, r.city)
		}
		b.WriteString(`</ul><div class="foot">About us</div></body></html>`)
		return b.String()
	}
	var sample []*annotate.Page
	for i := range 12 {
		var rs []rec
		m := map[string][]string{}
		for j := range 5 {
			k := i*5 + j
			r := rec{name: fmt.Sprintf("Bistro %c%c %d", 'A'+rune(k%26), 'a'+rune(k*7%26), k),
				street: fmt.Sprintf("%d %s", 100+k*37%9000, suffixed[k%len(suffixed)]),
				city:   fmt.Sprintf("%s %d", cities[k%len(cities)], 63100+k%90)}
			rs = append(rs, r)
			if j%3 == 0 {
				m["name"] = append(m["name"], r.name)
			}
			m["location"] = append(m["location"], r.street, r.city)
		}
		sample = append(sample, pagetest.Marked(t, fmt.Sprint(i), render(rs), m))
	}
	w, err := Induce(sample, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		street, city string
		want         string // "" when the value is left out
	}{
		{"20 Harbor", "St. Louis, MO 63199", "20 Harbor, St. Louis, MO 63199"},
		{"1972 Maple", "Nashville, TN 37203", "1972 Maple, Nashville, TN 37203"},
		{"4898 Tchoupitoulas", "Portland, OR 97202", "4898 Tchoupitoulas, Portland, OR 97202"},
		{"5999 Martin Luther King Jr.", "St. Louis, MO 63102", "5999 Martin Luther King Jr., St. Louis, MO 63102"},
		{"612 Oak Avenue", "Nashville, TN 37211", "612 Oak Avenue, Nashville, TN 37211"},
		{"Call for the address", "and the hours", ""},
	}
	for _, c := range cases {
		t.Run(c.street, func(t *testing.T) {
			rs := []rec{{"Bistro Zz 1", "401 Pine Rd", "Portland, OR 97209"}, {"Bistro Yy 2", c.street, c.city}, {"Bistro Xx 3", "77 Lamar St.", "St. Louis, MO 63101"}}
			p, err := annotate.ParsePage([]byte(render(rs)), "p", annotate.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			objs, _ := w.Extract(p)
			var got []string
			for _, o := range objs {
				got = append(got, fmt.Sprint(o.Get("location")))
			}
			want := []string{"[401 Pine Rd, Portland, OR 97209]"}
			if c.want != "" {
				want = append(want, fmt.Sprint([]string{c.want}))
			} else {
				want = append(want, "[]")
			}
			want = append(want, "[77 Lamar St., St. Louis, MO 63101]")
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("locations %q, want %q\nslots %+v", got, want, w.Slots())
			}
		})
	}
}
